import { inject, injectable } from 'tsyringe';
import type { Page, PageRequest } from '../../../application/ports/paging';
import {
  ownerKey, type NewWebhookSubscription, type WebhookAttemptRecord, type WebhookOwner, type WebhookSubscription, type WebhookSubscriptions,
} from '../../../application/ports/webhook-store';
import type { Scope } from '../../../domain/scopes';
import { MEMORY_STORE, type MemoryState, type MemoryStore, type StoredWebhookSubscription } from './memory-store';

/** A subscription without its secret, as a copy. */
function shown({ secret: _secret, ...subscription }: StoredWebhookSubscription): WebhookSubscription {
  return structuredClone(subscription);
}

/** Every owner's grant at `now`: the scopes of their live access and refresh tokens together, by `ownerKey`. */
function liveGrants(state: MemoryState, now: Date): Map<string, Scope[]> {
  const grants = new Map<string, Set<Scope>>();
  for (const token of [...state.accessTokens, ...state.refreshTokens]) {
    if (token.revokedAt !== null || (token.expiresAt !== null && token.expiresAt <= now)) continue;
    const key = ownerKey(token);
    const scopes = grants.get(key) ?? new Set<Scope>();
    for (const scope of token.scopes) scopes.add(scope);
    grants.set(key, scopes);
  }
  return new Map([...grants].map(([key, scopes]) => [key, [...scopes]]));
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

  grants(owners: readonly WebhookOwner[], now: Date): Promise<Map<string, Scope[]>> {
    return this.store.with((state) => {
      const live = liveGrants(state, now);
      const found = new Map<string, Scope[]>();
      for (const owner of owners) {
        const scopes = live.get(ownerKey(owner));
        if (scopes !== undefined) found.set(ownerKey(owner), [...scopes]);
      }
      return found;
    });
  }

  async deleteLapsed(now: Date, owners?: readonly WebhookOwner[]): Promise<number> {
    const ids = await this.store.with((state) => {
      const live = liveGrants(state, now);
      const among = owners === undefined ? null : new Set(owners.map(ownerKey));
      return state.webhookSubscriptions
        .filter((s) => (among === null || among.has(ownerKey(s))) && !live.has(ownerKey(s)))
        .map((s) => s.id);
    });
    for (const id of ids) await this.delete(id);
    return ids.length;
  }

  async attemptPage(subscriptionId: number, page: PageRequest): Promise<Page<WebhookAttemptRecord>> {
    const all = await this.attempts(subscriptionId, Number.MAX_SAFE_INTEGER);
    return { items: all.slice(page.offset, page.offset + page.limit), total: all.length };
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
