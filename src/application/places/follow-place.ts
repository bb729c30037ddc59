import { inject, injectable } from 'tsyringe';
import type { Actor } from '../../domain/actor';
import { CLOCK, type Clock } from '../ports/clock';
import { UNIT_OF_WORK, type UnitOfWork } from '../ports/unit-of-work';
import { addRelation } from '../relations/relation';
import { PLACE_FOLLOWS } from './place-follow-relation';

/** The actor follows a place they can see (scope `write`); true when the follow is new, false when it already was. */
@injectable()
export class FollowPlace {
  constructor(@inject(UNIT_OF_WORK) private readonly uow: UnitOfWork, @inject(CLOCK) private readonly clock: Clock) {}

  execute(actor: Actor, placeId: number): Promise<boolean> {
    return addRelation(this.uow, this.clock, actor, PLACE_FOLLOWS, (userId) => ({ placeId, userId }));
  }
}
