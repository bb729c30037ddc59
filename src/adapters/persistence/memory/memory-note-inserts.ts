import { inject, injectable } from 'tsyringe';
import type { NewNote, NoteInserts } from '../../../application/ports/note-inserts';
import type { NoteView } from '../../../application/ports/note-views';
import { MEMORY_STORE, type MemoryStore } from './memory-store';
import { MemoryNoteViews } from './memory-note-views';
import { MemoryUnitOfWork } from './memory-unit-of-work';

/** New notes in process memory: the repository's create in a unit of work, then the note as its author reads it. */
@injectable()
export class MemoryNoteInserts implements NoteInserts {
  private readonly uow: MemoryUnitOfWork;
  private readonly views: MemoryNoteViews;

  constructor(@inject(MEMORY_STORE) store: MemoryStore) {
    this.uow = new MemoryUnitOfWork(store);
    this.views = new MemoryNoteViews(store);
  }

  async insert({ authorId, content, recipientIds, now }: NewNote): Promise<NoteView> {
    const id = await this.uow.run(({ notes }) => notes.create(authorId, content, recipientIds, now));
    const view = await this.views.get({ readerId: authorId, userId: authorId }, id);
    if (view === null) throw new Error(`note ${id} was not stored`);
    return view;
  }
}
