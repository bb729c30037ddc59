import { inject, injectable } from 'tsyringe';
import type { ViewCounter } from '../../../application/ports/view-counter';
import { MEMORY_STORE, type MemoryStore } from './memory-store';

/** Gathers views in a map and adds them to the notes on `flush`, as the SQL counter batches its writes. */
@injectable()
export class MemoryViewCounter implements ViewCounter {
  private pending = new Map<number, number>();

  constructor(@inject(MEMORY_STORE) private readonly store: MemoryStore) {}

  record(noteId: number): void {
    this.pending.set(noteId, (this.pending.get(noteId) ?? 0) + 1);
  }

  async flush(): Promise<void> {
    const batch = this.pending;
    this.pending = new Map();
    await this.store.with(({ notes }) => {
      for (const note of notes) note.publicViewsCount += batch.get(note.id) ?? 0;
    });
  }
}
