import { inject, injectable } from 'tsyringe';
import type { ChangeFeed, FeedPosition, NoteChange } from '../../../application/ports/change-feed';
import { MEMORY_STORE, type MemoryStore } from './memory-store';

/** The feed from the store's note changes: one lock orders every write, so a change's place is its sequence. */
@injectable()
export class MemoryChangeFeed implements ChangeFeed {
  constructor(@inject(MEMORY_STORE) private readonly store: MemoryStore) {}

  after(since: FeedPosition | null, limit: number): Promise<NoteChange[]> {
    const past = (seq: number) => since === null || BigInt(seq) > BigInt(since.seq);
    return this.store.with((state) => state.noteChanges
      .filter((change) => past(change.seq))
      .sort((a, b) => a.seq - b.seq)
      .slice(0, limit)
      .map((change) => ({ noteId: change.noteId, position: { seq: String(change.seq) } })));
  }
}
