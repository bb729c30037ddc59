import type { SessionUser } from '../../application/accounts/find-session-user';
import type { CommentView } from '../../application/ports/comment-views';
import type { NotePageView } from '../../application/notes/read-note-page';
import { displayAddress } from '../../domain/location';
import { noteTitle } from '../../domain/note';
import { shorten } from '../../domain/text';
import { html, type Html } from '../page-kit/html';
import { csrfField } from '../page-kit/layout';
import { coordinates, notesMap, pager, plural, tagPath, timeOf, userLink, visibilityLabel } from './components/notes';
import { publicLayout } from './components/public-layout';
import { absolute, type Site } from './components/site';

export interface NotePageInput {
  view: NotePageView;
  user: SessionUser | null;
  /** The page of comments shown (1-based) and how many a page holds. */
  commentsPage: number;
  commentsPerPage: number;
  /** A CSRF token for the page's forms; null for anonymous visitors, who see no form. */
  csrf: string | null;
  /** What is wrong with a comment just sent, and its text, to show the form again. */
  commentProblem?: { text: string; problem: string } | null;
}

/** `/notes/:id`: the note, its place on a map, its tags, counts and comments (oldest first), and what a member may do. */
export function notePage(site: Site, input: NotePageInput): Html {
  const { note, comments, tags } = input.view;
  const title = noteTitle(note);
  const address = displayAddress(note.location);
  const path = `/notes/${note.id}`;
  const image = note.image === null ? null : absolute(site, `/images/${note.image.key}`);
  const body = html`<article>
<h1>${title}</h1>
<p class="byline">by ${userLink(note.author)} · ${timeOf(note.createdAt)}${note.updatedAt > note.createdAt ? html` (edited ${timeOf(note.updatedAt)})` : ''}${
    note.visibility === 'public' ? '' : html` · <strong>${visibilityLabel(note.visibility)}</strong>`}</p>
${note.image === null ? '' : html`<img class="note-image" src="/images/${note.image.key}" width="${note.image.width}" height="${note.image.height}" alt="The image of the note “${title}”">`}
<p class="message" id="message">${note.message}</p>
<p class="meta" id="address">${address === '' ? '' : html`${address} · `}<span id="coordinates">${coordinates(note.location.latitude, note.location.longitude)}</span>${
    note.place === null ? '' : html` · <a href="/places/${note.place.id}">More notes about ${note.place.name}</a>`}</p>
${notesMap(site, [note], `Map of the note “${title}”`)}
${tags.length === 0 ? '' : html`<h2 id="tags-heading">Tags</h2><ul class="tags" aria-labelledby="tags-heading">${tags.map((tag) => html`<li><a href="${tagPath(tag)}">#${tag}</a></li>`)}</ul>`}
<ul class="counts" aria-label="Counts">
<li>${plural(note.counts.comments, 'comment')}</li><li>${plural(note.counts.favoriters, 'favorite')}</li>
<li>${plural(note.counts.finders, 'person', 'people')} found it</li><li>${plural(note.publicViewsCount, 'view')}</li>
<li>in ${plural(note.counts.notemaps, 'notemap')}</li>
</ul>
${input.user === null || input.csrf === null ? '' : favoriteForm(note.id, note.viewer.isFavorited, input.csrf)}
</article>
<section aria-labelledby="comments-heading">
<h2 id="comments-heading">Comments</h2>
${comments.items.length === 0 ? html`<p>No comments yet.</p>` : html`<ol class="comments">${comments.items.map(commentItem)}</ol>`}
${pager(path, input.commentsPage, input.commentsPerPage, comments.total)}
${commentForm(note.id, input)}
</section>`;
  return publicLayout(site, {
    head: {
      title,
      description: shorten(`${note.message}${address === '' ? '' : ` (${address})`}`, 160),
      path: input.commentsPage > 1 ? `${path}?page=${input.commentsPage}` : path,
      api: `/v2/notes/${note.id}`,
      ogType: 'article',
      image,
      jsonLd: noteJsonLd(site, input.view, title, address, image),
      noindex: note.visibility !== 'public',
    },
    user: input.user,
    body,
    script: 'notes-map',
  });
}

function commentItem(comment: CommentView): Html {
  return html`<li id="comment-${comment.id}">
<p class="meta">${userLink(comment.author)} · ${timeOf(comment.createdAt)}</p>
${comment.title === null ? '' : html`<p><strong>${comment.title}</strong></p>`}
<p>${comment.comment}</p>
</li>`;
}

function commentForm(noteId: number, input: NotePageInput): Html {
  if (input.user === null || input.csrf === null) {
    return html`<p><a href="/login?next=${encodeURIComponent(`/notes/${noteId}`)}">Log in</a> to comment.</p>`;
  }
  const problem = input.commentProblem ?? null;
  return html`<form class="card" method="post" action="/notes/${noteId}/comments" id="comment-form">
${csrfField(input.csrf)}
${problem === null ? '' : html`<div class="errors" role="alert" id="errors"><p>${problem.problem}</p></div>`}
<div class="field"><label for="comment">Your comment</label>
<textarea id="comment" name="comment" required maxlength="20000"${problem === null ? '' : html` aria-invalid="true" aria-describedby="errors"`}>${problem?.text ?? ''}</textarea></div>
<div class="actions"><button type="submit">Comment</button></div>
</form>`;
}

function favoriteForm(noteId: number, isFavorited: boolean, csrf: string): Html {
  const action = isFavorited ? 'unfavorite' : 'favorite';
  return html`<form class="inline-form" method="post" action="/notes/${noteId}/${action}">${csrfField(csrf)}
<button type="submit" class="secondary" aria-pressed="${isFavorited ? 'true' : 'false'}">${isFavorited ? '★ Favorited (remove)' : '☆ Favorite'}</button></form>`;
}

/** schema.org: a note is a SocialMediaPosting whose contentLocation is a Place with its coordinates. */
function noteJsonLd(site: Site, view: NotePageView, title: string, address: string, image: string | null): Record<string, unknown> {
  const { note } = view;
  return {
    '@context': 'https://schema.org',
    '@type': 'SocialMediaPosting',
    '@id': absolute(site, `/notes/${note.id}`),
    url: absolute(site, `/notes/${note.id}`),
    headline: title,
    articleBody: note.message,
    datePublished: new Date(note.createdAt * 1000).toISOString(),
    dateModified: new Date(note.updatedAt * 1000).toISOString(),
    author: { '@type': 'Person', name: note.author.name ?? note.author.username, url: absolute(site, `/users/${encodeURIComponent(note.author.username)}`) },
    contentLocation: {
      '@type': 'Place',
      ...(address === '' ? {} : { name: address, address }),
      geo: { '@type': 'GeoCoordinates', latitude: note.location.latitude, longitude: note.location.longitude },
    },
    ...(image === null ? {} : { image }),
    keywords: view.tags,
    commentCount: note.counts.comments,
    interactionStatistic: [
      { '@type': 'InteractionCounter', interactionType: 'https://schema.org/CommentAction', userInteractionCount: note.counts.comments },
      { '@type': 'InteractionCounter', interactionType: 'https://schema.org/LikeAction', userInteractionCount: note.counts.favoriters },
    ],
  };
}
