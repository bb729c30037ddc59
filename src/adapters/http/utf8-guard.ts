import type { FastifyInstance } from 'fastify';
import { DomainError } from '../../domain/domain-error';

/**
 * Refuses a URL whose path or query does not percent-decode to UTF-8. Fastify's query parser keeps
 * a bad escape as text and throwing from a custom one crashed the process (STACK-NOTES), so the
 * raw URL is checked here, before a handler reads it.
 */
export function registerUtf8Guard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const problem = urlProblem(request.raw.url ?? '/');
    if (problem) throw new DomainError('invalid', problem);
  });
}

/** Why a raw request target is not percent-encoded UTF-8, or undefined when it is. */
export function urlProblem(rawUrl: string): string | undefined {
  // Raw bytes above 0x7F reach us (as latin1 characters) only from a lenient parser; even when they
  // are UTF-8 the router would read them as latin1, so any raw non-ASCII byte is refused.
  if (/[^\x20-\x7e]/.test(rawUrl)) return 'the URL has raw bytes that are not printable ASCII: percent-encode them as UTF-8';
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
