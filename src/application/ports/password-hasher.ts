import { portToken } from './port-token';
/** Hashes and checks passwords (argon2id). */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
}
export const PASSWORD_HASHER = portToken<PasswordHasher>('PasswordHasher');
