import { inject, injectable } from 'tsyringe';
import type { Actor } from '../../domain/actor';
import { CLOCK, type Clock } from '../ports/clock';
import { UNIT_OF_WORK, type UnitOfWork } from '../ports/unit-of-work';
import { addRelation } from '../relations/relation';
import { USER_FOLLOWS } from './user-follow-relation';

/** The actor follows a user (scope `contacts`); true when the follow is new, false when it already was. */
@injectable()
export class FollowUser {
  constructor(@inject(UNIT_OF_WORK) private readonly uow: UnitOfWork, @inject(CLOCK) private readonly clock: Clock) {}

  execute(actor: Actor, userId: number): Promise<boolean> {
    return addRelation(this.uow, this.clock, actor, USER_FOLLOWS, (followerId) => ({ followerId, followedId: userId }));
  }
}
