import { inject, injectable } from 'tsyringe';
import { privateReader, requireScope, type Actor } from '../../domain/actor';
import { applyNoteFields } from '../../domain/note';
import { CLOCK, type Clock } from '../ports/clock';
import { UNIT_OF_WORK, type UnitOfWork } from '../ports/unit-of-work';
import { findOwnNote } from './find-own-note';
import type { NoteInput } from './note-input';
import { resolveRecipients } from './resolve-recipients';

/** Edits a note (scope `notes`, its author only); fields not sent keep their values. */
@injectable()
export class UpdateNote {
  constructor(
    @inject(UNIT_OF_WORK) private readonly uow: UnitOfWork,
    @inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(actor: Actor, id: number, input: NoteInput): Promise<void> {
    const userId = requireScope(actor, 'notes');
    await this.uow.run(async ({ users, notes }) => {
      const note = await findOwnNote(notes, id, userId, privateReader(actor));
      const content = applyNoteFields(note, input);
      const recipientIds = input.recipients === undefined ? null : await resolveRecipients(users, input.recipients);
      await notes.update(id, content, recipientIds, this.clock.now());
    });
  }
}
