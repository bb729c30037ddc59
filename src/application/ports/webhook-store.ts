import type { Scope } from '../../domain/scopes';
import type { DeletedNoteSnapshot, WebhookEventType, WebhookFilters } from '../../domain/webhook';
import type { Page, PageRequest } from './paging';
import { portToken } from './port-token';

/** A subscription: where a user's application wants to hear of which events. Its secret is never read back. */
export interface WebhookSubscription {
  id: number;
  userId: number;
  /** The application (OAuth client, by its row id) whose token made it. */
  clientId: number;
  url: string;
  events: WebhookEventType[];
  filters: WebhookFilters;
  /**
   * The scopes of the token that made it. Its deliveries show at most what that token would be shown, and only as
   * far as its user's grant to the application (the live tokens' scopes together) still allows (docs/events.md, Webhooks).
   */
  scopes: Scope[];
  createdAt: Date;
}

export interface NewWebhookSubscription extends Omit<WebhookSubscription, 'id'> {
  /** `whsec_` + base64: what deliveries are signed with. */
  secret: string;
}

/** One attempt to deliver one event to one subscription, as the delivery log shows it. */
export interface WebhookAttemptRecord {
  eventId: string;
  type: WebhookEventType;
  /** 1 for the first attempt of a delivery, 2 for its first retry… */
  attempt: number;
  /** The receiver's HTTP status, or null when it gave none (refused, unreachable, timed out). */
  status: number | null;
  /** Why it failed; null when delivered. */
  error: string | null;
  at: Date;
}

/** Whose a subscription is: a user, and the application (OAuth client, by its row id) that subscribed for them. */
export interface WebhookOwner {
  userId: number;
  clientId: number;
}

/** The key of an owner in the maps the ports answer. */
export function ownerKey({ userId, clientId }: WebhookOwner): string {
  return `${userId}:${clientId}`;
}

/** Subscriptions, and the log of their deliveries. */
export interface WebhookSubscriptions {
  create(subscription: NewWebhookSubscription): Promise<WebhookSubscription>;
  get(id: number): Promise<WebhookSubscription | null>;
  /** Those of one user and application, oldest first. */
  ofUserAndClient(userId: number, clientId: number): Promise<WebhookSubscription[]>;
  /** Those made through these applications (by any of their users), oldest first. */
  ofClients(clientIds: readonly number[]): Promise<WebhookSubscription[]>;
  /** Whether it existed. Its pending deliveries go with it. */
  delete(id: number): Promise<boolean>;
  /** Deletes those of one user and application (the user took the application's access back); returns how many. */
  deleteOfUserAndClient(userId: number, clientId: number): Promise<number>;
  /**
   * The grant each owner's subscriptions live by, at `now`: every scope of the user's live (unrevoked, unexpired)
   * access and refresh tokens of that application together, as stored (not expanded), by `ownerKey`. An owner with no
   * live token left is absent: its grant has lapsed.
   */
  grants(owners: readonly WebhookOwner[], now: Date): Promise<Map<string, Scope[]>>;
  /**
   * Deletes the subscriptions whose grant has lapsed at `now` (no live access or refresh token of their user and
   * application is left), as `delete` does, among those of `owners` or, without them, among all; returns how many.
   */
  deleteLapsed(now: Date, owners?: readonly WebhookOwner[]): Promise<number>;
  /** The latest `limit` attempts of a subscription's deliveries, newest first. */
  attempts(subscriptionId: number, limit: number): Promise<WebhookAttemptRecord[]>;
  /** One page of a subscription's attempts, newest first, with how many its log holds. */
  attemptPage(subscriptionId: number, page: PageRequest): Promise<Page<WebhookAttemptRecord>>;
  /** `attempts` of several subscriptions at once (one read), by subscription id; one without any is absent. */
  latestAttempts(subscriptionIds: readonly number[], each: number): Promise<Map<number, WebhookAttemptRecord[]>>;
}
export const WEBHOOK_SUBSCRIPTIONS = portToken<WebhookSubscriptions>('WebhookSubscriptions');

/** An event of the outbox, written in the transaction of the write that caused it. */
export type WebhookEvent = { id: string; at: Date } & (
  | { type: 'note.created' | 'note.updated'; noteId: number }
  | { type: 'note.deleted'; noteId: number; note: DeletedNoteSnapshot }
  | { type: 'comment.created'; noteId: number; commentId: number }
  | { type: 'note.favorited'; noteId: number; userId: number }
  | { type: 'user.followed'; followerId: number; followedId: number }
);

/** What fan-out decided for one event: the body each subscription that hears of it gets. */
export interface NewDelivery {
  eventId: string;
  subscriptionId: number;
  body: string;
  /**
   * The scopes the body was written for (expanded): it is sent only while the grant still holds them all. Absent:
   * `read` alone.
   */
  scopes?: Scope[];
}

/** A delivery whose turn has come, leased to this worker until it reports. */
export interface DueDelivery {
  id: string;
  eventId: string;
  subscriptionId: number;
  /** The subscription's user and application: the grant the delivery lives by. */
  userId: number;
  clientId: number;
  /** The scopes its body was written for. */
  scopes: Scope[];
  url: string;
  secret: string;
  body: string;
  /** This attempt's number (1 for the first). */
  attempt: number;
  /** When the event happened: retries stop 24 hours after it. */
  eventAt: Date;
}

/** How an attempt ended, and what follows: nothing (delivered or given up) or another attempt at `nextAt`. */
export interface AttemptReport {
  attempt: number;
  status: number | null;
  error: string | null;
  at: Date;
  next: { state: 'delivered' } | { state: 'failed' } | { state: 'pending'; nextAt: Date };
}

/**
 * The outbox and the deliveries, shared by every instance: each event is fanned out once, and each delivery is
 * attempted by one worker at a time (a lease), however many instances run.
 */
export interface WebhookOutbox {
  /**
   * Takes up to `limit` events not fanned out yet (events another worker holds are skipped), with the subscriptions
   * that want each one's type; `fanOut` says which deliveries to make, and they are stored and the events marked done
   * together, due at `now`. Returns how many events it took.
   */
  fanOut(
    now: Date,
    limit: number,
    fanOut: (events: { event: WebhookEvent; subscriptions: WebhookSubscription[] }[]) => Promise<NewDelivery[]>,
  ): Promise<number>;
  /**
   * Leases up to `limit` pending deliveries due by `now` (and not leased to another worker) for `leaseMs`, counting
   * the attempt; the lease is stored before they are returned, so a worker that dies mid-send leaves them to be
   * tried again when it ends.
   */
  claimDue(now: Date, limit: number, leaseMs: number): Promise<DueDelivery[]>;
  /** Logs the attempt and ends the lease: delivered, given up, or due again at `nextAt`. */
  report(deliveryId: string, report: AttemptReport): Promise<void>;
  /** `report` for several deliveries at once (one write). */
  reportMany(reports: readonly { deliveryId: string; report: AttemptReport }[]): Promise<void>;
  /**
   * Drops leased deliveries unsent, with no attempt logged (their subscription's grant no longer allows what their
   * body shows); the attempts already logged stay.
   */
  drop(deliveryIds: readonly string[]): Promise<void>;
  /** Deletes the events (their deliveries and attempts with them) older than `before`; returns how many. */
  purge(before: Date): Promise<number>;
  /**
   * Calls `listener` soon after an event is written (maybe by another instance) to an outbox with nothing else
   * waiting: a worker with events in hand needs no call, and looks again by itself. Returns the unsubscribe.
   */
  onEvent(listener: () => void): () => void;
}
export const WEBHOOK_OUTBOX = portToken<WebhookOutbox>('WebhookOutbox');
