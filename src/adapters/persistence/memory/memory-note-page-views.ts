import { inject, injectable } from 'tsyringe';
import type { NotePageViews, NoteWithDiscussion } from '../../../application/ports/note-page-views';
import type { PageRequest } from '../../../application/ports/paging';
import type { Viewer } from '../../../application/ports/viewer';
import { MemoryCommentViews } from './memory-comment-views';
import { MemoryNoteViews } from './memory-note-views';
import { MEMORY_STORE, type MemoryStore } from './memory-store';
import { MemoryTagViews } from './memory-tag-views';

/** The note, its comments and its tags from the memory views, one after another. */
@injectable()
export class MemoryNotePageViews implements NotePageViews {
  private readonly notes: MemoryNoteViews;
  private readonly comments: MemoryCommentViews;
  private readonly tags: MemoryTagViews;

  constructor(@inject(MEMORY_STORE) store: MemoryStore) {
    this.notes = new MemoryNoteViews(store);
    this.comments = new MemoryCommentViews(store);
    this.tags = new MemoryTagViews(store);
  }

  async get(viewer: Viewer, id: number, comments: PageRequest): Promise<NoteWithDiscussion | null> {
    const note = await this.notes.get(viewer, id);
    if (note === null) return null;
    return { note, comments: await this.comments.pageOfNote(viewer, id, comments), tags: await this.tags.namesOfNote(viewer, id) };
  }
}
