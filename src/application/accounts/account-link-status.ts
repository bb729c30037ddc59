import type { AccountToken } from '../ports/account-token-repository';

/** What a link from a mail is worth now. */
export type LinkStatus = 'valid' | 'expired' | 'used' | 'replaced' | 'unknown';

export function linkStatus(token: AccountToken | null, now: Date): LinkStatus {
  if (token === null) return 'unknown';
  if (token.usedAt !== null) return 'used';
  if (token.replacedAt !== null) return 'replaced';
  return token.expiresAt <= now ? 'expired' : 'valid';
}
