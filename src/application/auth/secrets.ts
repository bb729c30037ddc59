import { hash, randomBytes } from 'node:crypto';

/** A fresh random secret (256 bits, base64url) for tokens, client secrets and codes. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

// The last secret hashed and its hash: an authenticated request hashes its token twice (the rate limit's key,
// then the look-up), back to back.
let last: { secret: string; hex: string } | null = null;

/** How secrets are stored: the lowercase hex SHA-256 of the secret. */
export function sha256Hex(secret: string): string {
  if (last?.secret === secret) return last.hex;
  const hex = hash('sha256', secret, 'hex');
  last = { secret, hex };
  return hex;
}
