import { inject, injectable } from 'tsyringe';
import type { Actor } from '../../domain/actor';
import { CLOCK, type Clock } from '../ports/clock';
import { UNIT_OF_WORK, type UnitOfWork } from '../ports/unit-of-work';
import { addRelation } from '../relations/relation';
import { USER_BLOCKS } from './user-block-relation';

/** The actor blocks a user (scope `write`); true when the block is new, false when it already was. */
@injectable()
export class BlockUser {
  constructor(@inject(UNIT_OF_WORK) private readonly uow: UnitOfWork, @inject(CLOCK) private readonly clock: Clock) {}

  execute(actor: Actor, userId: number): Promise<boolean> {
    return addRelation(this.uow, this.clock, actor, USER_BLOCKS, (blockerId) => ({ blockerId, blockedId: userId }));
  }
}
