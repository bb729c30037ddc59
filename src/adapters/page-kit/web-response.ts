import type { FastifyReply } from 'fastify';
import { renderHtml, type Html } from './html';

/**
 * Headers of every account and authorization page: never cached or framed (RFC 9700: the consent page
 * must not be clickjacked), no referrer that could carry a code or state to another site.
 */
export function pageHeaders(reply: FastifyReply): FastifyReply {
  return reply.headers({
    'cache-control': 'no-store',
    pragma: 'no-cache',
    'referrer-policy': 'no-referrer',
    'content-security-policy': "default-src 'none'; style-src 'self'; img-src 'self'; base-uri 'none'; frame-ancestors 'none'",
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
  });
}

export function sendPage(reply: FastifyReply, status: number, page: Html): FastifyReply {
  return pageHeaders(reply).code(status).type('text/html; charset=utf-8').send(renderHtml(page));
}

/** After a form POST, always 303 (RFC 9700 §4.11): the browser follows with a GET and never re-posts. */
export function seeOther(reply: FastifyReply, location: string): FastifyReply {
  return pageHeaders(reply).redirect(location, 303);
}

/** A local path to return to after logging in; anything else (another origin, `//host`) is dropped. */
export function safeNext(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}
