import { inject, injectable } from 'tsyringe';
import type {
  AccountToken, AccountTokenPurpose, AccountTokenRepository, NewAccountToken,
} from '../../../application/ports/account-token-repository';
import { DomainError } from '../../../domain/domain-error';
import { MEMORY_STORE, type MemoryStore } from './memory-store';

@injectable()
export class MemoryAccountTokenRepository implements AccountTokenRepository {
  constructor(@inject(MEMORY_STORE) private readonly store: MemoryStore) {}

  lockAccount(userId: number): Promise<boolean> {
    // The store's one lock already makes a unit of work exclusive.
    return this.store.with(({ users }) => users.some((u) => u.id === userId));
  }

  create(token: NewAccountToken, now: Date): Promise<number> {
    return this.store.with(({ accountTokens, users }) => {
      if (accountTokens.some((t) => t.tokenHash === token.tokenHash)) throw new DomainError('conflict', 'a link with this hash exists');
      if (!users.some((u) => u.id === token.userId)) throw DomainError.notFound('user', token.userId);
      const id = this.store.nextId('accountTokens');
      accountTokens.push({ ...structuredClone(token), id, usedAt: null, replacedAt: null, createdAt: new Date(now) });
      return id;
    });
  }

  replaceOpen(userId: number, purpose: AccountTokenPurpose, now: Date): Promise<number> {
    return this.store.with(({ accountTokens }) => {
      const open = accountTokens.filter((t) => t.userId === userId && t.purpose === purpose && t.usedAt === null && t.replacedAt === null);
      for (const token of open) token.replacedAt = new Date(now);
      return open.length;
    });
  }

  findByHash(tokenHash: string, purpose: AccountTokenPurpose): Promise<AccountToken | null> {
    return this.store.with(({ accountTokens }) => {
      const token = accountTokens.find((t) => t.tokenHash === tokenHash && t.purpose === purpose);
      return token ? structuredClone(token) : null;
    });
  }

  markUsed(id: number, now: Date): Promise<void> {
    return this.store.with(({ accountTokens }) => {
      const token = accountTokens.find((t) => t.id === id);
      if (token) token.usedAt = new Date(now);
    });
  }
}
