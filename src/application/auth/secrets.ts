import { createHash, randomBytes } from 'node:crypto';

/** A fresh random secret (256 bits, base64url) for tokens, client secrets and codes. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** How secrets are stored: the lowercase hex SHA-256 of the secret. */
export function sha256Hex(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}
