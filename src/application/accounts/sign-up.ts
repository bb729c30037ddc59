import { inject, injectable } from 'tsyringe';
import type { NewUserFields } from '../../domain/user';
import { ACCOUNT_LINKS, type AccountLinks } from '../ports/account-links';
import { CreateUser } from '../users/create-user';
import { queueLinkMail, verificationMail } from './account-mails';
import { StartSession, type SessionOrigin } from './start-session';

/** The web sign-up: creates the member (not yet verified), queues the verification mail with it, and signs the browser in. */
@injectable()
export class SignUp {
  constructor(
    @inject(CreateUser) private readonly createUser: CreateUser,
    @inject(StartSession) private readonly startSession: StartSession,
    @inject(ACCOUNT_LINKS) private readonly links: AccountLinks,
  ) {}

  async execute(fields: NewUserFields, origin?: SessionOrigin): Promise<{ user: { id: number; username: string }; session: { token: string; expiresAt: Date } }> {
    const user = await this.createUser.execute(fields, {
      emailVerified: false,
      then: (repositories, created, now) => queueLinkMail(repositories, {
        userId: created.id, purpose: 'verify_email', email: created.email, kind: 'verify-email', publicUrl: this.links.publicUrl, now,
      }, verificationMail(created.username, false)),
    });
    return { user, session: await this.startSession.execute(user.id, origin) };
  }
}
