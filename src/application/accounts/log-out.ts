import { inject, injectable } from 'tsyringe';
import { sha256Hex } from '../auth/secrets';
import { SESSION_REPOSITORY, type SessionRepository } from '../ports/session-repository';

/** Ends a web session; the cookie's token no longer signs anyone in. */
@injectable()
export class LogOut {
  constructor(@inject(SESSION_REPOSITORY) private readonly sessions: SessionRepository) {}

  execute(sessionToken: string): Promise<void> {
    return this.sessions.delete(sha256Hex(sessionToken));
  }
}
