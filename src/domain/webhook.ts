import { DomainError, type FieldProblem } from './domain-error';
import type { BoundingBox, Circle } from './geo';
import { parseAreaParameters } from './note-query';

/** What a subscription may hear of (docs/decisions.md, Events). */
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
