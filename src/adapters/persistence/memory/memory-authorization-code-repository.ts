import { inject, injectable } from 'tsyringe';
import type {
  AuthorizationCodeRecord, AuthorizationCodeRepository, NewAuthorizationCode,
} from '../../../application/ports/authorization-code-repository';
import { DomainError } from '../../../domain/domain-error';
import { MEMORY_STORE, type MemoryStore } from './memory-store';

@injectable()
export class MemoryAuthorizationCodeRepository implements AuthorizationCodeRepository {
  constructor(@inject(MEMORY_STORE) private readonly store: MemoryStore) {}

  create(code: NewAuthorizationCode, now: Date): Promise<number> {
    return this.store.with(({ authorizationCodes }) => {
      if (authorizationCodes.some((c) => c.codeHash === code.codeHash)) {
        throw new DomainError('conflict', 'an authorization code with this hash exists');
      }
      const id = this.store.nextId('authorizationCodes');
      authorizationCodes.push({ ...structuredClone(code), id, usedAt: null, createdAt: new Date(now) });
      return id;
    });
  }

  findByHash(codeHash: string): Promise<AuthorizationCodeRecord | null> {
    return this.store.with(({ authorizationCodes }) => {
      const code = authorizationCodes.find((c) => c.codeHash === codeHash);
      return code ? structuredClone(code) : null;
    });
  }

  markUsed(id: number, now: Date): Promise<boolean> {
    return this.store.with(({ authorizationCodes }) => {
      const code = authorizationCodes.find((c) => c.id === id);
      if (!code || code.usedAt !== null) return false;
      code.usedAt = new Date(now);
      return true;
    });
  }

  markUsedForUserAndClient(userId: number, clientId: number, now: Date): Promise<void> {
    return this.store.with(({ authorizationCodes }) => {
      for (const code of authorizationCodes) {
        if (code.userId === userId && code.clientId === clientId && code.usedAt === null) code.usedAt = new Date(now);
      }
    });
  }
}
