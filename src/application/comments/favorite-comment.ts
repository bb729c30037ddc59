import { inject, injectable } from 'tsyringe';
import type { Actor } from '../../domain/actor';
import { CLOCK, type Clock } from '../ports/clock';
import { UNIT_OF_WORK, type UnitOfWork } from '../ports/unit-of-work';
import { addRelation } from '../relations/relation';
import { COMMENT_FAVORITES } from './comment-favorite-relation';

/** Favorites a comment for the actor (scope `write`); true the first time, false on a repeat. */
@injectable()
export class FavoriteComment {
  constructor(@inject(UNIT_OF_WORK) private readonly uow: UnitOfWork, @inject(CLOCK) private readonly clock: Clock) {}

  execute(actor: Actor, noteId: number, commentId: number): Promise<boolean> {
    return addRelation(this.uow, this.clock, actor, COMMENT_FAVORITES, (userId) => ({ noteId, commentId, userId }));
  }
}
