import { inject, injectable } from 'tsyringe';
import type { Actor } from '../../domain/actor';
import { UNIT_OF_WORK, type UnitOfWork } from '../ports/unit-of-work';
import { removeRelation } from '../relations/relation';
import { NOTEMAP_NOTES } from './notemap-relations';

/** Takes a note out of a notemap (scope `write`, its creator only); 404 when the notemap does not hold it. */
@injectable()
export class RemoveNotemapNote {
  constructor(@inject(UNIT_OF_WORK) private readonly uow: UnitOfWork) {}

  execute(actor: Actor, notemapId: number, noteId: number): Promise<void> {
    return removeRelation(this.uow, actor, NOTEMAP_NOTES, { notemapId, noteId });
  }
}
