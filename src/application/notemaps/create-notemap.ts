import { inject, injectable } from 'tsyringe';
import { requireScope, type Actor } from '../../domain/actor';
import { applyNotemapFields, type NotemapFields } from '../../domain/notemap';
import { CLOCK, type Clock } from '../ports/clock';
import { UNIT_OF_WORK, type UnitOfWork } from '../ports/unit-of-work';

/** Makes a notemap for the actor (scope `write`); returns its id. */
@injectable()
export class CreateNotemap {
  constructor(
    @inject(UNIT_OF_WORK) private readonly uow: UnitOfWork,
    @inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(actor: Actor, fields: NotemapFields): Promise<number> {
    const ownerId = requireScope(actor, 'write');
    const content = applyNotemapFields(null, fields);
    return this.uow.run(({ notemaps }) => notemaps.create(ownerId, content, this.clock.now()));
  }
}
