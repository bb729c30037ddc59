import { inject, injectable } from 'tsyringe';
import { networkOf } from '../../domain/network-address';
import { newSecret, sha256Hex } from '../auth/secrets';
import { CLOCK, type Clock } from '../ports/clock';
import { SESSION_REPOSITORY, type SessionRepository } from '../ports/session-repository';

/** How long a web session lasts from sign-in; the cookie's Max-Age says the same. */
export const SESSION_LIFETIME_S = 14 * 24 * 60 * 60;

/** Where a sign-in came from, as the browser sent it; the list of signed-in browsers shows it. */
export interface SessionOrigin {
  userAgent: string | null;
  /** The client's IP address; only its /24 or /48 is kept. */
  address: string | null;
}

/** Signs a browser in: a fresh random token for the cookie, stored only as a hash. */
@injectable()
export class StartSession {
  constructor(
    @inject(SESSION_REPOSITORY) private readonly sessions: SessionRepository,
    @inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(userId: number, origin?: SessionOrigin): Promise<{ token: string; expiresAt: Date }> {
    const token = newSecret();
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_S * 1000);
    await this.sessions.create({
      tokenHash: sha256Hex(token), userId, expiresAt,
      // A User-Agent is the browser's to choose: kept to a length a page can show.
      userAgent: origin?.userAgent?.slice(0, 512) ?? null,
      address: origin?.address == null ? null : networkOf(origin.address),
    }, now);
    return { token, expiresAt };
  }
}
