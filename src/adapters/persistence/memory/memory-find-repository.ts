import { inject, injectable } from 'tsyringe';
import type { FindRepository } from '../../../application/ports/find-repository';
import { addMark, removeMark } from './memory-note-marks';
import { MEMORY_STORE, type MemoryStore } from './memory-store';

/** Finds as rows; the views count them, so there is no counter to keep. */
@injectable()
export class MemoryFindRepository implements FindRepository {
  constructor(@inject(MEMORY_STORE) private readonly store: MemoryStore) {}

  add(noteId: number, userId: number, now: Date): Promise<boolean> {
    return this.store.with((state) => addMark(state, state.finds, noteId, userId, now));
  }

  remove(noteId: number, userId: number): Promise<boolean> {
    return this.store.with((state) => removeMark(state.finds, noteId, userId));
  }
}
