import { inject, injectable } from 'tsyringe';
import { codePointLength } from '../../domain/text';
import { DomainError } from '../../domain/domain-error';
import { sha256Hex } from '../auth/secrets';
import { PASSWORD_HASHER, type PasswordHasher } from '../ports/password-hasher';
import { SESSION_REPOSITORY, type SessionRepository } from '../ports/session-repository';
import { USER_REPOSITORY, type UserRepository } from '../ports/user-repository';
import { CheckPassword } from './check-password';

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
  ) {}

  async execute(userId: number, sessionToken: string, current: string, next: string): Promise<ChangePasswordResult> {
    const check = await this.checkPassword.execute(userId, current, 'current_password');
    if (check.kind === 'throttled') return check;
    // The sign-up's rule for a password.
    if (codePointLength(next) < 8) throw DomainError.invalid([{ name: 'new_password', problem: 'must be at least 8 characters' }]);
    if (!await this.users.setPasswordHash(userId, await this.hasher.hash(next))) throw DomainError.notFound('user', userId);
    return { kind: 'changed', otherSessionsEnded: await this.sessions.deleteAllOfUser(userId, sha256Hex(sessionToken)) };
  }
}
