import type { Scope } from '../../domain/scopes';

export interface NewAccessToken {
  /** SHA-256 (hex) of the token; the token itself is never stored. */
  tokenHash: string;
  userId: number;
  /** The client's numeric id. */
  clientId: number;
  scopes: Scope[];
  expiresAt: Date | null;
}

export interface AccessTokenRecord extends NewAccessToken {
  id: number;
  createdAt: Date;
  revokedAt: Date | null;
}

/** Issued access tokens, found by hash. OAuth and the operator CLI write the same store. */
export interface AccessTokenRepository {
  create(token: NewAccessToken, now: Date): Promise<number>;
  findByHash(tokenHash: string): Promise<AccessTokenRecord | null>;
  revoke(id: number, now: Date): Promise<void>;
}
export const ACCESS_TOKEN_REPOSITORY = 'AccessTokenRepository';
