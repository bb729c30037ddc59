import { inject, injectable } from 'tsyringe';
import type { FavoriteRepository } from '../../../application/ports/favorite-repository';
import { addMark, removeMark } from './memory-note-marks';
import { MEMORY_STORE, type MemoryStore } from './memory-store';

/** Favorites as rows; the views count them, so there is no counter to keep. */
@injectable()
export class MemoryFavoriteRepository implements FavoriteRepository {
  constructor(@inject(MEMORY_STORE) private readonly store: MemoryStore) {}

  add(noteId: number, userId: number, now: Date): Promise<boolean> {
    return this.store.with((state) => {
      const added = addMark(state, state.favorites, noteId, userId, now);
      if (added) this.store.recordWebhookEvent(state, { type: 'note.favorited', noteId, userId });
      return added;
    });
  }

  remove(noteId: number, userId: number): Promise<boolean> {
    return this.store.with((state) => removeMark(state.favorites, noteId, userId));
  }
}
