import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { injectable } from 'tsyringe';
import type { PasswordHasher } from '../../application/ports/password-hasher';

// `Algorithm.Argon2id`: an ambient const enum, which per-file transpilation (jest, tsx) cannot inline.
const ARGON2ID = 2 as Algorithm;

// OWASP's argon2id minimum (docs/oauth.md): 19 MiB, 2 passes, one lane.
export const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Passwords as argon2id PHC strings; the parameters travel in the string, so old hashes still verify. */
@injectable()
export class Argon2PasswordHasher implements PasswordHasher {
  hash(password: string): Promise<string> {
    return hash(password, ARGON2_OPTIONS);
  }

  async verify(stored: string, password: string): Promise<boolean> {
    try {
      return await verify(stored, password);
    } catch {
      // A stored value that is not an argon2 hash matches no password.
      return false;
    }
  }
}
