import { inject, injectable } from 'tsyringe';
import { grantAllows, nextAttemptAt, webhookEventId } from '../../domain/webhook';
import { CLOCK, type Clock } from '../ports/clock';
import { WEBHOOK_SENDER, type WebhookSender } from '../ports/webhook-delivery';
import {
  ownerKey, WEBHOOK_OUTBOX, WEBHOOK_SUBSCRIPTIONS, type AttemptReport, type DueDelivery, type WebhookOutbox, type WebhookOwner,
  type WebhookSubscriptions,
} from '../ports/webhook-store';

/** How long a worker holds a delivery it attempts: well past the 10 s an attempt may last. */
export const DELIVERY_LEASE_MS = 60_000;
/** Events (with their deliveries and log) are kept a week, then purged. */
export const KEEP_EVENTS_MS = 7 * 24 * 3_600_000;

/** Reports are written together: up to this many, or what came within REPORT_WAIT_MS of the first. */
const REPORTS_PER_WRITE = 32;
const REPORT_WAIT_MS = 10;

/** Gathers the attempts' reports and writes them in one statement each few milliseconds, instead of one each. */
class ReportWriter {
  #waiting: { deliveryId: string; report: AttemptReport; written: () => void; failed: (error: unknown) => void }[] = [];
  #timer: NodeJS.Timeout | null = null;

  constructor(private readonly outbox: WebhookOutbox) {}

  write(deliveryId: string, report: AttemptReport): Promise<void> {
    return new Promise<void>((written, failed) => {
      this.#waiting.push({ deliveryId, report, written, failed });
      if (this.#waiting.length >= REPORTS_PER_WRITE) this.#flush();
      else this.#timer ??= setTimeout(() => this.#flush(), REPORT_WAIT_MS);
    });
  }

  #flush(): void {
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
    const batch = this.#waiting;
    this.#waiting = [];
    this.outbox.reportMany(batch.map(({ deliveryId, report }) => ({ deliveryId, report }))).then(
      () => { for (const entry of batch) entry.written(); },
      (error: unknown) => { for (const entry of batch) entry.failed(error); },
    );
  }
}

/**
 * Attempts the deliveries that are due (docs/events.md, Retries): each is signed and posted; a 2xx is delivered,
 * anything else is tried again about 5 s, 30 s, 2 min, 15 min and 1 h later, then every hour, until 24 hours after
 * the event, when it is given up. Every attempt is logged. Each is sent only while its user's grant to its application
 * is live and still allows what its body shows (docs/events.md, Webhooks): a lapsed grant's subscriptions are deleted, and a
 * delivery written for more than the grant holds now is dropped unsent.
 */
@injectable()
export class DeliverWebhooks {
  constructor(
    @inject(WEBHOOK_OUTBOX) private readonly outbox: WebhookOutbox,
    @inject(WEBHOOK_SUBSCRIPTIONS) private readonly subscriptions: WebhookSubscriptions,
    @inject(WEBHOOK_SENDER) private readonly sender: WebhookSender,
    @inject(CLOCK) private readonly clock: Clock,
  ) {
    this.#reports = new ReportWriter(outbox);
  }

  readonly #reports: ReportWriter;

  /** Attempts up to `limit` due deliveries at once; returns how many it took (0: none was due). */
  async execute(limit: number): Promise<number> {
    const due = await this.claim(limit);
    await Promise.all(due.map((delivery) => this.attempt(delivery)));
    return due.length;
  }

  /**
   * Leases up to `limit` due deliveries to this worker (for a minute: long past an attempt's 10 s), and answers those
   * whose grant still allows them: the grants are read after the lease, so a revocation or an expiry before it is
   * seen, whatever the delivery was written with.
   */
  async claim(limit: number): Promise<DueDelivery[]> {
    const now = this.clock.now();
    const due = await this.outbox.claimDue(now, limit, DELIVERY_LEASE_MS);
    if (due.length === 0) return due;
    const grants = await this.subscriptions.grants(due.map(({ userId, clientId }) => ({ userId, clientId })), now);
    const lapsed = new Map<string, WebhookOwner>();
    const dropped: string[] = [];
    const allowed = due.filter((delivery) => {
      const grant = grants.get(ownerKey(delivery));
      if (grant === undefined) lapsed.set(ownerKey(delivery), { userId: delivery.userId, clientId: delivery.clientId });
      else if (!grantAllows(grant, delivery.scopes)) dropped.push(delivery.id);
      else return true;
      return false;
    });
    // A lapsed grant's subscriptions go, their deliveries with them (one that a new token revived keeps its lease,
    // and is tried when it ends).
    if (lapsed.size > 0) await this.subscriptions.deleteLapsed(now, [...lapsed.values()]);
    if (dropped.length > 0) await this.outbox.drop(dropped);
    return allowed;
  }

  /** Sends one leased delivery and reports how it went. */
  async attempt(delivery: DueDelivery): Promise<void> {
    const outcome = await this.sender.send({
      url: delivery.url, secret: delivery.secret, id: webhookEventId(delivery.eventId), body: delivery.body, at: this.clock.now(),
    });
    const at = this.clock.now();
    let next: AttemptReport['next'] = { state: 'delivered' };
    if (!outcome.delivered) {
      const nextAt = nextAttemptAt(delivery.eventAt, delivery.attempt, at);
      next = nextAt === null ? { state: 'failed' } : { state: 'pending', nextAt };
    }
    await this.#reports.write(delivery.id, {
      attempt: delivery.attempt, status: outcome.status, error: outcome.delivered ? null : outcome.error, at, next,
    });
  }
}

/** Deletes the events older than a week, with their deliveries and log (pending deliveries are kept). */
@injectable()
export class PurgeWebhookEvents {
  constructor(
    @inject(WEBHOOK_OUTBOX) private readonly outbox: WebhookOutbox,
    @inject(CLOCK) private readonly clock: Clock,
  ) {}

  execute(): Promise<number> {
    return this.outbox.purge(new Date(this.clock.now().getTime() - KEEP_EVENTS_MS));
  }
}
