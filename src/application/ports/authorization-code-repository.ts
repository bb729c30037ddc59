import type { Scope } from '../../domain/scopes';
import { portToken } from './port-token';

export interface NewAuthorizationCode {
  /** SHA-256 (hex) of the code; the code itself is never stored. */
  codeHash: string;
  /** The client's numeric id. */
  clientId: number;
  userId: number;
  /** The redirect URI the code was sent to; the token request must name the same one. */
  redirectUri: string;
  /** What the user granted on the consent page. */
  scopes: Scope[];
  /** PKCE (RFC 7636): the challenge and its method, when the client sent one. */
  codeChallenge: string | null;
  codeChallengeMethod: string | null;
  expiresAt: Date;
}

export interface AuthorizationCodeRecord extends NewAuthorizationCode {
  id: number;
  /** When the code was exchanged; a code is good once. */
  usedAt: Date | null;
  createdAt: Date;
}

/** Authorization codes of the OAuth code flow, found by hash. */
export interface AuthorizationCodeRepository {
  create(code: NewAuthorizationCode, now: Date): Promise<number>;
  findByHash(codeHash: string): Promise<AuthorizationCodeRecord | null>;
  /** Marks the code used; false when it already was (a replay), so two exchanges never both succeed. */
  markUsed(id: number, now: Date): Promise<boolean>;
  /** Marks every unused code a user gave a client used (the user revoked the application). */
  markUsedForUserAndClient(userId: number, clientId: number, now: Date): Promise<void>;
}
export const AUTHORIZATION_CODE_REPOSITORY = portToken<AuthorizationCodeRepository>('AuthorizationCodeRepository');
