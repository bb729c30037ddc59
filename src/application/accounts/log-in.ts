import { inject, injectable } from 'tsyringe';
import { DomainError } from '../../domain/domain-error';
import { PASSWORD_HASHER, type PasswordHasher } from '../ports/password-hasher';
import { USER_REPOSITORY, type UserRepository } from '../ports/user-repository';
import { StartSession } from './start-session';

/** Logs a member in by username or e-mail and password; a wrong pair is one message, whichever part is wrong. */
@injectable()
export class LogIn {
  private decoy: Promise<string> | null = null;

  constructor(
    @inject(USER_REPOSITORY) private readonly users: UserRepository,
    @inject(PASSWORD_HASHER) private readonly hasher: PasswordHasher,
    @inject(StartSession) private readonly startSession: StartSession,
  ) {}

  async execute(login: string, password: string): Promise<{ userId: number; session: { token: string; expiresAt: Date } }> {
    const credentials = login.trim() === '' ? null : await this.users.findCredentials(login.trim());
    // An unknown name costs a hash check too, so timing does not tell which names exist.
    this.decoy ??= this.hasher.hash('a password nobody has');
    const matches = await this.hasher.verify(credentials?.passwordHash ?? await this.decoy, password);
    if (credentials === null || !matches) throw new DomainError('unauthenticated', 'The username or password is wrong.');
    return { userId: credentials.id, session: await this.startSession.execute(credentials.id) };
  }
}
