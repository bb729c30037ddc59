import { inject, injectable } from 'tsyringe';
import { requireScope, type Actor } from '../../domain/actor';
import { DomainError } from '../../domain/domain-error';
import { checkUserFollow } from '../../domain/follow';
import { CLOCK, type Clock } from '../ports/clock';
import { UNIT_OF_WORK, type UnitOfWork } from '../ports/unit-of-work';

/** The actor follows a user (scope `contacts`); true when the follow is new, false when it already was. */
@injectable()
export class FollowUser {
  constructor(
    @inject(UNIT_OF_WORK) private readonly uow: UnitOfWork,
    @inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(actor: Actor, userId: number): Promise<boolean> {
    const followerId = requireScope(actor, 'contacts');
    return this.uow.run(async ({ users, follows }) => {
      if ((await users.findById(userId)) === null) throw DomainError.notFound('user', userId);
      checkUserFollow(followerId, userId);
      return follows.followUser(followerId, userId, this.clock.now());
    });
  }
}
