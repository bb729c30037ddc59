import { inject, injectable } from 'tsyringe';
import type { Actor } from '../../domain/actor';
import { NOTE_FINDS } from '../favorites/note-mark-relations';
import { UNIT_OF_WORK, type UnitOfWork } from '../ports/unit-of-work';
import { removeRelation } from '../relations/relation';

/** Unmarks a note the actor marked found (scope `write`); `userId` must be the actor; 404 when it was not marked. */
@injectable()
export class UnmarkFound {
  constructor(@inject(UNIT_OF_WORK) private readonly uow: UnitOfWork) {}

  execute(actor: Actor, noteId: number, userId: number): Promise<void> {
    return removeRelation(this.uow, actor, NOTE_FINDS, { noteId, userId });
  }
}
