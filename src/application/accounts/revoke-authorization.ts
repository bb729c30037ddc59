import { inject, injectable } from 'tsyringe';
import { DomainError } from '../../domain/domain-error';
import { CLOCK, type Clock } from '../ports/clock';
import { UNIT_OF_WORK, type UnitOfWork } from '../ports/unit-of-work';

/** A member takes access back from an application: its tokens, refresh tokens and unused codes all stop working. */
@injectable()
export class RevokeAuthorization {
  constructor(
    @inject(UNIT_OF_WORK) private readonly uow: UnitOfWork,
    @inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(userId: number, clientId: string): Promise<void> {
    const now = this.clock.now();
    await this.uow.run(async ({ clients, codes, tokens, refreshTokens }) => {
      const client = await clients.findByClientId(clientId);
      if (client === null) throw DomainError.notFound('application', clientId);
      await codes.markUsedForUserAndClient(userId, client.id, now);
      await refreshTokens.revokeForUserAndClient(userId, client.id, now);
      await tokens.revokeForUserAndClient(userId, client.id, now);
    });
  }
}
