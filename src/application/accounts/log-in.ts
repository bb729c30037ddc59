import { inject, injectable } from 'tsyringe';
import { DomainError } from '../../domain/domain-error';
import { PASSWORD_HASHER, type PasswordHasher } from '../ports/password-hasher';
import { USER_REPOSITORY, type UserRepository } from '../ports/user-repository';
import { LogInThrottle } from './log-in-throttle';
import { StartSession } from './start-session';

/** The outcome of a log-in that was not refused for a wrong pair (that one throws `unauthenticated`). */
export type LogInResult =
  | { kind: 'signed_in'; userId: number; session: { token: string; expiresAt: Date } }
  /** Too many failures for this account lately: not even checked; try again after `retryAfterS` seconds. */
  | { kind: 'throttled'; retryAfterS: number };

/**
 * Logs a member in by username or e-mail and password; a wrong pair is one message, whichever part is wrong.
 * Failures are counted per account (LogInThrottle), so guessing one member's password is slow.
 */
@injectable()
export class LogIn {
  private decoy: Promise<string> | null = null;

  constructor(
    @inject(USER_REPOSITORY) private readonly users: UserRepository,
    @inject(PASSWORD_HASHER) private readonly hasher: PasswordHasher,
    @inject(StartSession) private readonly startSession: StartSession,
    @inject(LogInThrottle) private readonly throttle: LogInThrottle,
  ) {}

  async execute(login: string, password: string): Promise<LogInResult> {
    const name = login.trim();
    const credentials = name === '' ? null : await this.users.findCredentials(name);
    // An account's username and e-mail share one count; a name nobody has is counted as typed.
    const key = credentials === null ? `name:${name.toLowerCase()}` : `account:${credentials.id}`;
    const retryAfterS = this.throttle.retryAfterS(key);
    if (retryAfterS !== null) return { kind: 'throttled', retryAfterS };
    // An unknown name costs a hash check too, so timing does not tell which names exist.
    this.decoy ??= this.hasher.hash('a password nobody has');
    const matches = await this.hasher.verify(credentials?.passwordHash ?? await this.decoy, password);
    if (credentials === null || !matches) {
      this.throttle.recordFailure(key);
      throw new DomainError('unauthenticated', 'The username or password is wrong.');
    }
    this.throttle.reset(key);
    return { kind: 'signed_in', userId: credentials.id, session: await this.startSession.execute(credentials.id) };
  }
}
