import type { SessionUser } from '../../application/accounts/find-session-user';
import type { NotePage } from '../../application/ports/note-views';
import { html, type Html } from '../page-kit/html';
import { noteList, pager } from './components/notes';
import { publicLayout } from './components/public-layout';
import { absolute, type Site } from './components/site';

export interface NoteListPageInput {
  /** The page's heading and title, e.g. `#sunsets` or `Lisbon, Portugal`. */
  title: string;
  description: string;
  path: string;
  api: string;
  /** A line under the heading. */
  intro: Html;
  notes: NotePage;
  page: number;
  perPage: number;
  user: SessionUser | null;
  jsonLd: Record<string, unknown>;
}

/** A page that is a list of notes with their map: a tag's (`/tags/:name`) and a place's (`/places/:id`). */
export function noteListPage(site: Site, input: NoteListPageInput): Html {
  const body = html`<h1>${input.title}</h1>
${input.intro}
${noteList(site, input.notes.items, `Map of the notes of ${input.title}`, 'No notes to show.', 2)}
${pager(input.path, input.page, input.perPage, input.notes.total)}`;
  return publicLayout(site, {
    head: {
      title: input.title,
      description: input.description,
      path: input.page > 1 ? `${input.path}?page=${input.page}` : input.path,
      api: input.api,
      jsonLd: { ...input.jsonLd, url: absolute(site, input.path) },
    },
    user: input.user,
    body,
    script: input.notes.items.length > 0 ? 'notes-map' : null,
  });
}
