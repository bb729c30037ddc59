import { inject, injectable } from 'tsyringe';
import { DomainError } from '../../domain/domain-error';
import { PASSWORD_HASHER, type PasswordHasher } from '../ports/password-hasher';
import { USER_REPOSITORY, type UserRepository } from '../ports/user-repository';
import { accountThrottleKey } from './log-in';
import { LogInThrottle } from './log-in-throttle';

/** What a password typed again came to (a wrong one throws). */
export type PasswordCheck = { kind: 'right' } | { kind: 'throttled'; retryAfterS: number };

/**
 * A signed-in member's password typed again, for the settings that ask for it (deleting the account, changing the
 * password or the address, turning two-step sign-in off). Wrong ones count towards the account's log-in throttle and
 * are `invalid` on the form's `field`; while the account is locked the password is not even checked.
 */
@injectable()
export class CheckPassword {
  constructor(
    @inject(USER_REPOSITORY) private readonly users: UserRepository,
    @inject(PASSWORD_HASHER) private readonly hasher: PasswordHasher,
    @inject(LogInThrottle) private readonly throttle: LogInThrottle,
  ) {}

  async execute(userId: number, password: string, field = 'password'): Promise<PasswordCheck> {
    const key = accountThrottleKey(userId);
    const retryAfterS = this.throttle.retryAfterS(key);
    if (retryAfterS !== null) return { kind: 'throttled', retryAfterS };
    if (!await this.matches(userId, password)) {
      this.throttle.recordFailure(key);
      throw DomainError.invalid([{ name: field, problem: 'is not your password' }]);
    }
    return { kind: 'right' };
  }

  /** The account's failures forgotten (after an action that a right password completes). */
  forgetFailures(userId: number): void {
    this.throttle.reset(accountThrottleKey(userId));
  }

  private async matches(userId: number, password: string): Promise<boolean> {
    const user = await this.users.findById(userId);
    const credentials = user === null ? null : await this.users.findCredentials(user.username);
    return credentials !== null && credentials.id === userId && this.hasher.verify(credentials.passwordHash, password);
  }
}
