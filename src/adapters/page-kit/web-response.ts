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

/**
 * The page to return to after logging in or signing up, as a path of this site; null for anything else.
 * `next` is resolved as a browser resolves a Location (WHATWG URL, against PUBLIC_URL), so `//host`,
 * `/\host`, `/<TAB>/host`, `https://host` and `javascript:` all resolve elsewhere and are dropped. The answer is
 * the resolved path, query and fragment, never the text as sent; a path that resolves to `//…` (from
 * `/.//host`) would read as a host again and is dropped too.
 */
export function safeNext(value: string | undefined, publicUrl: string): string | null {
  if (value === undefined || value === '') return null;
  const base = new URL(publicUrl);
  const url = URL.parse(value, publicUrl);
  if (url === null || url.origin !== base.origin || url.pathname.startsWith('//')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
