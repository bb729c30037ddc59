import type { Scope } from '../../domain/scopes';
import { portToken } from './port-token';

export interface NewAccessToken {
  /** SHA-256 (hex) of the token; the token itself is never stored. */
  tokenHash: string;
  userId: number;
  /** The client's numeric id. */
  clientId: number;
  scopes: Scope[];
  expiresAt: Date | null;
  /** The authorization code it was issued for (directly or through refreshes), so a replayed code revokes it. */
  authorizationCodeId?: number | null;
}

export interface AccessTokenRecord extends NewAccessToken {
  id: number;
  authorizationCodeId: number | null;
  createdAt: Date;
  revokedAt: Date | null;
}

/** Issued access tokens, found by hash. OAuth and the operator CLI write the same store. */
export interface AccessTokenRepository {
  create(token: NewAccessToken, now: Date): Promise<number>;
  findByHash(tokenHash: string): Promise<AccessTokenRecord | null>;
  revoke(id: number, now: Date): Promise<void>;
  findById(id: number): Promise<AccessTokenRecord | null>;
  /** Revokes every token issued for an authorization code (the code was replayed). */
  revokeForAuthorizationCode(authorizationCodeId: number, now: Date): Promise<void>;
  /** Revokes every token a user gave a client (the user revoked the application). */
  revokeForUserAndClient(userId: number, clientId: number, now: Date): Promise<void>;
}
export const ACCESS_TOKEN_REPOSITORY = portToken<AccessTokenRepository>('AccessTokenRepository');
