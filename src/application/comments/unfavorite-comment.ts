import { inject, injectable } from 'tsyringe';
import { privateReader, requireScope, type Actor } from '../../domain/actor';
import { DomainError } from '../../domain/domain-error';
import { UNIT_OF_WORK, type UnitOfWork } from '../ports/unit-of-work';
import { findNoteComment } from './find-note-comment';

/** Removes the actor's favorite of a comment (scope `write`); `userId` must be the actor (docs/api.md, Scopes). */
@injectable()
export class UnfavoriteComment {
  constructor(@inject(UNIT_OF_WORK) private readonly uow: UnitOfWork) {}

  async execute(actor: Actor, noteId: number, commentId: number, userId: number): Promise<void> {
    const actorId = requireScope(actor, 'write');
    await this.uow.run(async (repositories) => {
      await findNoteComment(repositories, noteId, commentId, privateReader(actor));
      if (userId !== actorId) throw new DomainError('forbidden', `only user ${userId} may remove their favorite`);
      if (!(await repositories.comments.unfavorite(commentId, userId))) {
        throw new DomainError('not_found', `comment ${commentId} is not a favorite of user ${userId}`);
      }
    });
  }
}
