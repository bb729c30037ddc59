import { inject, injectable } from 'tsyringe';
import type { Actor } from '../../domain/actor';
import { CLOCK, type Clock } from '../ports/clock';
import { UNIT_OF_WORK, type UnitOfWork } from '../ports/unit-of-work';
import { addRelation } from '../relations/relation';
import { NOTEMAP_FOLLOWS } from './notemap-relations';

/** Makes the actor follow a notemap (scope `write`); false when they already did, which changes nothing. */
@injectable()
export class FollowNotemap {
  constructor(@inject(UNIT_OF_WORK) private readonly uow: UnitOfWork, @inject(CLOCK) private readonly clock: Clock) {}

  execute(actor: Actor, notemapId: number): Promise<boolean> {
    return addRelation(this.uow, this.clock, actor, NOTEMAP_FOLLOWS, (userId) => ({ notemapId, userId }));
  }
}
