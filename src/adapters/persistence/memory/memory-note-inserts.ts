import { inject, injectable } from 'tsyringe';
import type { NewNote, NoteInserts } from '../../../application/ports/note-inserts';
import type { NoteView } from '../../../application/ports/note-views';
import { MEMORY_STORE, type MemoryStore } from './memory-store';
import { replaceNoteTags, replaceRecipients, storedContent } from './memory-note-repository';
import { MemoryNoteViews } from './memory-note-views';

/**
 * New notes in process memory: each stored whole in one exclusive access to the store (as a unit of work is, and as
 * the database stores each in one statement), then read as its author reads it.
 */
@injectable()
export class MemoryNoteInserts implements NoteInserts {
  private readonly views: MemoryNoteViews;

  constructor(@inject(MEMORY_STORE) private readonly store: MemoryStore) {
    this.views = new MemoryNoteViews(store);
  }

  async insert({ authorId, content, recipientIds, now, image }: NewNote): Promise<NoteView> {
    const id = await this.store.with((state) => {
      const noteId = this.store.nextId('notes');
      state.notes.push({
        id: noteId,
        authorId,
        ...storedContent(this.store, state, content),
        publicViewsCount: 0,
        image: image ? { ...image } : null,
        createdAt: new Date(now),
        updatedAt: new Date(now),
      });
      replaceNoteTags(this.store, state, noteId, content);
      replaceRecipients(state, noteId, recipientIds);
      this.store.recordNoteChanges(state, [noteId]);
      this.store.recordWebhookEvent(state, { type: 'note.created', noteId });
      return noteId;
    });
    const view = await this.views.get({ readerId: authorId, userId: authorId }, id);
    if (view === null) throw new Error(`note ${id} was not stored`);
    return view;
  }
}
