import { inject, injectable } from 'tsyringe';
import type { Actor } from '../../domain/actor';
import { CLOCK, type Clock } from '../ports/clock';
import { UNIT_OF_WORK, type UnitOfWork } from '../ports/unit-of-work';
import { addRelation } from '../relations/relation';
import { NOTEMAP_NOTES } from './notemap-relations';

/** Puts a note the creator may read into their notemap (scope `write`); false when it was already there (no change). */
@injectable()
export class AddNotemapNote {
  constructor(@inject(UNIT_OF_WORK) private readonly uow: UnitOfWork, @inject(CLOCK) private readonly clock: Clock) {}

  execute(actor: Actor, notemapId: number, noteId: number): Promise<boolean> {
    return addRelation(this.uow, this.clock, actor, NOTEMAP_NOTES, () => ({ notemapId, noteId }));
  }
}
