import { inject, injectable } from 'tsyringe';
import type { AuthorizationView, AuthorizationViews } from '../../../application/ports/authorization-views';
import { formatScopes, isScope, type Scope } from '../../../domain/scopes';
import { MEMORY_STORE, type MemoryStore } from './memory-store';

@injectable()
export class MemoryAuthorizationViews implements AuthorizationViews {
  constructor(@inject(MEMORY_STORE) private readonly store: MemoryStore) {}

  listForUser(userId: number, now: Date): Promise<AuthorizationView[]> {
    return this.store.with(({ accessTokens, refreshTokens, clients, webhookSubscriptions }) => {
      const live = [...accessTokens, ...refreshTokens].filter((t) =>
        t.userId === userId && t.revokedAt === null && (t.expiresAt === null || t.expiresAt > now));
      const byClient = new Map<number, { scopes: Set<Scope>; since: Date }>();
      for (const token of live) {
        const entry = byClient.get(token.clientId) ?? { scopes: new Set<Scope>(), since: token.createdAt };
        token.scopes.forEach((s) => entry.scopes.add(s));
        if (token.createdAt < entry.since) entry.since = token.createdAt;
        byClient.set(token.clientId, entry);
      }
      // The subscriptions each client made for the user: either puts the client on the list.
      const hooks = new Map<number, { count: number; since: Date }>();
      for (const subscription of webhookSubscriptions.filter((s) => s.userId === userId)) {
        const entry = hooks.get(subscription.clientId) ?? { count: 0, since: subscription.createdAt };
        entry.count += 1;
        if (subscription.createdAt < entry.since) entry.since = subscription.createdAt;
        hooks.set(subscription.clientId, entry);
      }
      return [...new Set([...byClient.keys(), ...hooks.keys()])].flatMap((id) => {
        const client = clients.find((c) => c.id === id);
        if (!client) return [];
        const tokens = byClient.get(id);
        const scopes = tokens === undefined ? [] : formatScopes(tokens.scopes).split(' ').filter(isScope);
        const since = tokens?.since ?? hooks.get(id)!.since;
        return [{ clientId: client.clientId, name: client.name, scopes, webhooks: hooks.get(id)?.count ?? 0, since: new Date(since), id }];
      })
        .sort((a, b) => b.since.getTime() - a.since.getTime() || b.id - a.id)
        .map(({ id: _id, ...view }) => view);
    });
  }
}
