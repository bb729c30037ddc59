import { inject, injectable } from 'tsyringe';
import type { NewRefreshToken, RefreshTokenRecord, RefreshTokenRepository } from '../../../application/ports/refresh-token-repository';
import { DomainError } from '../../../domain/domain-error';
import { MEMORY_STORE, type MemoryState, type MemoryStore } from './memory-store';

@injectable()
export class MemoryRefreshTokenRepository implements RefreshTokenRepository {
  constructor(@inject(MEMORY_STORE) private readonly store: MemoryStore) {}

  create(token: NewRefreshToken, now: Date): Promise<number> {
    return this.store.with(({ refreshTokens }) => {
      if (refreshTokens.some((t) => t.tokenHash === token.tokenHash)) {
        throw new DomainError('conflict', 'a refresh token with this hash exists');
      }
      const id = this.store.nextId('refreshTokens');
      refreshTokens.push({ ...structuredClone(token), id, createdAt: new Date(now), revokedAt: null });
      return id;
    });
  }

  findByHash(tokenHash: string): Promise<RefreshTokenRecord | null> {
    return this.store.with(({ refreshTokens }) => {
      const token = refreshTokens.find((t) => t.tokenHash === tokenHash);
      return token ? structuredClone(token) : null;
    });
  }

  async revoke(id: number, now: Date): Promise<boolean> {
    return (await this.revokeWhere(() => (t) => t.id === id, now)) > 0;
  }

  async revokeForAccessToken(accessTokenId: number, now: Date): Promise<void> {
    await this.revokeWhere(() => (t) => t.accessTokenId === accessTokenId, now);
  }

  async revokeForAuthorizationCode(authorizationCodeId: number, now: Date): Promise<void> {
    await this.revokeWhere((state) => {
      const fromCode = new Set(state.accessTokens.filter((a) => a.authorizationCodeId === authorizationCodeId).map((a) => a.id));
      return (t) => t.accessTokenId !== null && fromCode.has(t.accessTokenId);
    }, now);
  }

  async revokeForUserAndClient(userId: number, clientId: number, now: Date): Promise<void> {
    await this.revokeWhere(() => (t) => t.userId === userId && t.clientId === clientId, now);
  }

  /** Revokes the live tokens that match; returns how many it revoked. */
  private revokeWhere(matcher: (state: MemoryState) => (token: RefreshTokenRecord) => boolean, now: Date): Promise<number> {
    return this.store.with((state) => {
      const matches = matcher(state);
      let count = 0;
      for (const token of state.refreshTokens) {
        if (matches(token) && token.revokedAt === null) {
          token.revokedAt = new Date(now);
          count += 1;
        }
      }
      return count;
    });
  }
}
