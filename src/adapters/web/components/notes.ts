import type { NoteView, UserSummaryView } from '../../../application/ports/note-views';
import { displayAddress } from '../../../domain/location';
import { noteTitle } from '../../../domain/note';
import { html, jsonScript, type Html } from '../../page-kit/html';
import { mapElement } from './public-layout';
import type { Site } from './site';

/** `1 note`, `2 notes`: a count with its noun. */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

const MONTHS = [
  'January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December',
] as const;

/**
 * `25 November 2026`: the UTC day of a time, as people read it (British English, the site's one language). Written
 * out rather than through `Intl.DateTimeFormat`: the formatter loads about 5 MB of ICU's locale data into the
 * server's resident memory for one fixed pattern (docs/benchmarks.md), and cost a sixth of a note page's rendering.
 */
export function dayOf(unixSeconds: number): string {
  const date = new Date(unixSeconds * 1000);
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()] ?? ''} ${date.getUTCFullYear()}`;
}

/** A time as people read it, with the machine-readable instant in `datetime`. */
export function timeOf(unixSeconds: number): Html {
  return html`<time datetime="${new Date(unixSeconds * 1000).toISOString()}">${dayOf(unixSeconds)}</time>`;
}

export function userPath(username: string): string {
  return `/users/${encodeURIComponent(username)}`;
}

export function tagPath(name: string): string {
  return `/tags/${encodeURIComponent(name)}`;
}

/** A user as a link to their page, by their name when they gave one. */
export function userLink(user: Pick<UserSummaryView, 'username' | 'name'>): Html {
  return html`<a href="${userPath(user.username)}">${user.name ?? user.username}</a>`;
}

/** Latitude and longitude as people write them, five decimals (about a metre). */
export function coordinates(latitude: number, longitude: number): string {
  return `${latitude.toFixed(5)}, ${longitude.toFixed(5)}`;
}

const VISIBILITY: Record<string, string> = { public: 'Public', recipients: 'Only its recipients', self: 'Only its author' };

export function visibilityLabel(visibility: string): string {
  return VISIBILITY[visibility] ?? visibility;
}

/** One note in a list: its title (linked), author, place and time. */
export function noteItem(note: NoteView, headingLevel: 2 | 3 = 3): Html {
  const title = html`<a href="/notes/${note.id}">${noteTitle(note)}</a>`;
  const address = displayAddress(note.location);
  return html`<li data-note-id="${note.id}">
${headingLevel === 2 ? html`<h2>${title}</h2>` : html`<h3>${title}</h3>`}
<p class="meta">by ${userLink(note.author)} · ${timeOf(note.createdAt)}${note.visibility === 'public' ? '' : html` · ${visibilityLabel(note.visibility)}`}</p>
<p class="meta">${address === '' ? '' : html`${address} · `}${coordinates(note.location.latitude, note.location.longitude)}</p>
</li>`;
}

/**
 * The notes a page lists, as text (readable without JavaScript) and as the data of its map; each note's title
 * a heading one level under the page's last (`headingLevel` 2 on a page whose list follows its h1).
 */
export function noteList(site: Site, notes: readonly NoteView[], mapLabel: string, empty: string, headingLevel: 2 | 3 = 3): Html {
  if (notes.length === 0) return html`<p>${empty}</p>`;
  return html`${notesMap(site, notes, mapLabel)}
<ul class="notes">${notes.map((note) => noteItem(note, headingLevel))}</ul>`;
}

/** The map of some notes: the element, and their positions for map.js. */
export function notesMap(site: Site, notes: readonly NoteView[], label: string): Html {
  const points = notes.map((note) => ({
    id: note.id, lat: note.location.latitude, lng: note.location.longitude, title: noteTitle(note), url: `/notes/${note.id}`,
  }));
  return html`${mapElement(site, label)}${jsonScript('application/json', 'map-notes', points)}`;
}

/** Links to the pages before and after this one of a list shown `size` at a time. */
export function pager(path: string, page: number, size: number, total: number, query: Record<string, string> = {}): Html {
  const last = Math.max(1, Math.ceil(total / size));
  if (last === 1) return html``;
  const at = (n: number): string => {
    const params = new URLSearchParams(query);
    if (n > 1) params.set('page', String(n));
    const text = params.toString();
    return text === '' ? path : `${path}?${text}`;
  };
  return html`<nav class="pager" aria-label="Pages">
${page > 1 ? html`<a href="${at(page - 1)}" rel="prev">← Newer</a>` : html`<span></span>`}
<span>Page ${page} of ${last}</span>
${page < last ? html`<a href="${at(page + 1)}" rel="next">Older →</a>` : html`<span></span>`}
</nav>`;
}
