import type { User } from '../../domain/user';
import { portToken } from './port-token';

export interface NewUser {
  username: string;
  email: string;
  passwordHash: string;
  name: string | null;
  avatarHash: string;
  /** When the e-mail address was verified; absent or null: not yet (a web sign-up). */
  emailVerifiedAt?: Date | null;
}

/** An account as the mails about it need it. */
export interface AccountContact {
  id: number;
  username: string;
  email: string;
  emailVerified: boolean;
}

/** Members, as the write side needs them. */
export interface UserRepository {
  /** Inserts a user; throws DomainError `conflict` when the username (case-insensitive) or e-mail is taken. */
  create(user: NewUser, now: Date): Promise<number>;
  findById(id: number): Promise<User | null>;
  /** Case-insensitive. */
  findByUsername(username: string): Promise<User | null>;
  /** The password hash of a user found by username or e-mail (case-insensitive), for logging in. */
  findCredentials(login: string): Promise<{ id: number; passwordHash: string } | null>;
  /** Replaces a user's password hash; answers false when there is no such user. */
  setPasswordHash(userId: number, passwordHash: string): Promise<boolean>;
  /** Ids of the users named by id or (case-insensitive) username; names that match nobody are left out. */
  resolve(refs: readonly (number | string)[]): Promise<Map<number | string, number>>;
  /** Sets or (with null) clears a user's avatar blob, locking the row; returns the key it replaced, or null. */
  setAvatar(userId: number, key: string | null): Promise<string | null>;
  /**
   * Deletes a user and everything theirs (docs/privacy.md): notes (with what hangs off them), comments, notemaps,
   * favorites, finds, follows both ways, applications (with every token issued to them), tokens and sessions. The
   * counts kept on others' notes and comments are corrected in the same transaction, and the username is free
   * again. Returns the blob keys the deleted rows named (note images, avatar) for deletion after the commit, or
   * null when there is no such user.
   */
  delete(userId: number): Promise<string[] | null>;
  /** The account with this id, or named by this username or e-mail address (case-insensitive); null when none is. */
  findContact(ref: { id: number } | { login: string }): Promise<AccountContact | null>;
  /** Whether an account other than `exceptUserId` has this e-mail address (case-insensitive). */
  emailTaken(email: string, exceptUserId: number): Promise<boolean>;
  /** Sets the account's e-mail address (with its avatar hash) as verified at `now`; `conflict` when another account has it. */
  setVerifiedEmail(userId: number, email: string, avatarHash: string, now: Date): Promise<void>;
  /** The avatar blob key of the user whose avatar hash this is; null when none has uploaded one. */
  findAvatarKey(avatarHash: string): Promise<string | null>;
}
export const USER_REPOSITORY = portToken<UserRepository>('UserRepository');
