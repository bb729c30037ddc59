import { inject, injectable } from 'tsyringe';
import { requireScope, type Actor } from '../../domain/actor';
import { DomainError } from '../../domain/domain-error';
import { UNIT_OF_WORK, type UnitOfWork } from '../ports/unit-of-work';
import { findOwnNotemap } from './find-own-notemap';

/**
 * Takes a note out of a notemap (scope `write`, its creator only); 404 when the notemap does not hold it. The
 * notemap's row is locked first, then the note's, before the membership's: the order a deletion of the note takes.
 */
@injectable()
export class RemoveNotemapNote {
  constructor(@inject(UNIT_OF_WORK) private readonly uow: UnitOfWork) {}

  async execute(actor: Actor, notemapId: number, noteId: number): Promise<void> {
    const userId = requireScope(actor, 'write');
    await this.uow.run(async ({ notemaps, notes }) => {
      await findOwnNotemap(notemaps, notemapId, userId, { lock: true });
      await notes.lock(noteId);
      if (!(await notemaps.removeNote(notemapId, noteId))) {
        throw new DomainError('not_found', `notemap ${notemapId} does not hold note ${noteId}`);
      }
    });
  }
}
