import { inject, injectable } from 'tsyringe';
import { privateReader, requireScope, type Actor } from '../../domain/actor';
import { DomainError } from '../../domain/domain-error';
import { canRead } from '../../domain/visibility';
import { CLOCK, type Clock } from '../ports/clock';
import { UNIT_OF_WORK, type UnitOfWork } from '../ports/unit-of-work';
import { findOwnNotemap } from './find-own-notemap';

/**
 * Puts a note the creator may read into their notemap (scope `write`); returns false when it was
 * already there, which changes nothing. A note they may not read is 404, as if it did not exist. The notemap's
 * row is locked first, then the note's, so a deletion of either waits or has already happened (404).
 */
@injectable()
export class AddNotemapNote {
  constructor(
    @inject(UNIT_OF_WORK) private readonly uow: UnitOfWork,
    @inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(actor: Actor, notemapId: number, noteId: number): Promise<boolean> {
    const userId = requireScope(actor, 'write');
    return this.uow.run(async ({ notemaps, notes }) => {
      await findOwnNotemap(notemaps, notemapId, userId, { lock: true });
      const note = await notes.findById(noteId, { lock: true });
      if (note === null || !canRead(note, privateReader(actor))) throw DomainError.notFound('note', noteId);
      return notemaps.addNote(notemapId, noteId, this.clock.now());
    });
  }
}
