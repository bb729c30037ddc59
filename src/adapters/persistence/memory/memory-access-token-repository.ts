import { inject, injectable } from 'tsyringe';
import type {
  AccessTokenRecord, AccessTokenRepository, NewAccessToken,
} from '../../../application/ports/access-token-repository';
import { DomainError } from '../../../domain/domain-error';
import { MEMORY_STORE, type MemoryStore } from './memory-store';

@injectable()
export class MemoryAccessTokenRepository implements AccessTokenRepository {
  constructor(@inject(MEMORY_STORE) private readonly store: MemoryStore) {}

  create(token: NewAccessToken, now: Date): Promise<number> {
    return this.store.with(({ accessTokens }) => {
      if (accessTokens.some((t) => t.tokenHash === token.tokenHash)) {
        throw new DomainError('conflict', 'an access token with this hash exists');
      }
      const id = this.store.nextId('accessTokens');
      accessTokens.push({
        ...structuredClone(token), authorizationCodeId: token.authorizationCodeId ?? null, id, createdAt: new Date(now), revokedAt: null,
      });
      return id;
    });
  }

  findByHash(tokenHash: string): Promise<AccessTokenRecord | null> {
    return this.store.with(({ accessTokens }) => {
      const token = accessTokens.find((t) => t.tokenHash === tokenHash);
      return token ? structuredClone(token) : null;
    });
  }

  findById(id: number): Promise<AccessTokenRecord | null> {
    return this.store.with(({ accessTokens }) => {
      const token = accessTokens.find((t) => t.id === id);
      return token ? structuredClone(token) : null;
    });
  }

  /** Revoking twice keeps the first revocation time. */
  revoke(id: number, now: Date): Promise<void> {
    return this.revokeWhere((t) => t.id === id, now);
  }

  revokeForAuthorizationCode(authorizationCodeId: number, now: Date): Promise<void> {
    return this.revokeWhere((t) => t.authorizationCodeId === authorizationCodeId, now);
  }

  revokeForUserAndClient(userId: number, clientId: number, now: Date): Promise<void> {
    return this.revokeWhere((t) => t.userId === userId && t.clientId === clientId, now);
  }

  private revokeWhere(matches: (token: AccessTokenRecord) => boolean, now: Date): Promise<void> {
    return this.store.with(({ accessTokens }) => {
      for (const token of accessTokens) {
        if (matches(token) && token.revokedAt === null) token.revokedAt = new Date(now);
      }
    });
  }
}
