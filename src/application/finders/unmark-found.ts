import { inject, injectable } from 'tsyringe';
import { privateReader, requireScope, type Actor } from '../../domain/actor';
import { DomainError } from '../../domain/domain-error';
import { findReadableNote } from '../favorites/find-readable-note';
import { requireOwnRelation } from '../favorites/own-relation';
import { UNIT_OF_WORK, type UnitOfWork } from '../ports/unit-of-work';

/** Unmarks a note the actor marked found (scope `write`); `userId` must be the actor; 404 when it was not marked. */
@injectable()
export class UnmarkFound {
  constructor(@inject(UNIT_OF_WORK) private readonly uow: UnitOfWork) {}

  async execute(actor: Actor, noteId: number, userId: number): Promise<void> {
    const actorId = requireScope(actor, 'write');
    await this.uow.run(async ({ notes, finds }) => {
      await findReadableNote(notes, noteId, privateReader(actor));
      requireOwnRelation(actorId, userId, 'find');
      if (!(await finds.remove(noteId, actorId))) {
        throw new DomainError('not_found', `user ${actorId} has not marked note ${noteId} found`);
      }
    });
  }
}
