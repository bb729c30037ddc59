import type { SessionUser } from '../../application/accounts/find-session-user';
import type { NotePage } from '../../application/ports/note-views';
import { html, type Html } from '../page-kit/html';
import { noteItem } from './components/notes';
import { mapElement, publicLayout } from './components/public-layout';
import type { Site } from './components/site';

export interface ExplorePageInput {
  user: SessionUser | null;
  q: string;
  /** The newest public notes (matching `q`), listed for visitors without JavaScript. */
  notes: NotePage;
}

/**
 * `/`: a map of public notes across the window, which loads the notes in view from the API as it moves
 * (explore.js); a search box; "near me" when the browser can tell where it is. The newest notes are listed
 * as text below, so the page works without JavaScript.
 */
export function explorePage(site: Site, input: ExplorePageInput): Html {
  const searching = input.q !== '';
  const body = html`<div class="explore">
<h1>Explore${searching ? html` notes matching “${input.q}”` : ' the map of notes'}</h1>
<form id="search" class="search" method="get" action="/" role="search">
<div class="field"><label for="q">Search notes</label><input id="q" name="q" type="search" value="${input.q}" maxlength="500"></div>
<button type="submit">Search</button>
<button type="button" id="near-me" class="secondary" hidden>Near me</button>
</form>
<p id="map-status" class="status" role="status" aria-live="polite"></p>
${mapElement(site, 'Map of public notes')}
<section aria-labelledby="latest-heading">
<h2 id="latest-heading">${searching ? 'Best matches' : 'Newest notes'}</h2>
${input.notes.items.length === 0 ? html`<p>No notes found.</p>` : html`<ul class="notes">${input.notes.items.map((note) => noteItem(note))}</ul>`}
</section>
</div>`;
  return publicLayout(site, {
    head: {
      title: searching ? `Notes matching “${input.q}”` : 'Explore',
      description: 'Notes people left at places around the world: explore them on a map.',
      path: searching ? `/?q=${encodeURIComponent(input.q)}` : '/',
      api: searching ? `/v2/notes?q=${encodeURIComponent(input.q)}` : '/v2/notes',
      jsonLd: { '@context': 'https://schema.org', '@type': 'WebSite', name: 'Place Notes', url: site.publicUrl },
      noindex: searching,
    },
    user: input.user,
    body,
    script: 'explore',
    wide: true,
  });
}
