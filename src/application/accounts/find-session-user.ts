import { inject, injectable } from 'tsyringe';
import { sha256Hex } from '../auth/secrets';
import { CLOCK, type Clock } from '../ports/clock';
import { UNIT_OF_WORK, type UnitOfWork } from '../ports/unit-of-work';

export interface SessionUser {
  id: number;
  username: string;
  /** The id of the session that signs this browser in. */
  sessionId: number;
}

/**
 * A session's last-seen time is written when it is older than this, not on each request (decision
 * `session-last-seen`): a page costs no write, and the list of browsers is right to within these minutes.
 */
export const SESSION_SEEN_EVERY_S = 5 * 60;

/** The member a session cookie signs in, or null when the session is unknown or over. */
@injectable()
export class FindSessionUser {
  constructor(
    @inject(UNIT_OF_WORK) private readonly uow: UnitOfWork,
    @inject(CLOCK) private readonly clock: Clock,
  ) {}

  execute(sessionToken: string): Promise<SessionUser | null> {
    return this.uow.run(async ({ sessions, users }) => {
      const session = await sessions.findByHash(sha256Hex(sessionToken));
      if (session === null) return null;
      const now = this.clock.now();
      if (session.expiresAt <= now) {
        await sessions.delete(session.tokenHash);
        return null;
      }
      const user = await users.findById(session.userId);
      if (user === null) return null;
      if (now.getTime() - session.lastSeenAt.getTime() >= SESSION_SEEN_EVERY_S * 1000) await sessions.touch(session.id, now);
      return { id: user.id, username: user.username, sessionId: session.id };
    });
  }
}
