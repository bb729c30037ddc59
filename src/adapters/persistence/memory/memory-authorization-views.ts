import { inject, injectable } from 'tsyringe';
import type { AuthorizationView, AuthorizationViews } from '../../../application/ports/authorization-views';
import { formatScopes, isScope, type Scope } from '../../../domain/scopes';
import { MEMORY_STORE, type MemoryStore } from './memory-store';

@injectable()
export class MemoryAuthorizationViews implements AuthorizationViews {
  constructor(@inject(MEMORY_STORE) private readonly store: MemoryStore) {}

  listForUser(userId: number, now: Date): Promise<AuthorizationView[]> {
    return this.store.with(({ accessTokens, refreshTokens, clients }) => {
      const live = [...accessTokens, ...refreshTokens].filter((t) =>
        t.userId === userId && t.revokedAt === null && (t.expiresAt === null || t.expiresAt > now));
      const byClient = new Map<number, { scopes: Set<Scope>; since: Date }>();
      for (const token of live) {
        const entry = byClient.get(token.clientId) ?? { scopes: new Set<Scope>(), since: token.createdAt };
        token.scopes.forEach((s) => entry.scopes.add(s));
        if (token.createdAt < entry.since) entry.since = token.createdAt;
        byClient.set(token.clientId, entry);
      }
      return [...byClient].flatMap(([id, entry]) => {
        const client = clients.find((c) => c.id === id);
        if (!client) return [];
        const scopes = formatScopes(entry.scopes).split(' ').filter(isScope);
        return [{ clientId: client.clientId, name: client.name, scopes, since: new Date(entry.since), id }];
      })
        .sort((a, b) => b.since.getTime() - a.since.getTime() || b.id - a.id)
        .map(({ id: _id, ...view }) => view);
    });
  }
}
