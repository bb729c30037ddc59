import { inject, injectable } from 'tsyringe';
import { requireScope, type Actor } from '../../domain/actor';
import { DomainError } from '../../domain/domain-error';
import { UNIT_OF_WORK, type UnitOfWork } from '../ports/unit-of-work';
import { findNotemap } from './find-own-notemap';

/** Ends the actor's follow of a notemap (scope `write`); `userId` must be the actor (403), the follow must exist (404). */
@injectable()
export class UnfollowNotemap {
  constructor(@inject(UNIT_OF_WORK) private readonly uow: UnitOfWork) {}

  async execute(actor: Actor, notemapId: number, userId: number): Promise<void> {
    const actorId = requireScope(actor, 'write');
    await this.uow.run(async ({ notemaps }) => {
      await findNotemap(notemaps, notemapId);
      if (userId !== actorId) throw new DomainError('forbidden', 'only the follower may end a follow of a notemap');
      if (!(await notemaps.unfollow(notemapId, userId))) {
        throw new DomainError('not_found', `user ${userId} does not follow notemap ${notemapId}`);
      }
    });
  }
}
