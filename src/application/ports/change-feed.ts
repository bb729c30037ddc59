import { portToken } from './port-token';

/** Where a change stands in the feed: an unsigned decimal integer, larger for later commits (opaque to clients). */
export interface FeedPosition {
  seq: string;
}

/** A note whose state changed, at the position of its latest change. */
export interface NoteChange {
  noteId: number;
  position: FeedPosition;
}

/**
 * The notes whose state changed (made, edited, deleted, added to or taken from a notemap), each once at its latest
 * change, oldest change first. A change is recorded in the transaction of its write and numbered in commit order,
 * so it shows as soon as the write is answered, and a position never skips a change that commits later.
 */
export interface ChangeFeed {
  /** Up to `limit` changes after `since` (from the start when null), in order; one indexed read. */
  after(since: FeedPosition | null, limit: number): Promise<NoteChange[]>;
}
export const CHANGE_FEED = portToken<ChangeFeed>('ChangeFeed');
