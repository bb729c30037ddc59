import { inject, injectable } from 'tsyringe';
import type { NewWebSession, SessionRepository, WebSession } from '../../../application/ports/session-repository';
import { DomainError } from '../../../domain/domain-error';
import { MEMORY_STORE, type MemoryStore } from './memory-store';

@injectable()
export class MemorySessionRepository implements SessionRepository {
  constructor(@inject(MEMORY_STORE) private readonly store: MemoryStore) {}

  create(session: NewWebSession, now: Date): Promise<number> {
    return this.store.with(({ webSessions }) => {
      if (webSessions.some((s) => s.tokenHash === session.tokenHash)) {
        throw new DomainError('conflict', 'a session with this hash exists');
      }
      const id = this.store.nextId('webSessions');
      webSessions.push({ ...structuredClone(session), id, createdAt: new Date(now) });
      return id;
    });
  }

  findByHash(tokenHash: string): Promise<WebSession | null> {
    return this.store.with(({ webSessions }) => {
      const session = webSessions.find((s) => s.tokenHash === tokenHash);
      return session ? structuredClone(session) : null;
    });
  }

  delete(tokenHash: string): Promise<void> {
    return this.store.with((state) => {
      state.webSessions = state.webSessions.filter((s) => s.tokenHash !== tokenHash);
    });
  }

  deleteAllOfUser(userId: number, exceptTokenHash?: string): Promise<number> {
    return this.store.with((state) => {
      const before = state.webSessions.length;
      state.webSessions = state.webSessions.filter((s) => s.userId !== userId || s.tokenHash === exceptTokenHash);
      return before - state.webSessions.length;
    });
  }
}
