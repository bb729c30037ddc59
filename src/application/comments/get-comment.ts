import { inject, injectable } from 'tsyringe';
import type { Actor } from '../../domain/actor';
import { DomainError } from '../../domain/domain-error';
import { COMMENT_VIEWS, type CommentView, type CommentViews } from '../ports/comment-views';
import { NOTE_VIEWS, type NoteViews } from '../ports/note-views';
import { viewerOf } from '../viewer';

/** One comment of a note the actor may read; 404 when either is missing or the comment is on another note. */
@injectable()
export class GetComment {
  constructor(
    @inject(NOTE_VIEWS) private readonly notes: NoteViews,
    @inject(COMMENT_VIEWS) private readonly comments: CommentViews,
  ) {}

  async execute(actor: Actor, noteId: number, commentId: number): Promise<CommentView> {
    const viewer = viewerOf(actor);
    const comment = await this.comments.get(viewer, noteId, commentId);
    if (comment !== null) return comment;
    // Name what is missing: the note (or the caller may not see it), else the comment.
    if ((await this.notes.get(viewer, noteId)) === null) throw DomainError.notFound('note', noteId);
    throw DomainError.notFound('comment', commentId);
  }
}
