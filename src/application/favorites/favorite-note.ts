import { inject, injectable } from 'tsyringe';
import { privateReader, requireScope, type Actor } from '../../domain/actor';
import { CLOCK, type Clock } from '../ports/clock';
import { UNIT_OF_WORK, type UnitOfWork } from '../ports/unit-of-work';
import { findReadableNote } from './find-readable-note';

/** The actor favorites a note they may read (scope `write`); true the first time, false on a repeat. */
@injectable()
export class FavoriteNote {
  constructor(
    @inject(UNIT_OF_WORK) private readonly uow: UnitOfWork,
    @inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(actor: Actor, noteId: number): Promise<boolean> {
    const userId = requireScope(actor, 'write');
    return this.uow.run(async ({ notes, favorites }) => {
      await findReadableNote(notes, noteId, privateReader(actor));
      return favorites.add(noteId, userId, this.clock.now());
    });
  }
}
