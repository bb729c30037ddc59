import { inject, injectable } from 'tsyringe';
import type { Actor } from '../../domain/actor';
import { DomainError } from '../../domain/domain-error';
import { NOTE_VIEWS, type NoteViews } from '../ports/note-views';
import type { Page, PageRequest } from '../ports/paging';
import { TAG_VIEWS, type TagView, type TagViews } from '../ports/tag-views';
import { viewerOf } from '../viewer';

/** The tags of a note the actor may read; 404 otherwise. */
@injectable()
export class ListNoteTags {
  constructor(
    @inject(NOTE_VIEWS) private readonly notes: NoteViews,
    @inject(TAG_VIEWS) private readonly tags: TagViews,
  ) {}

  async execute(actor: Actor, noteId: number, page: PageRequest): Promise<Page<TagView>> {
    const viewer = viewerOf(actor);
    if ((await this.notes.get(viewer, noteId)) === null) throw DomainError.notFound('note', noteId);
    return this.tags.ofNote(viewer, noteId, page);
  }
}
