import { inject, injectable } from 'tsyringe';
import type { Actor } from '../../domain/actor';
import { UNIT_OF_WORK, type UnitOfWork } from '../ports/unit-of-work';
import { removeRelation } from '../relations/relation';
import { USER_FOLLOWS, type UserFollow } from './user-follow-relation';

/** Ends a follow (scope `contacts`), sent by the follower or by the followed user removing a follower. */
@injectable()
export class UnfollowUser {
  constructor(@inject(UNIT_OF_WORK) private readonly uow: UnitOfWork) {}

  execute(actor: Actor, follow: UserFollow): Promise<void> {
    return removeRelation(this.uow, actor, USER_FOLLOWS, follow);
  }
}
