import { inject, injectable } from 'tsyringe';
import type { Actor } from '../../domain/actor';
import { DomainError } from '../../domain/domain-error';
import { NOTE_VIEWS, type NoteViews } from '../ports/note-views';
import { NOTEMAP_VIEWS, type NotemapView, type NotemapViews } from '../ports/notemap-views';
import type { Page, PageRequest } from '../ports/paging';
import { viewerOf } from '../viewer';

/** The notemaps holding a note the actor may read, newest first; 404 otherwise. */
@injectable()
export class ListNoteNotemaps {
  constructor(
    @inject(NOTE_VIEWS) private readonly notes: NoteViews,
    @inject(NOTEMAP_VIEWS) private readonly views: NotemapViews,
  ) {}

  async execute(actor: Actor, noteId: number, page: PageRequest): Promise<Page<NotemapView>> {
    const viewer = viewerOf(actor);
    if ((await this.notes.get(viewer, noteId)) === null) throw DomainError.notFound('note', noteId);
    return this.views.list(viewer, { holdingNote: noteId }, page);
  }
}
