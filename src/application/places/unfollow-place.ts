import { inject, injectable } from 'tsyringe';
import type { Actor } from '../../domain/actor';
import { UNIT_OF_WORK, type UnitOfWork } from '../ports/unit-of-work';
import { removeRelation } from '../relations/relation';
import { PLACE_FOLLOWS } from './place-follow-relation';

/**
 * The actor stops following a place (scope `write`); `userId` must be the actor's own (403 otherwise).
 * A follower may leave a place whose notes they can no longer read; for anyone else that place is 404.
 */
@injectable()
export class UnfollowPlace {
  constructor(@inject(UNIT_OF_WORK) private readonly uow: UnitOfWork) {}

  execute(actor: Actor, placeId: number, userId: number): Promise<void> {
    return removeRelation(this.uow, actor, PLACE_FOLLOWS, { placeId, userId });
  }
}
