import { inject, injectable } from 'tsyringe';
import { codePointLength } from '../../domain/text';
import { DomainError } from '../../domain/domain-error';
import { sha256Hex } from '../auth/secrets';
import { PASSWORD_HASHER, type PasswordHasher } from '../ports/password-hasher';
import { SESSION_REPOSITORY, type SessionRepository } from '../ports/session-repository';
import { USER_REPOSITORY, type UserRepository } from '../ports/user-repository';
import { CheckPassword } from './check-password';
import { accountThrottleKey } from './log-in';
import { LogInThrottle } from './log-in-throttle';

export type ChangePasswordResult = { kind: 'changed'; otherSessionsEnded: number } | { kind: 'throttled'; retryAfterS: number };

/**
 * Changes a signed-in member's password, the current one typed again (a wrong one counts towards the account's
 * log-in throttle), and ends every other web session of theirs; the browser that changed it stays signed in.
 */
@injectable()
export class ChangePassword {
  constructor(
    @inject(USER_REPOSITORY) private readonly users: UserRepository,
    @inject(PASSWORD_HASHER) private readonly hasher: PasswordHasher,
    @inject(SESSION_REPOSITORY) private readonly sessions: SessionRepository,
    @inject(CheckPassword) private readonly checkPassword: CheckPassword,
    @inject(LogInThrottle) private readonly throttle: LogInThrottle,
  ) {}

  async execute(userId: number, sessionToken: string, current: string, next: string): Promise<ChangePasswordResult> {
    const key = accountThrottleKey(userId);
    const retryAfterS = this.throttle.retryAfterS(key);
    if (retryAfterS !== null) return { kind: 'throttled', retryAfterS };
    if (!await this.checkPassword.execute(userId, current)) {
      this.throttle.recordFailure(key);
      throw DomainError.invalid([{ name: 'current_password', problem: 'is not your password' }]);
    }
    // The sign-up's rule for a password.
    if (codePointLength(next) < 8) throw DomainError.invalid([{ name: 'new_password', problem: 'must be at least 8 characters' }]);
    if (!await this.users.setPasswordHash(userId, await this.hasher.hash(next))) throw DomainError.notFound('user', userId);
    return { kind: 'changed', otherSessionsEnded: await this.sessions.deleteAllOfUser(userId, sha256Hex(sessionToken)) };
  }
}
