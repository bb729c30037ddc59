import { inject, injectable } from 'tsyringe';
import { validateNewUser, type NewUserFields } from '../../domain/user';
import { avatarHashOf } from '../accounts/account-mails';
import { CLOCK, type Clock } from '../ports/clock';
import { PASSWORD_HASHER, type PasswordHasher } from '../ports/password-hasher';
import { UNIT_OF_WORK, type Repositories, type UnitOfWork } from '../ports/unit-of-work';

export interface CreateUserOptions {
  /** Whether the e-mail address counts as verified: the operator's accounts are, a web sign-up's is not until its link is used. */
  emailVerified: boolean;
  /** Work in the same transaction before the user is made; throwing refuses the sign-up (the web's per-address limit). */
  before?: (repositories: Repositories, now: Date) => Promise<void>;
  /** More work in the same transaction once the user exists (the web sign-up queues its verification mail). */
  then?: (repositories: Repositories, user: { id: number; username: string; email: string }, now: Date) => Promise<void>;
}

/** Signs up a member (web sign-up and the operator CLI); a taken username or e-mail is a conflict. */
@injectable()
export class CreateUser {
  constructor(
    @inject(UNIT_OF_WORK) private readonly uow: UnitOfWork,
    @inject(PASSWORD_HASHER) private readonly hasher: PasswordHasher,
    @inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(fields: NewUserFields, options: CreateUserOptions): Promise<{ id: number; username: string }> {
    const user = validateNewUser(fields);
    // Hashing is slow on purpose: do it before the transaction opens, not inside it.
    const passwordHash = await this.hasher.hash(user.password);
    const now = this.clock.now();
    const id = await this.uow.run(async (repositories) => {
      await options.before?.(repositories, now);
      const created = await repositories.users.create({
        username: user.username,
        email: user.email,
        passwordHash,
        name: user.name ?? null,
        avatarHash: avatarHashOf(user.email),
        emailVerifiedAt: options.emailVerified ? now : null,
      }, now);
      await options.then?.(repositories, { id: created, username: user.username, email: user.email }, now);
      return created;
    });
    return { id, username: user.username };
  }
}
