import { inject, injectable } from 'tsyringe';
import type { Actor } from '../../domain/actor';
import { DomainError } from '../../domain/domain-error';
import { COMMENT_VIEWS, type CommentView, type CommentViews } from '../ports/comment-views';
import { NOTE_VIEWS, type NoteViews } from '../ports/note-views';
import type { Page, PageRequest } from '../ports/paging';
import { viewerOf } from '../viewer';

/** The comments of a note the actor may read, oldest first; 404 otherwise. */
@injectable()
export class ListNoteComments {
  constructor(
    @inject(NOTE_VIEWS) private readonly notes: NoteViews,
    @inject(COMMENT_VIEWS) private readonly comments: CommentViews,
  ) {}

  async execute(actor: Actor, noteId: number, page: PageRequest): Promise<Page<CommentView>> {
    const viewer = viewerOf(actor);
    if ((await this.notes.get(viewer, noteId)) === null) throw DomainError.notFound('note', noteId);
    return this.comments.ofNote(viewer, noteId, page);
  }
}
