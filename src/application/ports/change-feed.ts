import type { NoteFilter } from './note-views';
import type { Viewer } from './viewer';
import { portToken } from './port-token';

/** Where a change stands in the feed: an unsigned decimal integer, larger for later commits (opaque to clients). */
export interface FeedPosition {
  seq: string;
  /**
   * Within the change numbered `seq`, the last note passed, when that change names several notes: a block's change
   * lists all of the other user's notes at its one number, ordered by note id (src/adapters/…/…-change-feed.ts).
   */
  noteId?: number;
}

/** A note whose state changed, at the position of its latest change. */
export interface NoteChange {
  noteId: number;
  position: FeedPosition;
  /**
   * Whether, in its state as of `since`, the note was one the reader may read that matched the reader's filter (so
   * a client that followed the feed to `since` holds it). False without a reader, from the start, and for a note made
   * after `since`.
   */
  listedAtSince: boolean;
}

/**
 * Who reads the feed, and with which filter. Only what the feed filters by is understood: `authorId`, `tag`,
 * `notemapId`, and in `query` the `author`, `tag`, `bbox` and `near`; anything else is an error.
 */
export interface FeedReader {
  viewer: Viewer;
  filter: NoteFilter;
}

/**
 * The notes whose state changed (made, edited, deleted, added to or taken from a notemap), each once at its latest
 * change, oldest change first. A change is recorded in the transaction of its write and numbered in commit order,
 * so it shows as soon as the write is answered, and a position never skips a change that commits later. The state
 * of each note after each change is kept too, so the feed can tell what a reader held at any position.
 */
export interface ChangeFeed {
  /**
   * Up to `limit` changes after `since` (from the start when null), in order, each saying whether `reader` listed the
   * note as of `since`; one indexed read.
   */
  after(since: FeedPosition | null, limit: number, reader?: FeedReader): Promise<NoteChange[]>;
}
export const CHANGE_FEED = portToken<ChangeFeed>('ChangeFeed');
