import { inject, injectable } from 'tsyringe';
import { requireScope, type Actor } from '../../domain/actor';
import { CLOCK, type Clock } from '../ports/clock';
import { UNIT_OF_WORK, type UnitOfWork } from '../ports/unit-of-work';
import { findNotemap } from './find-own-notemap';

/** Makes the actor follow a notemap (scope `write`); false when they already did, which changes nothing. */
@injectable()
export class FollowNotemap {
  constructor(
    @inject(UNIT_OF_WORK) private readonly uow: UnitOfWork,
    @inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(actor: Actor, notemapId: number): Promise<boolean> {
    const userId = requireScope(actor, 'write');
    return this.uow.run(async ({ notemaps }) => {
      await findNotemap(notemaps, notemapId);
      return notemaps.follow(notemapId, userId, this.clock.now());
    });
  }
}
