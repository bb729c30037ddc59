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
  /** Where to resume: past the last change this page went through (the request's own `since` when none, else the feed's start). */
  cursor: string;
  /** Whether changes are left after this page (the caller has not caught up). */
  more: boolean;
}

// A cursor is base64url of `s` and the change's number. Cursors of the feed's first form (`n` and the number) came
// before the feed kept each note's past states (migration 0018): the feed cannot tell what such a cursor's client
// holds, so it refuses them and the client starts again from the beginning.
const POSITION = /^([sn])(0|[1-9]\d{0,18})(?:\.([1-9]\d{0,9}))?$/u;
const CURSOR_TEXT = /^[A-Za-z0-9_-]{1,60}$/u;
/** The largest change number PostgreSQL's `bigint` holds: a larger one is not a position of the feed. */
const MAX_SEQ = 9_223_372_036_854_775_807n;

/** Before the first change: resuming from it lists the feed from its beginning. */
const FEED_START: FeedPosition = { seq: '0' };

/** The opaque cursor of a feed position (base64url, so it needs no escaping in a URL). */
export function encodeChangeCursor(position: FeedPosition): string {
  const within = position.noteId === undefined ? '' : `.${position.noteId}`;
  return Buffer.from(`s${position.seq}${within}`, 'utf8').toString('base64url');
}

/** The position a cursor names; a cursor this feed did not make (or made in its first form) is a 400 naming `since`. */
export function decodeChangeCursor(cursor: string): FeedPosition {
  const bytes = CURSOR_TEXT.test(cursor) ? Buffer.from(cursor, 'base64url') : null;
  const match = bytes !== null && bytes.toString('base64url') === cursor ? POSITION.exec(bytes.toString('latin1')) : null;
  if (match === null || BigInt(match[2]!) > MAX_SEQ || (match[3] !== undefined && (match[1] === 'n' || Number(match[3]) > 2_147_483_647))) {
    throw DomainError.invalid([{ name: 'since', problem: 'is not a cursor of the change feed (use `meta.cursor` as given)' }]);
  }
  if (match[1] === 'n') {
    throw DomainError.invalid([{ name: 'since', problem: 'is from an older form of the change feed: sync again from the start, without since' }]);
  }
  return match[3] === undefined ? { seq: match[2]! } : { seq: match[2]!, noteId: Number(match[3]) };
}

/**
 * The change feed (docs/api.md, Sync): the notes whose state changed after `since`, oldest change first, each once
 * with its latest state as the caller may see it, or as a delete when it is gone, hidden from the caller or out of
 * the filter. A delete goes only to a caller that held the note: one it could read, that matched the filter, in the
 * note's state as of `since`; so from the start (no `since`) only notes that exist are listed, and nobody learns the
 * id of a note they never could read. A page is two reads, whatever its size: the changes (with whether the caller
 * held each note at `since`), then the notes among them the caller may read that match.
 */
@injectable()
export class ListChanges {
  constructor(
    @inject(CHANGE_FEED) private readonly feed: ChangeFeed,
    @inject(NOTE_VIEWS) private readonly notes: NoteViews,
  ) {}

  async execute(actor: Actor, filter: NoteFilter, since: string | undefined, limit: number): Promise<ChangesPage> {
    const from = since === undefined ? null : decodeChangeCursor(since);
    const viewer = viewerOf(actor);
    const changes = await this.feed.after(from, limit + 1, { viewer, filter });
    const page = changes.slice(0, limit);
    const ids = page.map((change) => change.noteId);
    const readable = ids.length === 0
      ? []
      : await this.notes.listItems(viewer, { ...filter, ids }, { offset: 0, limit: ids.length });
    const byId = new Map(readable.map((note) => [note.id, note]));
    const items: ChangeItem[] = [];
    for (const change of page) {
      const note = byId.get(change.noteId) ?? null;
      if (note === null && !change.listedAtSince) continue;
      items.push({ cursor: encodeChangeCursor(change.position), id: change.noteId, note });
    }
    const last = page.at(-1);
    const cursor = last !== undefined ? encodeChangeCursor(last.position) : since ?? encodeChangeCursor(FEED_START);
    return { items, cursor, more: changes.length > limit };
  }
}
