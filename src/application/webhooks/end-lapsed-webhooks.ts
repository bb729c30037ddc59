import { inject, injectable } from 'tsyringe';
import { CLOCK, type Clock } from '../ports/clock';
import { WEBHOOK_SUBSCRIPTIONS, type WebhookOwner, type WebhookSubscriptions } from '../ports/webhook-store';

/**
 * A subscription lasts as long as its user's grant to its application: their live (unrevoked, unexpired) access and
 * refresh tokens (docs/events.md, Webhooks). This deletes the subscriptions whose grant has lapsed, with their waiting
 * deliveries: those of some owners right after a revocation that may have ended their grant, or all of them (the
 * worker's sweep, for grants that ended by expiry, with no write to notice). Deliveries check the grant themselves
 * too, so nothing is sent in between.
 */
@injectable()
export class EndLapsedWebhooks {
  constructor(
    @inject(WEBHOOK_SUBSCRIPTIONS) private readonly subscriptions: WebhookSubscriptions,
    @inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Returns how many subscriptions were deleted. */
  execute(owners?: readonly WebhookOwner[]): Promise<number> {
    return this.subscriptions.deleteLapsed(this.clock.now(), owners);
  }
}
