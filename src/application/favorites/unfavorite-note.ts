import { inject, injectable } from 'tsyringe';
import { privateReader, requireScope, type Actor } from '../../domain/actor';
import { DomainError } from '../../domain/domain-error';
import { UNIT_OF_WORK, type UnitOfWork } from '../ports/unit-of-work';
import { findReadableNote } from './find-readable-note';
import { requireOwnRelation } from './own-relation';

/** Removes the actor's favorite of a note (scope `write`); `userId` must be the actor; 404 when there is none. */
@injectable()
export class UnfavoriteNote {
  constructor(@inject(UNIT_OF_WORK) private readonly uow: UnitOfWork) {}

  async execute(actor: Actor, noteId: number, userId: number): Promise<void> {
    const actorId = requireScope(actor, 'write');
    await this.uow.run(async ({ notes, favorites }) => {
      await findReadableNote(notes, noteId, privateReader(actor));
      requireOwnRelation(actorId, userId, 'favorite');
      if (!(await favorites.remove(noteId, actorId))) {
        throw new DomainError('not_found', `user ${actorId} has not favorited note ${noteId}`);
      }
    });
  }
}
