import { inject, injectable } from 'tsyringe';
import { requireScope, type Actor } from '../../domain/actor';
import { DomainError } from '../../domain/domain-error';
import { mayEndUserFollow } from '../../domain/follow';
import { UNIT_OF_WORK, type UnitOfWork } from '../ports/unit-of-work';

/** Ends a follow (scope `contacts`), sent by the follower or by the followed user removing a follower. */
@injectable()
export class UnfollowUser {
  constructor(@inject(UNIT_OF_WORK) private readonly uow: UnitOfWork) {}

  async execute(actor: Actor, follow: { followerId: number; followedId: number }): Promise<void> {
    const actorId = requireScope(actor, 'contacts');
    const { followerId, followedId } = follow;
    await this.uow.run(async ({ users, follows }) => {
      if ((await users.findById(followedId)) === null) throw DomainError.notFound('user', followedId);
      if (!mayEndUserFollow(actorId, follow)) {
        throw new DomainError('forbidden', `only user ${followerId} or user ${followedId} may end this follow`);
      }
      if (!(await follows.unfollowUser(followerId, followedId))) {
        throw new DomainError('not_found', `user ${followerId} does not follow user ${followedId}`);
      }
    });
  }
}
