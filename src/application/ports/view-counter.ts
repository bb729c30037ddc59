import { portToken } from './port-token';
/** Counts views of public notes without writing on the read path; counts are flushed in batches. */
export interface ViewCounter {
  /** Records one view; returns at once. */
  record(noteId: number): void;
  /** Writes the counts gathered so far (called periodically and at shutdown). */
  flush(): Promise<void>;
}
export const VIEW_COUNTER = portToken<ViewCounter>('ViewCounter');
/** How often each instance writes the views it gathered (docs/architecture.md, Storage). */
export const VIEW_FLUSH_EVERY_MS = 5_000;
