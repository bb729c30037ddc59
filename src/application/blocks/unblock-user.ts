import { inject, injectable } from 'tsyringe';
import { requireScope, type Actor } from '../../domain/actor';
import { UNIT_OF_WORK, type UnitOfWork } from '../ports/unit-of-work';
import { removeRelation } from '../relations/relation';
import { USER_BLOCKS } from './user-block-relation';

/** Ends the actor's block of a user (scope `write`); 404 when there is none. */
@injectable()
export class UnblockUser {
  constructor(@inject(UNIT_OF_WORK) private readonly uow: UnitOfWork) {}

  execute(actor: Actor, userId: number): Promise<void> {
    return removeRelation(this.uow, actor, USER_BLOCKS, { blockerId: requireScope(actor, 'write'), blockedId: userId });
  }
}
