import { inject, injectable } from 'tsyringe';
import { DomainError } from '../../domain/domain-error';
import { USER_REPOSITORY, type UserRepository } from '../ports/user-repository';

/** A member's e-mail address and whether it is verified (the applications page asks before registering). */
@injectable()
export class EmailStatus {
  constructor(@inject(USER_REPOSITORY) private readonly users: UserRepository) {}

  async execute(userId: number): Promise<{ email: string; verified: boolean }> {
    const contact = await this.users.findContact({ id: userId });
    if (contact === null) throw DomainError.notFound('user', userId);
    return { email: contact.email, verified: contact.emailVerified };
  }
}
