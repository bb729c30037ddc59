import { inject, injectable } from 'tsyringe';
import { requireScope, type Actor } from '../../domain/actor';
import { applyNotemapFields, type NotemapFields } from '../../domain/notemap';
import { CLOCK, type Clock } from '../ports/clock';
import type { NotemapView } from '../ports/notemap-views';
import { UNIT_OF_WORK, type UnitOfWork } from '../ports/unit-of-work';
import { requirePrecondition, type Precondition } from '../precondition';
import { viewerOf } from '../viewer';
import { findOwnNotemap } from './find-own-notemap';

/** Renames a notemap and sets its description (scope `write`, its creator only). */
@injectable()
export class UpdateNotemap {
  constructor(
    @inject(UNIT_OF_WORK) private readonly uow: UnitOfWork,
    @inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(actor: Actor, id: number, fields: NotemapFields, precondition?: Precondition<NotemapView>): Promise<void> {
    requireScope(actor, 'write');
    await this.uow.run(async ({ notemaps, blocks, views }) => {
      if (precondition) await notemaps.lock(id);
      const notemap = await findOwnNotemap({ notemaps, blocks }, id, actor);
      if (precondition) requirePrecondition(precondition, await views.notemaps.get(viewerOf(actor), id), `notemap ${id}`);
      await notemaps.update(id, applyNotemapFields(notemap, fields), this.clock.now());
    });
  }
}
