import { inject, injectable } from 'tsyringe';
import type {
  AttemptReport, DueDelivery, NewDelivery, WebhookEvent, WebhookOutbox, WebhookSubscription,
} from '../../../application/ports/webhook-store';
import { MEMORY_STORE, type MemoryStore, type StoredWebhookEvent } from './memory-store';

const FAN_OUT_LEASE_MS = 60_000;

function eventOf({ unit: _unit, dispatched: _dispatched, leasedUntil: _leasedUntil, ...event }: StoredWebhookEvent): WebhookEvent {
  return structuredClone(event) as WebhookEvent;
}

/** The outbox in memory, with the database adapter's leases (one process, but the same rules). */
@injectable()
export class MemoryWebhookOutbox implements WebhookOutbox {
  constructor(@inject(MEMORY_STORE) private readonly store: MemoryStore) {}

  async fanOut(
    now: Date,
    limit: number,
    fanOut: (events: { event: WebhookEvent; subscriptions: WebhookSubscription[] }[]) => Promise<NewDelivery[]>,
  ): Promise<number> {
    const taken = await this.store.with((state) => {
      const events = state.webhookEvents
        .filter((e) => !e.dispatched && (e.leasedUntil === null || e.leasedUntil < new Date()))
        .slice(0, limit);
      for (const event of events) event.leasedUntil = new Date(Date.now() + FAN_OUT_LEASE_MS);
      return events.map((stored) => {
        const event = eventOf(stored);
        const subscriptions = state.webhookSubscriptions
          .filter((s) => s.events.includes(event.type) && (event.type !== 'user.followed' || s.userId === event.followedId))
          .map(({ secret: _secret, ...s }) => structuredClone(s));
        return { event, subscriptions };
      });
    });
    if (taken.length === 0) return 0;
    const deliveries = await fanOut(taken);
    await this.store.with((state) => {
      for (const d of deliveries) {
        const exists = state.webhookSubscriptions.some((s) => s.id === d.subscriptionId);
        const twice = state.webhookDeliveries.some((x) => x.eventId === d.eventId && x.subscriptionId === d.subscriptionId);
        const event = state.webhookEvents.find((e) => e.id === d.eventId);
        if (!exists || twice || event === undefined) continue;
        state.webhookDeliveries.push({
          id: this.store.nextId('webhookDeliveries'), eventId: d.eventId, subscriptionId: d.subscriptionId, body: d.body, scopes: [...(d.scopes ?? [])],
          state: 'pending', attempts: 0, nextAt: new Date(now), leasedUntil: null, createdAt: new Date(event.at),
        });
      }
      const ids = new Set(taken.map(({ event }) => event.id));
      for (const event of state.webhookEvents) {
        if (ids.has(event.id)) Object.assign(event, { dispatched: true, leasedUntil: null });
      }
    });
    return taken.length;
  }

  claimDue(now: Date, limit: number, leaseMs: number): Promise<DueDelivery[]> {
    return this.store.with((state) => state.webhookDeliveries
      .filter((d) => d.state === 'pending' && d.nextAt <= now && (d.leasedUntil === null || d.leasedUntil <= now))
      .sort((a, b) => a.nextAt.getTime() - b.nextAt.getTime())
      .slice(0, limit)
      .flatMap((d) => {
        const subscription = state.webhookSubscriptions.find((s) => s.id === d.subscriptionId);
        if (subscription === undefined) return [];
        d.leasedUntil = new Date(now.getTime() + leaseMs);
        d.attempts += 1;
        return [{
          id: String(d.id), eventId: d.eventId, subscriptionId: d.subscriptionId, userId: subscription.userId, clientId: subscription.clientId,
          scopes: [...d.scopes], url: subscription.url, secret: subscription.secret, body: d.body, attempt: d.attempts, eventAt: new Date(d.createdAt),
        }];
      }));
  }

  report(deliveryId: string, report: AttemptReport): Promise<void> {
    return this.store.with((state) => {
      const delivery = state.webhookDeliveries.find((d) => String(d.id) === deliveryId);
      if (delivery === undefined) return;
      delivery.state = report.next.state;
      if (report.next.state === 'pending') delivery.nextAt = new Date(report.next.nextAt);
      delivery.leasedUntil = null;
      state.webhookAttempts.push({
        id: this.store.nextId('webhookAttempts'), deliveryId: delivery.id, subscriptionId: delivery.subscriptionId,
        attempt: report.attempt, status: report.status, error: report.error, at: new Date(report.at),
      });
    });
  }

  drop(deliveryIds: readonly string[]): Promise<void> {
    return this.store.with((state) => {
      // Done, as a delivered or given-up one is: the attempts it had stay in the log.
      for (const delivery of state.webhookDeliveries) {
        if (deliveryIds.includes(String(delivery.id)) && delivery.state === 'pending') Object.assign(delivery, { state: 'dropped', leasedUntil: null });
      }
    });
  }

  async reportMany(reports: readonly { deliveryId: string; report: AttemptReport }[]): Promise<void> {
    for (const { deliveryId, report } of reports) await this.report(deliveryId, report);
  }

  purge(before: Date): Promise<number> {
    return this.store.with((state) => {
      const pending = new Set(state.webhookDeliveries.filter((d) => d.state === 'pending').map((d) => d.eventId));
      const gone = new Set(state.webhookEvents.filter((e) => e.at < before && e.dispatched && !pending.has(e.id)).map((e) => e.id));
      if (gone.size === 0) return 0;
      state.webhookEvents = state.webhookEvents.filter((e) => !gone.has(e.id));
      const deliveries = new Set(state.webhookDeliveries.filter((d) => gone.has(d.eventId)).map((d) => d.id));
      state.webhookDeliveries = state.webhookDeliveries.filter((d) => !deliveries.has(d.id));
      state.webhookAttempts = state.webhookAttempts.filter((a) => !deliveries.has(a.deliveryId));
      return gone.size;
    });
  }

  onEvent(listener: () => void): () => void {
    return this.store.onWebhookEvent(listener);
  }
}
