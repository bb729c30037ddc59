import { inject, injectable } from 'tsyringe';
import { DomainError } from '../../domain/domain-error';
import { newSecret, sha256Hex } from '../auth/secrets';
import { UNIT_OF_WORK, type UnitOfWork } from '../ports/unit-of-work';

/** Replaces an application's secret; the old one stops working at once. Only its owner may. */
@injectable()
export class RegenerateClientSecret {
  constructor(@inject(UNIT_OF_WORK) private readonly uow: UnitOfWork) {}

  async execute(ownerId: number, clientId: string): Promise<{ clientId: string; clientSecret: string }> {
    const clientSecret = newSecret();
    await this.uow.run(async ({ clients }) => {
      const client = await clients.findByClientId(clientId);
      // Someone else's application is reported as missing, so ids do not leak.
      if (client === null || client.ownerId !== ownerId) throw DomainError.notFound('application', clientId);
      if (client.secretHash === null) throw DomainError.invalid([{ name: 'client_id', problem: 'is a public application: it has no secret' }]);
      await clients.setSecretHash(client.id, sha256Hex(clientSecret));
    });
    return { clientId, clientSecret };
  }
}
