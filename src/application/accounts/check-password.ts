import { inject, injectable } from 'tsyringe';
import { PASSWORD_HASHER, type PasswordHasher } from '../ports/password-hasher';
import { USER_REPOSITORY, type UserRepository } from '../ports/user-repository';

/** Whether a signed-in member typed their own password (the settings that ask for it again). */
@injectable()
export class CheckPassword {
  constructor(
    @inject(USER_REPOSITORY) private readonly users: UserRepository,
    @inject(PASSWORD_HASHER) private readonly hasher: PasswordHasher,
  ) {}

  async execute(userId: number, password: string): Promise<boolean> {
    const user = await this.users.findById(userId);
    const credentials = user === null ? null : await this.users.findCredentials(user.username);
    return credentials !== null && credentials.id === userId && this.hasher.verify(credentials.passwordHash, password);
  }
}
