import type { FastifyReply } from 'fastify';
import { renderHtml, type Html } from '../page-kit/html';
import { tileOrigin, type Site } from './components/site';

/**
 * The content security policy of the public pages: scripts, styles and data from our own origin only; images
 * from our origin and the tile server, and `data:` (Leaflet points a tile it drops at a blank data: image to
 * cancel its download); no framing, no plugins, forms posted only here.
 */
export function publicPagePolicy(site: Site): string {
  let policy = policies.get(site);
  if (policy === undefined) {
    policy = pagePolicy(site);
    policies.set(site, policy);
  }
  return policy;
}

// The policy depends only on the site's settings: built once per site, not on every page (parsing the tile URL
// took about 2 % of a note page's CPU).
const policies = new WeakMap<Site, string>();

function pagePolicy(site: Site): string {
  return [
    "default-src 'none'", "script-src 'self'", "style-src 'self'", `img-src 'self' ${tileOrigin(site.tiles.url)} data:`,
    "connect-src 'self'", "base-uri 'none'", "form-action 'self'", "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Sends a public page. A page shown to a signed-in member holds their own view (and a CSRF token), so no cache
 * keeps it (`private, no-store`); an anonymous page is the same for everyone but counts a view, so caches
 * revalidate it (`no-cache`). Either way it varies with the session cookie.
 */
export function sendPublicPage(reply: FastifyReply, site: Site, signedIn: boolean, status: number, page: Html): FastifyReply {
  return reply.headers({
    'cache-control': signedIn ? 'private, no-store' : 'public, no-cache',
    vary: 'Cookie',
    'content-security-policy': publicPagePolicy(site),
    'referrer-policy': 'strict-origin-when-cross-origin',
  }).code(status).type('text/html; charset=utf-8').send(renderHtml(page));
}
