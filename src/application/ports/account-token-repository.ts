/** What a link in a mail is for. */
export type AccountTokenPurpose = 'verify_email' | 'reset_password';

export interface NewAccountToken {
  /** SHA-256 (hex) of the token in the link; the token itself is never stored. */
  tokenHash: string;
  userId: number;
  purpose: AccountTokenPurpose;
  /** The address the link was sent to (for a verification: the address it verifies). */
  email: string;
  expiresAt: Date;
}

export interface AccountToken extends NewAccountToken {
  id: number;
  usedAt: Date | null;
  /** When a newer link of the same purpose cancelled it. */
  replacedAt: Date | null;
  createdAt: Date;
}

/** Single-use links sent by mail (e-mail verification, password reset); reached through a unit of work's `accountTokens`. */
export interface AccountTokenRepository {
  /**
   * Locks the account's row until the transaction ends, so a throttle's count and the writes after it are one step
   * on every instance; false when there is no such account.
   */
  lockAccount(userId: number): Promise<boolean>;
  create(token: NewAccountToken, now: Date): Promise<number>;
  /** Cancels the account's links of this purpose that are neither used nor cancelled yet; answers how many. */
  replaceOpen(userId: number, purpose: AccountTokenPurpose, now: Date): Promise<number>;
  /** The link with this hash and purpose, locked until the transaction ends; null when there is none. */
  findByHash(tokenHash: string, purpose: AccountTokenPurpose): Promise<AccountToken | null>;
  markUsed(id: number, now: Date): Promise<void>;
}
