import { inject, injectable } from 'tsyringe';
import { requireScope, type Actor } from '../../domain/actor';
import { DomainError } from '../../domain/domain-error';
import type { CommentView } from '../ports/comment-views';
import { UNIT_OF_WORK, type UnitOfWork } from '../ports/unit-of-work';
import { requirePrecondition, type Precondition } from '../precondition';
import { viewerOf } from '../viewer';
import { findNoteComment } from './find-note-comment';

/** Deletes a comment and its favorites (scope `write`; the comment's author or the note's author). */
@injectable()
export class DeleteComment {
  constructor(@inject(UNIT_OF_WORK) private readonly uow: UnitOfWork) {}

  async execute(actor: Actor, noteId: number, commentId: number, precondition?: Precondition<CommentView>): Promise<void> {
    const userId = requireScope(actor, 'write');
    await this.uow.run(async (repositories) => {
      if (precondition) await repositories.comments.lock(commentId);
      const { note, comment } = await findNoteComment(repositories, noteId, commentId, actor);
      if (comment.authorId !== userId && note.authorId !== userId) {
        throw new DomainError('forbidden', `comment ${commentId} may be deleted only by its author or the note's author`);
      }
      if (precondition) {
        requirePrecondition(precondition, await repositories.views.comments.get(viewerOf(actor), noteId, commentId), `comment ${commentId}`);
      }
      await repositories.comments.delete(commentId);
    });
  }
}
