import { DomainError, type FieldProblem } from './domain-error';
import { areaContains, type BoundingBox, type Circle, type LatLon } from './geo';
import { parseAreaParameters } from './note-query';
import { expandScopes, type Scope } from './scopes';
import { canRead, type Visibility } from './visibility';

/** What a subscription may hear of (docs/events.md, Event types and payloads). */
export const WEBHOOK_EVENT_TYPES = ['note.created', 'note.updated', 'note.deleted', 'comment.created', 'note.favorited', 'user.followed'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Which notes a subscription hears of: every filter given must hold (an area, a notemap, an author). */
export interface WebhookFilters {
  bbox?: BoundingBox;
  near?: Circle;
  notemapId?: number;
  authorId?: number;
}

/** The fields of a new subscription as a client sends them (`author` still a name or an id). */
export interface WebhookFields {
  url?: unknown;
  events?: unknown;
  bbox?: string;
  near?: string;
  radius?: number;
  notemap_id?: unknown;
}

const isEventType = (value: unknown): value is WebhookEventType => WEBHOOK_EVENT_TYPES.includes(value as WebhookEventType);
const MAX_ID = 2_147_483_647;

/**
 * The events and filters of a new subscription; every bad field is named in one `invalid` error. The URL's own
 * checks (scheme, the addresses it resolves to) are the webhook adapter's; here it only has to be text.
 */
export function parseWebhookFields(fields: WebhookFields): { url: string; events: WebhookEventType[]; filters: Omit<WebhookFilters, 'authorId'> } {
  const problems: FieldProblem[] = [];
  const problem = (name: string, text: string) => { problems.push({ name, problem: text }); };
  const url = typeof fields.url === 'string' ? fields.url.trim() : '';
  if (url === '') problem('url', 'is required: the https:// URL to post events to');
  const events = Array.isArray(fields.events) ? fields.events : [];
  if (events.length === 0) problem('events', `must list one or more of ${WEBHOOK_EVENT_TYPES.join(', ')}`);
  else if (!events.every(isEventType)) problem('events', `may only hold ${WEBHOOK_EVENT_TYPES.join(', ')}`);
  const filters: Omit<WebhookFilters, 'authorId'> = { ...parseAreaParameters(fields, problem) };
  if (fields.notemap_id !== undefined) {
    const id = Number(fields.notemap_id);
    if (!Number.isInteger(id) || id < 1 || id > MAX_ID) problem('notemap_id', 'must be the id of a notemap');
    else filters.notemapId = id;
  }
  if (problems.length > 0) throw DomainError.invalid(problems);
  return { url, events: [...new Set(events as WebhookEventType[])], filters };
}

/** What a deleted note was, kept with its `note.deleted` event to decide who may hear of it. */
export interface DeletedNoteSnapshot {
  authorId: number;
  visibility: Visibility;
  recipientIds: number[];
  notemapIds: number[];
  /** Where the note was, and where everyone but its author saw it (its location precision's cell). */
  position: LatLon;
  publicPosition: LatLon;
}

/** Who a subscription listens for: its user, and whether its deliveries may show non-public notes (`readall`, docs/events.md). */
export interface WebhookListener {
  userId: number;
  readsAll: boolean;
  /** The users a block stands between the listener and: it hears nothing of their notes. */
  apart: ReadonlySet<number>;
}

/**
 * Whether a subscription hears of a deleted note: its user could read it (with `readall` or without it, as its
 * deliveries are written now), and it matched the filters, positions being the ones that user saw.
 */
export function hearsOfDeletedNote(note: DeletedNoteSnapshot, listener: WebhookListener, filters: WebhookFilters): boolean {
  if (!canRead(note, { readerId: listener.readsAll ? listener.userId : null, apart: listener.apart })) return false;
  if (filters.authorId !== undefined && filters.authorId !== note.authorId) return false;
  if (filters.notemapId !== undefined && !note.notemapIds.includes(filters.notemapId)) return false;
  const position = note.authorId === listener.userId ? note.position : note.publicPosition;
  if (filters.bbox !== undefined && !areaContains(filters.bbox, position)) return false;
  if (filters.near !== undefined && !areaContains(filters.near, position)) return false;
  return true;
}

/** After a failed attempt, how long until the next: about 5 s, 30 s, 2 min, 15 min, 1 h, then every hour. */
const RETRY_DELAYS_MS = [5_000, 30_000, 120_000, 900_000, 3_600_000];
const HOURLY_MS = 3_600_000;
/** Retries stop this long after the event: the delivery has failed. */
export const WEBHOOK_GIVE_UP_AFTER_MS = 24 * HOURLY_MS;

/**
 * When to try again after the `attempts`-th attempt failed, or null when the next would fall more than 24 hours
 * after the event (`since`): the delivery is given up.
 */
export function nextAttemptAt(since: Date, attempts: number, failedAt: Date): Date | null {
  const delay = RETRY_DELAYS_MS[attempts - 1] ?? HOURLY_MS;
  const next = new Date(failedAt.getTime() + delay);
  return next.getTime() - since.getTime() > WEBHOOK_GIVE_UP_AFTER_MS ? null : next;
}

/** An event's public id (the body's `id`, the `webhook-id` header) from its serial number in the outbox. */
export function webhookEventId(serial: string): string {
  return `evt_${serial}`;
}

/** Whether a note, where the subscriber's user sees it, is in a subscription's area and by its author (the notemap filter aside). */
export function noteInFilters(note: { authorId: number; location: LatLon }, filters: WebhookFilters): boolean {
  if (filters.authorId !== undefined && filters.authorId !== note.authorId) return false;
  if (filters.bbox !== undefined && !areaContains(filters.bbox, note.location)) return false;
  if (filters.near !== undefined && !areaContains(filters.near, note.location)) return false;
  return true;
}

/**
 * The scopes a subscription's deliveries are written with now (docs/events.md, Webhooks): those of the token that subscribed, as
 * far as its user's grant to the application (every scope of their live tokens together) still holds them. Expanded.
 */
export function deliveryScopes(subscribedWith: Iterable<Scope>, grant: Iterable<Scope>): Scope[] {
  const granted = expandScopes(grant);
  return [...expandScopes(subscribedWith)].filter((scope) => granted.has(scope));
}

/** Whether a body written for `writtenFor` may still be sent under a grant holding `grant` (it holds them all). */
export function grantAllows(grant: Iterable<Scope>, writtenFor: Iterable<Scope>): boolean {
  const granted = expandScopes(grant);
  return [...expandScopes(writtenFor)].every((scope) => granted.has(scope));
}
