import type { SessionUser } from '../../application/accounts/find-session-user';
import type { NotePage, UserSummaryView } from '../../application/ports/note-views';
import type { NotemapView } from '../../application/ports/notemap-views';
import { html, type Html } from '../page-kit/html';
import { csrfField } from '../page-kit/layout';
import { noteList, pager, plural, timeOf, userLink } from './components/notes';
import { publicLayout } from './components/public-layout';
import { absolute, type Site } from './components/site';

export interface NotemapPageInput {
  notemap: NotemapView;
  authors: UserSummaryView[];
  notes: NotePage;
  page: number;
  perPage: number;
  user: SessionUser | null;
  csrf: string | null;
}

/** `/notemaps/:id`: its name, description, creator and authors, and the notes it holds that the visitor may read, on a map. */
export function notemapPage(site: Site, input: NotemapPageInput): Html {
  const { notemap } = input;
  const path = `/notemaps/${notemap.id}`;
  const image = notemap.image === null ? null : absolute(site, `/images/${notemap.image.key}`);
  const following = notemap.viewer.isFollowing;
  const body = html`<h1>${notemap.name}</h1>
<p class="byline">a notemap by ${userLink(notemap.owner)} · ${timeOf(notemap.createdAt)}${notemap.lastNoteAddedAt === null ? '' : html` · last note added ${timeOf(notemap.lastNoteAddedAt)}`}</p>
${notemap.description ? html`<p class="message">${notemap.description}</p>` : ''}
<ul class="counts" aria-label="Counts">
<li>${plural(notemap.counts.notes, 'note')}</li><li>${plural(notemap.counts.authors, 'author')}</li><li>${plural(notemap.counts.followers, 'follower')}</li>
</ul>
${input.user === null || input.csrf === null ? '' : html`<form class="inline-form" method="post" action="${path}/${following ? 'unfollow' : 'follow'}">${csrfField(input.csrf)}
<button type="submit" class="secondary" aria-pressed="${following ? 'true' : 'false'}">${following ? 'Following (stop)' : 'Follow this notemap'}</button></form>`}
${input.authors.length === 0 ? '' : html`<h2>Authors</h2><p>${input.authors.map((author, i) => html`${i > 0 ? ', ' : ''}${userLink(author)}`)}</p>`}
<h2>Notes</h2>
${noteList(site, input.notes.items, `Map of the notes of “${notemap.name}”`, 'This notemap holds no note you can see.')}
${pager(path, input.page, input.perPage, input.notes.total)}`;
  return publicLayout(site, {
    head: {
      title: notemap.name,
      description: notemap.description ?? `A notemap of ${plural(notemap.counts.notes, 'note')} on Place Notes.`,
      path: input.page > 1 ? `${path}?page=${input.page}` : path,
      api: `/v2/notemaps/${notemap.id}`,
      image,
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': 'Collection',
        name: notemap.name,
        url: absolute(site, path),
        ...(notemap.description ? { description: notemap.description } : {}),
        creator: { '@type': 'Person', name: notemap.owner.name ?? notemap.owner.username },
        collectionSize: notemap.counts.notes,
      },
    },
    user: input.user,
    body,
    script: input.notes.items.length > 0 ? 'notes-map' : null,
  });
}
