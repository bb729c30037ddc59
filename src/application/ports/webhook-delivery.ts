import type { Actor } from '../../domain/actor';
import type { WebhookEventType } from '../../domain/webhook';
import type { CommentView } from './comment-views';
import type { NoteView } from './note-views';
import type { UserView } from './user-views';
import { portToken } from './port-token';

/** One attempt to deliver one event to one subscription. */
export interface WebhookMessage {
  url: string;
  /** The subscription's secret, `whsec_` + base64. */
  secret: string;
  /** The event's id: the same on every attempt, so receivers can drop repeats. */
  id: string;
  body: string;
  /** When it is sent (the signed timestamp). */
  at: Date;
}

/** How an attempt ended: a 2xx is delivered; anything else is retried later. */
export type AttemptOutcome =
  | { delivered: true; status: number }
  | { delivered: false; status: number | null; error: string };

/** Posts signed messages to receivers, refusing addresses it must not reach. */
export interface WebhookSender {
  send(message: WebhookMessage): Promise<AttemptOutcome>;
}
export const WEBHOOK_SENDER = portToken<WebhookSender>('WebhookSender');

/** Whether a subscription's URL may be used: null, or the problem with it (scheme, the addresses its name has). */
export interface WebhookUrlCheck {
  problem(url: string): Promise<string | null>;
}
export const WEBHOOK_URL_CHECK = portToken<WebhookUrlCheck>('WebhookUrlCheck');

/** What an event says, as the subscriber's user may read it. */
export type WebhookData =
  | { kind: 'note'; note: NoteView }
  | { kind: 'deleted-note'; id: number }
  | { kind: 'comment'; comment: CommentView }
  | { kind: 'favorite'; note: NoteView; user: UserView }
  | { kind: 'follow'; follower: UserView; user: UserView };

/** Writes an event's body, `{"id", "type", "createdAt", "data"}`, with `data` as the API shows it to `reader`. */
export interface WebhookPayloads {
  body(event: { id: string; type: WebhookEventType; at: Date }, data: WebhookData, reader: Actor): string;
}
export const WEBHOOK_PAYLOADS = portToken<WebhookPayloads>('WebhookPayloads');
