import { inject, injectable } from 'tsyringe';
import { requireScope, type Actor } from '../../domain/actor';
import { applyNotemapFields, type NotemapFields } from '../../domain/notemap';
import { CLOCK, type Clock } from '../ports/clock';
import { UNIT_OF_WORK, type UnitOfWork } from '../ports/unit-of-work';
import { findOwnNotemap } from './find-own-notemap';

/** Renames a notemap and sets its description (scope `write`, its creator only). */
@injectable()
export class UpdateNotemap {
  constructor(
    @inject(UNIT_OF_WORK) private readonly uow: UnitOfWork,
    @inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(actor: Actor, id: number, fields: NotemapFields): Promise<void> {
    const userId = requireScope(actor, 'write');
    await this.uow.run(async ({ notemaps }) => {
      const notemap = await findOwnNotemap(notemaps, id, userId);
      await notemaps.update(id, applyNotemapFields(notemap, fields), this.clock.now());
    });
  }
}
