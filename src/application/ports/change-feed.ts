import { portToken } from './port-token';

/** Where a change stands in the feed: two unsigned decimal integers, compared in order (opaque to clients). */
export interface FeedPosition {
  tx: string;
  seq: string;
}

/** A note whose state changed, at the position of its latest change. */
export interface NoteChange {
  noteId: number;
  position: FeedPosition;
}

/**
 * The notes whose state changed (made, edited, deleted, added to or taken from a notemap), each once at its latest
 * change, oldest change first. A change is recorded in the transaction of its write and shows here once nothing
 * that began before it is still running, so a position never skips a change that commits later.
 */
export interface ChangeFeed {
  /** Up to `limit` changes after `since` (from the start when null), in order; one indexed read. */
  after(since: FeedPosition | null, limit: number): Promise<NoteChange[]>;
}
export const CHANGE_FEED = portToken<ChangeFeed>('ChangeFeed');
