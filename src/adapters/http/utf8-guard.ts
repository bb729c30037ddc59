import type { FastifyInstance } from 'fastify';
import { DomainError } from '../../domain/domain-error';

/**
 * Refuses a URL whose path or query does not percent-decode to UTF-8. Fastify's query parser keeps
 * a bad escape as text and throwing from a custom one crashed the process (Fastify 5), so the
 * raw URL is checked here, before a handler reads it.
 */
export function registerUtf8Guard(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const url = request.raw.url ?? '/';
    const problem = urlProblem(url);
    if (problem) throw new DomainError('invalid', problem);
    refuseNul(url);
    done();
  });
}

/**
 * U+0000 is valid UTF-8 but PostgreSQL text cannot hold it (a query with it fails): a path with `%00`
 * names nothing (404), a query string with it is refused (400). After `urlProblem`, `%00` is its only form.
 */
function refuseNul(rawUrl: string): void {
  if (!rawUrl.includes('%')) return;
  const queryAt = rawUrl.indexOf('?');
  const path = queryAt === -1 ? rawUrl : rawUrl.slice(0, queryAt);
  if (/%00/.test(path)) throw new DomainError('not_found', 'the path names nothing (it has a NUL character)');
  if (queryAt !== -1 && /%00/.test(rawUrl.slice(queryAt + 1))) throw new DomainError('invalid', 'the query string has a NUL character (%00)');
}

/** Why a raw request target is not percent-encoded UTF-8, or undefined when it is. */
export function urlProblem(rawUrl: string): string | undefined {
  // Raw bytes above 0x7F reach us (as latin1 characters) only from a lenient parser; even when they
  // are UTF-8 the router would read them as latin1, so any raw non-ASCII byte is refused.
  if (/[^\x20-\x7e]/.test(rawUrl)) return 'the URL has raw bytes that are not printable ASCII: percent-encode them as UTF-8';
  // Without an escape there is nothing to decode.
  if (!rawUrl.includes('%')) return undefined;
  const queryAt = rawUrl.indexOf('?');
  const path = queryAt === -1 ? rawUrl : rawUrl.slice(0, queryAt);
  if (!decodes(path)) return 'the URL path has a percent-escape that is not UTF-8';
  if (queryAt !== -1 && !decodes(rawUrl.slice(queryAt + 1))) return 'the query string has a percent-escape that is not UTF-8';
  return undefined;
}

// decodeURIComponent is a strict UTF-8 decoder: stray bytes, overlong forms and surrogates throw.
function decodes(text: string): boolean {
  try {
    decodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}
