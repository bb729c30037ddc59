import type { SessionUser } from '../../application/accounts/find-session-user';
import { html, type Html } from '../page-kit/html';
import { publicLayout } from './components/public-layout';
import type { Site } from './components/site';

/**
 * The one page for anything that is not there for this visitor: an unknown path, an id that does not exist,
 * and content the visitor may not read alike, so that a 404 tells nothing about what exists.
 */
export function notFoundPage(site: Site, user: SessionUser | null, path: string): Html {
  return publicLayout(site, {
    head: { title: 'Not found', description: 'There is no page here.', path, noindex: true },
    user,
    body: html`<h1>Not found</h1>
<p>There is no page at this address, or it is not shown to you${user === null ? html` (<a href="/login?next=${encodeURIComponent(path)}">log in</a> to see what is shared with you)` : ''}.</p>
<p><a href="/">Explore the map of notes</a>.</p>`,
  });
}
