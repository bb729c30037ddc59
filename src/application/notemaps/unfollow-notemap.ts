import { inject, injectable } from 'tsyringe';
import type { Actor } from '../../domain/actor';
import { UNIT_OF_WORK, type UnitOfWork } from '../ports/unit-of-work';
import { removeRelation } from '../relations/relation';
import { NOTEMAP_FOLLOWS } from './notemap-relations';

/** Ends the actor's follow of a notemap (scope `write`); `userId` must be the actor (403), the follow must exist (404). */
@injectable()
export class UnfollowNotemap {
  constructor(@inject(UNIT_OF_WORK) private readonly uow: UnitOfWork) {}

  execute(actor: Actor, notemapId: number, userId: number): Promise<void> {
    return removeRelation(this.uow, actor, NOTEMAP_FOLLOWS, { notemapId, userId });
  }
}
