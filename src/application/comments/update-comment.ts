import { inject, injectable } from 'tsyringe';
import { requireScope, type Actor } from '../../domain/actor';
import { applyCommentFields, type CommentFields } from '../../domain/comment';
import { DomainError } from '../../domain/domain-error';
import { CLOCK, type Clock } from '../ports/clock';
import type { CommentView } from '../ports/comment-views';
import { UNIT_OF_WORK, type UnitOfWork } from '../ports/unit-of-work';
import { requirePrecondition, type Precondition } from '../precondition';
import { viewerOf } from '../viewer';
import { findNoteComment } from './find-note-comment';

/** Edits a comment (scope `write`, its author only); a title not sent is kept. */
@injectable()
export class UpdateComment {
  constructor(
    @inject(UNIT_OF_WORK) private readonly uow: UnitOfWork,
    @inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(actor: Actor, noteId: number, commentId: number, fields: CommentFields, precondition?: Precondition<CommentView>): Promise<void> {
    const userId = requireScope(actor, 'write');
    await this.uow.run(async (repositories) => {
      if (precondition) await repositories.comments.lock(commentId);
      const { comment } = await findNoteComment(repositories, noteId, commentId, actor);
      if (comment.authorId !== userId) throw new DomainError('forbidden', `comment ${commentId} belongs to another user`);
      if (precondition) {
        requirePrecondition(precondition, await repositories.views.comments.get(viewerOf(actor), noteId, commentId), `comment ${commentId}`);
      }
      await repositories.comments.update(commentId, applyCommentFields(comment, fields), this.clock.now());
    });
  }
}
