import { inject, injectable } from 'tsyringe';
import { privateReader, requireScope, type Actor } from '../../domain/actor';
import { UNIT_OF_WORK, type UnitOfWork } from '../ports/unit-of-work';
import { findOwnNote } from './find-own-note';

/** Deletes a note and all that hangs off it (scope `delete`, its author only). */
@injectable()
export class DeleteNote {
  constructor(@inject(UNIT_OF_WORK) private readonly uow: UnitOfWork) {}

  async execute(actor: Actor, id: number): Promise<void> {
    const userId = requireScope(actor, 'delete');
    await this.uow.run(async ({ notes }) => {
      await findOwnNote(notes, id, userId, privateReader(actor));
      await notes.delete(id);
    });
  }
}
