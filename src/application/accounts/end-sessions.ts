import { inject, injectable } from 'tsyringe';
import { DomainError } from '../../domain/domain-error';
import { sha256Hex } from '../auth/secrets';
import { SESSION_REPOSITORY, type SessionRepository } from '../ports/session-repository';

/** Signs one of the member's browsers out ("Sign out" in the list); another member's session is `not_found`. */
@injectable()
export class EndSession {
  constructor(@inject(SESSION_REPOSITORY) private readonly sessions: SessionRepository) {}

  async execute(userId: number, sessionId: number): Promise<void> {
    if (!await this.sessions.deleteOfUser(userId, sessionId)) throw DomainError.notFound('session', sessionId);
  }
}

/** Signs every browser of the member out but this one ("Sign out all others"); answers how many. */
@injectable()
export class EndOtherSessions {
  constructor(@inject(SESSION_REPOSITORY) private readonly sessions: SessionRepository) {}

  execute(userId: number, sessionToken: string): Promise<number> {
    return this.sessions.deleteAllOfUser(userId, sha256Hex(sessionToken));
  }
}
