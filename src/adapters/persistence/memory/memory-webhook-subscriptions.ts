import { inject, injectable } from 'tsyringe';
import type {
  NewWebhookSubscription, WebhookAttemptRecord, WebhookSubscription, WebhookSubscriptions,
} from '../../../application/ports/webhook-store';
import { MEMORY_STORE, type MemoryStore, type StoredWebhookSubscription } from './memory-store';

/** A subscription without its secret, as a copy. */
function shown({ secret: _secret, ...subscription }: StoredWebhookSubscription): WebhookSubscription {
  return structuredClone(subscription);
}

@injectable()
export class MemoryWebhookSubscriptions implements WebhookSubscriptions {
  constructor(@inject(MEMORY_STORE) private readonly store: MemoryStore) {}

  create(subscription: NewWebhookSubscription): Promise<WebhookSubscription> {
    return this.store.with((state) => {
      const stored = { ...structuredClone(subscription), id: this.store.nextId('webhookSubscriptions') };
      state.webhookSubscriptions.push(stored);
      return shown(stored);
    });
  }

  get(id: number): Promise<WebhookSubscription | null> {
    return this.store.with((state) => {
      const found = state.webhookSubscriptions.find((s) => s.id === id);
      return found === undefined ? null : shown(found);
    });
  }

  ofUserAndClient(userId: number, clientId: number): Promise<WebhookSubscription[]> {
    return this.store.with((state) => state.webhookSubscriptions.filter((s) => s.userId === userId && s.clientId === clientId).map(shown));
  }

  ofClients(clientIds: readonly number[]): Promise<WebhookSubscription[]> {
    return this.store.with((state) => state.webhookSubscriptions.filter((s) => clientIds.includes(s.clientId)).map(shown));
  }

  delete(id: number): Promise<boolean> {
    return this.store.with((state) => {
      if (!state.webhookSubscriptions.some((s) => s.id === id)) return false;
      state.webhookSubscriptions = state.webhookSubscriptions.filter((s) => s.id !== id);
      state.webhookDeliveries = state.webhookDeliveries.filter((d) => d.subscriptionId !== id);
      state.webhookAttempts = state.webhookAttempts.filter((a) => a.subscriptionId !== id);
      return true;
    });
  }

  async deleteOfUserAndClient(userId: number, clientId: number): Promise<number> {
    const ids = (await this.ofUserAndClient(userId, clientId)).map((s) => s.id);
    for (const id of ids) await this.delete(id);
    return ids.length;
  }

  async latestAttempts(subscriptionIds: readonly number[], each: number): Promise<Map<number, WebhookAttemptRecord[]>> {
    const found = new Map<number, WebhookAttemptRecord[]>();
    for (const id of subscriptionIds) {
      const attempts = await this.attempts(id, each);
      if (attempts.length > 0) found.set(id, attempts);
    }
    return found;
  }

  attempts(subscriptionId: number, limit: number): Promise<WebhookAttemptRecord[]> {
    return this.store.with((state) => state.webhookAttempts
      .filter((a) => a.subscriptionId === subscriptionId)
      .sort((a, b) => b.id - a.id)
      .slice(0, limit)
      .flatMap((a) => {
        const delivery = state.webhookDeliveries.find((d) => d.id === a.deliveryId);
        const event = state.webhookEvents.find((e) => e.id === delivery?.eventId);
        return delivery === undefined || event === undefined ? [] : [{
          eventId: delivery.eventId, type: event.type, attempt: a.attempt, status: a.status, error: a.error, at: new Date(a.at),
        }];
      }));
  }
}
