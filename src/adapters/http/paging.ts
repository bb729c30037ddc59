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
  const { path, query } = splitTarget(request.url);
  // The router reads a query after `#` too; in a link it would start a fragment.
  const kept = query.split('&').filter((pair) => keepPair(pair)).map((pair) => pair.replaceAll('#', '%23'));
  kept.push(`offset=${nextOffset}`, `limit=${page.limit}`);
  // base64url needs no escaping in a query string.
  if (cursor !== undefined) kept.push(`cursor=${cursor}`);
  return `${path}?${kept.join('&')}`;
}

// An absolute-form request target (`http://host/v2/notes`): the origin is not part of the path.
const ORIGIN = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*/u;
// Escapes of unreserved characters (RFC 3986 §2.3) mean the same as the characters: `/%762/notes` is `/v2/notes`.
const UNRESERVED_ESCAPE = /%(2[DEde]|3[0-9]|4[1-9A-Fa-f]|5[0-9Aa]|5[Ff]|6[1-9A-Fa-f]|7[0-9Aa]|7[Ee])/gu;

/**
 * The path and query of a request target as the router read them: the query starts at the first `?` or `#`,
 * an absolute form's origin is dropped, and escaped unreserved characters are written plainly, so the next
 * page's path starts with `/v2` however the client spelled it.
 */
function splitTarget(url: string): { path: string; query: string } {
  const local = url.startsWith('/') ? url : url.replace(ORIGIN, '');
  const queryAt = local.search(/[?#]/u);
  const rawPath = queryAt === -1 ? local : local.slice(0, queryAt);
  const path = rawPath.replace(UNRESERVED_ESCAPE, (escape) => String.fromCharCode(parseInt(escape.slice(1), 16)));
  return { path: path === '' ? '/' : path, query: queryAt === -1 ? '' : local.slice(queryAt + 1) };
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
