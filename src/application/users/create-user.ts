import { createHash } from 'node:crypto';
import { inject, injectable } from 'tsyringe';
import { gravatarInput, validateNewUser, type NewUserFields } from '../../domain/user';
import { CLOCK, type Clock } from '../ports/clock';
import { PASSWORD_HASHER, type PasswordHasher } from '../ports/password-hasher';
import { UNIT_OF_WORK, type UnitOfWork } from '../ports/unit-of-work';

/** Signs up a member (web sign-up and the operator CLI); a taken username or e-mail is a conflict. */
@injectable()
export class CreateUser {
  constructor(
    @inject(UNIT_OF_WORK) private readonly uow: UnitOfWork,
    @inject(PASSWORD_HASHER) private readonly hasher: PasswordHasher,
    @inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(fields: NewUserFields): Promise<{ id: number; username: string }> {
    const user = validateNewUser(fields);
    // Hashing is slow on purpose: do it before the transaction opens, not inside it.
    const passwordHash = await this.hasher.hash(user.password);
    const avatarHash = createHash('md5').update(gravatarInput(user.email), 'utf8').digest('hex');
    const id = await this.uow.run(({ users }) => users.create({
      username: user.username,
      email: user.email,
      passwordHash,
      name: user.name ?? null,
      avatarHash,
    }, this.clock.now()));
    return { id, username: user.username };
  }
}
