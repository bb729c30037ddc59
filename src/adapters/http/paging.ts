import { Type } from 'typebox';
import type { Page, PageRequest } from '../../application/ports/paging';
import { list, type ListBody } from './envelope';

export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 100;
// Deep offsets cost a scan each (OFFSET 990,000 takes about 200 ms on PostgreSQL): cap them.
export const MAX_OFFSET = 1_000_000;

/** `offset` and `limit`, to spread into a route's querystring schema: `Type.Object({ ...PagingQuery, q })`. */
export const PagingQuery = {
  offset: Type.Integer({ minimum: 0, maximum: MAX_OFFSET, default: 0, description: 'Items to skip.' }),
  limit: Type.Integer({ minimum: 1, maximum: MAX_LIMIT, default: DEFAULT_LIMIT, description: 'Items per page (at most 100).' }),
};

/** The validated query as a page request (the defaults repeat the schema's for callers that skip validation). */
export function toPageRequest(query: { offset?: number; limit?: number }): PageRequest {
  return { offset: query.offset ?? 0, limit: query.limit ?? DEFAULT_LIMIT };
}

// Paging parameters are rewritten; the token must never be printed into a URL.
const DROPPED = new Set(['offset', 'limit', 'cursor', 'access_token']);

/**
 * The path of the next page: the request's path as it arrived, its other query parameters
 * byte for byte, then `offset` advanced past the `returned` items (a page may end early, as comment
 * pages do at 4 MiB of text) and `limit` kept, then the `cursor` of the page's last item when the list
 * pages by keyset (lists of notes); null on the last page.
 */
export function nextUrl(request: { url: string }, page: PageRequest, total: number, returned = page.limit, cursor?: string): string | null {
  const nextOffset = page.offset + returned;
  // Past MAX_OFFSET the link would only earn a 400; a page that returned nothing has no next one.
  if (returned <= 0 || nextOffset >= total || nextOffset > MAX_OFFSET) return null;
  const queryAt = request.url.indexOf('?');
  const path = queryAt === -1 ? request.url : request.url.slice(0, queryAt);
  const kept = queryAt === -1 ? [] : request.url.slice(queryAt + 1).split('&').filter((pair) => keepPair(pair));
  kept.push(`offset=${nextOffset}`, `limit=${page.limit}`);
  // base64url needs no escaping in a query string.
  if (cursor !== undefined) kept.push(`cursor=${cursor}`);
  return `${path}?${kept.join('&')}`;
}

function keepPair(pair: string): boolean {
  if (pair === '') return false;
  const equals = pair.indexOf('=');
  const rawName = equals === -1 ? pair : pair.slice(0, equals);
  return !DROPPED.has(decodeName(rawName));
}

// `access%5Ftoken` is still the token; a name that will not decode cannot be one of ours.
function decodeName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

/** The list envelope of one page: its items presented, the list's total, and the next page's path. */
export function pageBody<V, T>(request: { url: string }, page: PageRequest, result: Page<V>, present: (item: V) => T): ListBody<T> {
  return list(result.items.map(present), result.total, nextUrl(request, page, result.total, result.items.length));
}
