import { inject, injectable } from 'tsyringe';
import type { Actor } from '../../domain/actor';
import { UNIT_OF_WORK, type UnitOfWork } from '../ports/unit-of-work';
import { removeRelation } from '../relations/relation';
import { NOTE_FAVORITES } from './note-mark-relations';

/** Removes the actor's favorite of a note (scope `write`); `userId` must be the actor; 404 when there is none. */
@injectable()
export class UnfavoriteNote {
  constructor(@inject(UNIT_OF_WORK) private readonly uow: UnitOfWork) {}

  execute(actor: Actor, noteId: number, userId: number): Promise<void> {
    return removeRelation(this.uow, actor, NOTE_FAVORITES, { noteId, userId });
  }
}
