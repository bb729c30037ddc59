import { inject, injectable } from 'tsyringe';
import type { Actor } from '../../domain/actor';
import { CLOCK, type Clock } from '../ports/clock';
import { UNIT_OF_WORK, type UnitOfWork } from '../ports/unit-of-work';
import { addRelation } from '../relations/relation';
import { NOTE_FAVORITES } from './note-mark-relations';

/** The actor favorites a note they may read (scope `write`); true the first time, false on a repeat. */
@injectable()
export class FavoriteNote {
  constructor(@inject(UNIT_OF_WORK) private readonly uow: UnitOfWork, @inject(CLOCK) private readonly clock: Clock) {}

  execute(actor: Actor, noteId: number): Promise<boolean> {
    return addRelation(this.uow, this.clock, actor, NOTE_FAVORITES, (userId) => ({ noteId, userId }));
  }
}
