import { inject, injectable } from 'tsyringe';
import { DomainError } from '../../domain/domain-error';
import { newSecret, sha256Hex } from '../auth/secrets';
import { CLOCK, type Clock } from '../ports/clock';
import { PASSWORD_HASHER, type PasswordHasher } from '../ports/password-hasher';
import { TWO_STEP_REPOSITORY, type TwoStepRepository } from '../ports/two-step-repository';
import { USER_REPOSITORY, type UserRepository } from '../ports/user-repository';
import { LogInThrottle } from './log-in-throttle';
import { StartSession, type SessionOrigin } from './start-session';

/** How long the code may take after the password (decision `sign-in-challenge`). */
export const SIGN_IN_CHALLENGE_S = 5 * 60;

/** The outcome of a log-in that was not refused for a wrong pair (that one throws `unauthenticated`). */
export type LogInResult =
  | { kind: 'signed_in'; userId: number; session: { token: string; expiresAt: Date } }
  /** The password was right and two-step sign-in is on: the challenge's token goes with the code (CompleteSignIn). */
  | { kind: 'code_needed'; challenge: { token: string; expiresAt: Date } }
  /** Too many failures for this account lately: not even checked; try again after `retryAfterS` seconds. */
  | { kind: 'throttled'; retryAfterS: number };

/** The throttle's key of an account: its username, e-mail address and codes share one count. */
export function accountThrottleKey(userId: number): string {
  return `account:${userId}`;
}

/**
 * Logs a member in by username or e-mail and password; a wrong pair is one message, whichever part is wrong.
 * Failures are counted per account (LogInThrottle), so guessing one member's password is slow. With two-step
 * sign-in on, a right password only opens a short challenge for the code: it never makes a session by itself.
 */
@injectable()
export class LogIn {
  private decoy: Promise<string> | null = null;

  constructor(
    @inject(USER_REPOSITORY) private readonly users: UserRepository,
    @inject(PASSWORD_HASHER) private readonly hasher: PasswordHasher,
    @inject(StartSession) private readonly startSession: StartSession,
    @inject(LogInThrottle) private readonly throttle: LogInThrottle,
    @inject(TWO_STEP_REPOSITORY) private readonly twoStep: TwoStepRepository,
    @inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(login: string, password: string, origin?: SessionOrigin): Promise<LogInResult> {
    const name = login.trim();
    const credentials = name === '' ? null : await this.users.findCredentials(name);
    // An account's username and e-mail share one count; a name nobody has is counted as typed.
    const key = credentials === null ? `name:${name.toLowerCase()}` : accountThrottleKey(credentials.id);
    const retryAfterS = this.throttle.retryAfterS(key);
    if (retryAfterS !== null) return { kind: 'throttled', retryAfterS };
    // An unknown name costs a hash check too, so timing does not tell which names exist.
    this.decoy ??= this.hasher.hash('a password nobody has');
    const matches = await this.hasher.verify(credentials?.passwordHash ?? await this.decoy, password);
    if (credentials === null || !matches) {
      this.throttle.recordFailure(key);
      throw new DomainError('unauthenticated', 'The username or password is wrong.');
    }
    if (await this.twoStep.find(credentials.id) !== null) {
      // The count is kept until the code is right too, so wrong codes add up with wrong passwords.
      const token = newSecret();
      const now = this.clock.now();
      const expiresAt = new Date(now.getTime() + SIGN_IN_CHALLENGE_S * 1000);
      await this.twoStep.createChallenge({ tokenHash: sha256Hex(token), userId: credentials.id, expiresAt }, now);
      return { kind: 'code_needed', challenge: { token, expiresAt } };
    }
    this.throttle.reset(key);
    return { kind: 'signed_in', userId: credentials.id, session: await this.startSession.execute(credentials.id, origin) };
  }
}
