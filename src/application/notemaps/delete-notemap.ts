import { inject, injectable } from 'tsyringe';
import { requireScope, type Actor } from '../../domain/actor';
import type { NotemapView } from '../ports/notemap-views';
import { UNIT_OF_WORK, type UnitOfWork } from '../ports/unit-of-work';
import { requirePrecondition, type Precondition } from '../precondition';
import { viewerOf } from '../viewer';
import { findOwnNotemap } from './find-own-notemap';

/** Deletes a notemap with its memberships and follows (scope `write`, its creator only); its row is locked first. */
@injectable()
export class DeleteNotemap {
  constructor(@inject(UNIT_OF_WORK) private readonly uow: UnitOfWork) {}

  async execute(actor: Actor, id: number, precondition?: Precondition<NotemapView>): Promise<void> {
    requireScope(actor, 'write');
    await this.uow.run(async ({ notemaps, blocks, views }) => {
      if (precondition) await notemaps.lock(id);
      await findOwnNotemap({ notemaps, blocks }, id, actor, { lock: true });
      if (precondition) requirePrecondition(precondition, await views.notemaps.get(viewerOf(actor), id), `notemap ${id}`);
      await notemaps.delete(id);
    });
  }
}
