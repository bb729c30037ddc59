import { inject, injectable } from 'tsyringe';
import { DomainError } from '../../domain/domain-error';
import { CLOCK, type Clock } from '../ports/clock';
import { UNIT_OF_WORK, type UnitOfWork } from '../ports/unit-of-work';
import { WEBHOOK_SUBSCRIPTIONS, type WebhookSubscriptions } from '../ports/webhook-store';

/**
 * A member takes access back from an application: its tokens, refresh tokens and unused codes all stop working, and
 * the webhooks it subscribed for the member are deleted (no event of theirs reaches it any more).
 */
@injectable()
export class RevokeAuthorization {
  constructor(
    @inject(UNIT_OF_WORK) private readonly uow: UnitOfWork,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(WEBHOOK_SUBSCRIPTIONS) private readonly webhooks: WebhookSubscriptions,
  ) {}

  async execute(userId: number, clientId: string): Promise<void> {
    const now = this.clock.now();
    const client = await this.uow.run(async ({ clients, codes, tokens, refreshTokens }) => {
      const found = await clients.findByClientId(clientId);
      if (found === null) throw DomainError.notFound('application', clientId);
      await codes.markUsedForUserAndClient(userId, found.id, now);
      await refreshTokens.revokeForUserAndClient(userId, found.id, now);
      await tokens.revokeForUserAndClient(userId, found.id, now);
      return found;
    });
    // After the tokens: the application can no longer subscribe again in between.
    await this.webhooks.deleteOfUserAndClient(userId, client.id);
  }
}
