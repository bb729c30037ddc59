import { inject, injectable } from 'tsyringe';
import { requireScope, type Actor } from '../../domain/actor';
import { UNIT_OF_WORK, type UnitOfWork } from '../ports/unit-of-work';
import { findOwnNotemap } from './find-own-notemap';

/** Deletes a notemap with its memberships and follows (scope `write`, its creator only). */
@injectable()
export class DeleteNotemap {
  constructor(@inject(UNIT_OF_WORK) private readonly uow: UnitOfWork) {}

  async execute(actor: Actor, id: number): Promise<void> {
    const userId = requireScope(actor, 'write');
    await this.uow.run(async ({ notemaps }) => {
      await findOwnNotemap(notemaps, id, userId);
      await notemaps.delete(id);
    });
  }
}
