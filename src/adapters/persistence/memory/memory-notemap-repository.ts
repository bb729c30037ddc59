import { inject, injectable } from 'tsyringe';
import type { NotemapRepository } from '../../../application/ports/notemap-repository';
import type { Notemap, NotemapContent } from '../../../domain/notemap';
import { addRelationRow, removeRelationRow } from './memory-relation-rows';
import { MEMORY_STORE, type MemoryStore } from './memory-store';

/** Notemaps in memory; counts are computed from the tables, so only rows change here. */
@injectable()
export class MemoryNotemapRepository implements NotemapRepository {
  constructor(@inject(MEMORY_STORE) private readonly store: MemoryStore) {}

  create(ownerId: number, content: NotemapContent, now: Date): Promise<number> {
    return this.store.with(({ notemaps }) => {
      const id = this.store.nextId('notemaps');
      notemaps.push({
        id, ownerId, name: content.name, description: content.description,
        lastNoteAddedAt: null, createdAt: new Date(now), updatedAt: new Date(now),
      });
      return id;
    });
  }

  /** A unit of work on the store runs alone: nothing to hold. */
  async lock(): Promise<void> {}

  findById(id: number): Promise<Notemap | null> {
    return this.store.with(({ notemaps }) => {
      const notemap = notemaps.find((m) => m.id === id);
      return notemap ? structuredClone(notemap) : null;
    });
  }

  update(id: number, content: NotemapContent, now: Date): Promise<void> {
    return this.store.with(({ notemaps }) => {
      const notemap = notemaps.find((m) => m.id === id);
      if (notemap) Object.assign(notemap, { name: content.name, description: content.description, updatedAt: new Date(now) });
    });
  }

  delete(id: number): Promise<boolean> {
    return this.store.with((state) => {
      if (!state.notemaps.some((m) => m.id === id)) return false;
      this.store.recordNoteChanges(state, state.notemapNotes.filter((mn) => mn.notemapId === id).map((mn) => mn.noteId));
      state.notemaps = state.notemaps.filter((m) => m.id !== id);
      state.notemapNotes = state.notemapNotes.filter((mn) => mn.notemapId !== id);
      state.notemapFollows = state.notemapFollows.filter((f) => f.notemapId !== id);
      return true;
    });
  }

  addNote(notemapId: number, noteId: number, now: Date): Promise<boolean> {
    return this.store.with((state) => {
      if (state.notemapNotes.some((mn) => mn.notemapId === notemapId && mn.noteId === noteId)) return false;
      state.notemapNotes.push({ notemapId, noteId, addedAt: new Date(now) });
      this.store.recordNoteChanges(state, [noteId]);
      const notemap = state.notemaps.find((m) => m.id === notemapId);
      if (notemap) notemap.lastNoteAddedAt = new Date(now);
      return true;
    });
  }

  removeNote(notemapId: number, noteId: number): Promise<boolean> {
    return this.store.with((state) => {
      const before = state.notemapNotes.length;
      state.notemapNotes = state.notemapNotes.filter((mn) => !(mn.notemapId === notemapId && mn.noteId === noteId));
      if (state.notemapNotes.length === before) return false;
      this.store.recordNoteChanges(state, [noteId]);
      return true;
    });
  }

  follow(notemapId: number, userId: number, now: Date): Promise<boolean> {
    return this.store.with(({ notemapFollows }) => addRelationRow(notemapFollows, { notemapId, userId }, now));
  }

  unfollow(notemapId: number, userId: number): Promise<boolean> {
    return this.store.with(({ notemapFollows }) => removeRelationRow(notemapFollows, { notemapId, userId }));
  }
}
