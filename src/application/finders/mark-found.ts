import { inject, injectable } from 'tsyringe';
import { privateReader, requireScope, type Actor } from '../../domain/actor';
import { findReadableNote } from '../favorites/find-readable-note';
import { CLOCK, type Clock } from '../ports/clock';
import { UNIT_OF_WORK, type UnitOfWork } from '../ports/unit-of-work';

/** The actor marks a note they may read as found (scope `write`); true the first time, false on a repeat. */
@injectable()
export class MarkFound {
  constructor(
    @inject(UNIT_OF_WORK) private readonly uow: UnitOfWork,
    @inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(actor: Actor, noteId: number): Promise<boolean> {
    const userId = requireScope(actor, 'write');
    return this.uow.run(async ({ notes, finds }) => {
      await findReadableNote(notes, noteId, privateReader(actor));
      return finds.add(noteId, userId, this.clock.now());
    });
  }
}
