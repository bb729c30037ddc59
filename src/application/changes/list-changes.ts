import { inject, injectable } from 'tsyringe';
import type { Actor } from '../../domain/actor';
import { DomainError } from '../../domain/domain-error';
import { CHANGE_FEED, type ChangeFeed, type FeedPosition } from '../ports/change-feed';
import { NOTE_VIEWS, type NoteFilter, type NoteView, type NoteViews } from '../ports/note-views';
import { viewerOf } from '../viewer';

/** One note of the feed: its latest state when the caller may read it and it matches the filter, else null (a delete). */
export interface ChangeItem {
  cursor: string;
  id: number;
  note: NoteView | null;
}

export interface ChangesPage {
  items: ChangeItem[];
  /** Where to resume: past the last change this page went through (the request's own `since` when none). */
  cursor: string | null;
  /** Whether changes are left after this page (the caller has not caught up). */
  more: boolean;
}

const POSITION = /^n(\d{1,19})$/u;

/** The opaque cursor of a feed position (base64url, so it needs no escaping in a URL). */
export function encodeChangeCursor(position: FeedPosition): string {
  return Buffer.from(`n${position.seq}`, 'utf8').toString('base64url');
}

/** The position a cursor names; a cursor this feed did not make is a 400 naming `since`. */
export function decodeChangeCursor(cursor: string): FeedPosition {
  const match = /^[A-Za-z0-9_-]{1,60}$/u.test(cursor) ? POSITION.exec(Buffer.from(cursor, 'base64url').toString('utf8')) : null;
  if (match === null) throw DomainError.invalid([{ name: 'since', problem: 'is not a cursor of the change feed (use `meta.cursor` as given)' }]);
  return { seq: match[1]! };
}

/**
 * The change feed (docs/api.md, Sync): the notes whose state changed after `since`, oldest change first, each once
 * with its latest state as the caller may see it, or as a delete when it is gone, hidden from the caller or out of
 * the filter. From the start (no `since`) there is nothing to delete, so only notes that exist are listed. A page is
 * two reads, whatever its size: the changes, then the notes among them the caller may read that match.
 */
@injectable()
export class ListChanges {
  constructor(
    @inject(CHANGE_FEED) private readonly feed: ChangeFeed,
    @inject(NOTE_VIEWS) private readonly notes: NoteViews,
  ) {}

  async execute(actor: Actor, filter: NoteFilter, since: string | undefined, limit: number): Promise<ChangesPage> {
    const from = since === undefined ? null : decodeChangeCursor(since);
    const changes = await this.feed.after(from, limit + 1);
    const page = changes.slice(0, limit);
    const ids = page.map((change) => change.noteId);
    const readable = ids.length === 0
      ? []
      : await this.notes.listItems(viewerOf(actor), { ...filter, ids }, { offset: 0, limit: ids.length });
    const byId = new Map(readable.map((note) => [note.id, note]));
    const items: ChangeItem[] = [];
    for (const change of page) {
      const note = byId.get(change.noteId) ?? null;
      if (note === null && from === null) continue;
      items.push({ cursor: encodeChangeCursor(change.position), id: change.noteId, note });
    }
    const last = page.at(-1);
    return { items, cursor: last === undefined ? since ?? null : encodeChangeCursor(last.position), more: changes.length > limit };
  }
}
