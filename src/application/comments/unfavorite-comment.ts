import { inject, injectable } from 'tsyringe';
import type { Actor } from '../../domain/actor';
import { UNIT_OF_WORK, type UnitOfWork } from '../ports/unit-of-work';
import { removeRelation } from '../relations/relation';
import { COMMENT_FAVORITES } from './comment-favorite-relation';

/** Removes the actor's favorite of a comment (scope `write`); `userId` must be the actor (docs/api.md, Scopes). */
@injectable()
export class UnfavoriteComment {
  constructor(@inject(UNIT_OF_WORK) private readonly uow: UnitOfWork) {}

  execute(actor: Actor, noteId: number, commentId: number, userId: number): Promise<void> {
    return removeRelation(this.uow, actor, COMMENT_FAVORITES, { noteId, commentId, userId });
  }
}
