import type { Scope } from '../../domain/scopes';

export interface NewRefreshToken {
  /** SHA-256 (hex) of the token; the token itself is never stored. */
  tokenHash: string;
  /** The access token issued with it. */
  accessTokenId: number | null;
  userId: number;
  /** The client's numeric id. */
  clientId: number;
  scopes: Scope[];
  expiresAt: Date | null;
}

export interface RefreshTokenRecord extends NewRefreshToken {
  id: number;
  createdAt: Date;
  revokedAt: Date | null;
}

/** Refresh tokens (OAuth), found by hash; each is used once and replaced (rotation). */
export interface RefreshTokenRepository {
  create(token: NewRefreshToken, now: Date): Promise<number>;
  findByHash(tokenHash: string): Promise<RefreshTokenRecord | null>;
  /** Revokes one token; false when it was revoked already, so one refresh token is redeemed once. */
  revoke(id: number, now: Date): Promise<boolean>;
  /** Revokes the refresh tokens issued with an access token. */
  revokeForAccessToken(accessTokenId: number, now: Date): Promise<void>;
  /** Revokes the refresh tokens whose access tokens came from an authorization code (a replayed code). */
  revokeForAuthorizationCode(authorizationCodeId: number, now: Date): Promise<void>;
  /** Revokes every refresh token a user gave a client. */
  revokeForUserAndClient(userId: number, clientId: number, now: Date): Promise<void>;
}
