import { inject, injectable } from 'tsyringe';
import { DomainError } from '../../domain/domain-error';
import { UNIT_OF_WORK, type UnitOfWork } from '../ports/unit-of-work';

/** Turns an application's client-side (implicit) flow on or off. Only its owner may. */
@injectable()
export class SetClientSideFlow {
  constructor(@inject(UNIT_OF_WORK) private readonly uow: UnitOfWork) {}

  async execute(ownerId: number, clientId: string, allow: boolean): Promise<void> {
    await this.uow.run(async ({ clients }) => {
      const client = await clients.findByClientId(clientId);
      // Someone else's application is reported as missing, so ids do not leak.
      if (client === null || client.ownerId !== ownerId) throw DomainError.notFound('application', clientId);
      if (client.allowImplicit !== allow) await clients.setAllowImplicit(client.id, allow);
    });
  }
}
