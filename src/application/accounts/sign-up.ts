import { inject, injectable } from 'tsyringe';
import type { NewUserFields } from '../../domain/user';
import { sha256Hex } from '../auth/secrets';
import { ACCOUNT_LINKS, type AccountLinks } from '../ports/account-links';
import { SIGN_UP_POLICY, type SignUpPolicy } from '../ports/sign-up-policy';
import type { Repositories } from '../ports/unit-of-work';
import { CreateUser } from '../users/create-user';
import { queueLinkMail, verificationMail } from './account-mails';
import { StartSession, type SessionOrigin } from './start-session';

const HOUR_MS = 3_600_000;

/** What a sign-up came to: the member signed in, or refused because the address made its hour's sign-ups. */
export type SignUpResult =
  | { kind: 'signed_up'; user: { id: number; username: string }; session: { token: string; expiresAt: Date } }
  | { kind: 'throttled'; retryAfterS: number };

/** Thrown inside the unit of work to end it with nothing made. */
class AddressUsedUp extends Error {
  constructor(readonly retryAfterS: number) {
    super('this address made its sign-ups for the hour');
  }
}

/**
 * The web sign-up: creates the member (not yet verified), queues the verification mail with it, and signs the browser
 * in. At most `SignUpPolicy.limitPerHour` succeed per client address in any hour, counted in the database so every
 * instance shares the count.
 */
@injectable()
export class SignUp {
  constructor(
    @inject(CreateUser) private readonly createUser: CreateUser,
    @inject(StartSession) private readonly startSession: StartSession,
    @inject(ACCOUNT_LINKS) private readonly links: AccountLinks,
    @inject(SIGN_UP_POLICY) private readonly policy: SignUpPolicy,
  ) {}

  async execute(fields: NewUserFields, origin?: SessionOrigin): Promise<SignUpResult> {
    const address = origin?.address ?? null;
    let user: { id: number; username: string };
    try {
      user = await this.createUser.execute(fields, {
        emailVerified: false,
        before: address === null ? undefined : (repositories, now) => this.countAddress(repositories, sha256Hex(address), now),
        then: (repositories, created, now) => queueLinkMail(repositories, {
          userId: created.id, purpose: 'verify_email', email: created.email, kind: 'verify-email', publicUrl: this.links.publicUrl, now,
        }, verificationMail(created.username, false)),
      });
    } catch (error) {
      if (error instanceof AddressUsedUp) return { kind: 'throttled', retryAfterS: error.retryAfterS };
      throw error;
    }
    return { kind: 'signed_up', user, session: await this.startSession.execute(user.id, origin) };
  }

  /** Refuses when the address made its hour's sign-ups (until the oldest of them is an hour old); else counts this one. */
  private async countAddress(repositories: Repositories, addressHash: string, now: Date): Promise<void> {
    const hourAgo = new Date(now.getTime() - HOUR_MS);
    const recent = await repositories.signUps.since(addressHash, hourAgo);
    if (recent.length >= this.policy.limitPerHour) {
      const oldest = recent[recent.length - this.policy.limitPerHour] ?? now;
      throw new AddressUsedUp(Math.max(1, Math.ceil((oldest.getTime() + HOUR_MS - now.getTime()) / 1000)));
    }
    await repositories.signUps.record(addressHash, now, hourAgo);
  }
}
