import { inject, injectable } from 'tsyringe';
import { sha256Hex } from '../auth/secrets';
import { CLOCK, type Clock } from '../ports/clock';
import { UNIT_OF_WORK, type UnitOfWork } from '../ports/unit-of-work';

export interface SessionUser {
  id: number;
  username: string;
}

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
      if (session.expiresAt <= this.clock.now()) {
        await sessions.delete(session.tokenHash);
        return null;
      }
      const user = await users.findById(session.userId);
      return user === null ? null : { id: user.id, username: user.username };
    });
  }
}
