import { inject, injectable } from 'tsyringe';
import { requireScope, type Actor } from '../../domain/actor';
import { applyNoteFields } from '../../domain/note';
import { CLOCK, type Clock } from '../ports/clock';
import { UNIT_OF_WORK, type UnitOfWork } from '../ports/unit-of-work';
import type { NoteInput } from './note-input';
import { resolveRecipients } from './resolve-recipients';

/** Posts a note for the actor (scope `notes`); returns its id. */
@injectable()
export class CreateNote {
  constructor(
    @inject(UNIT_OF_WORK) private readonly uow: UnitOfWork,
    @inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(actor: Actor, input: NoteInput): Promise<number> {
    const authorId = requireScope(actor, 'notes');
    const content = applyNoteFields(null, input);
    return this.uow.run(async ({ users, notes }) => {
      const recipientIds = await resolveRecipients(users, input.recipients ?? []);
      return notes.create(authorId, content, recipientIds, this.clock.now());
    });
  }
}
