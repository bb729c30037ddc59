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
      webSessions.push({
        id, tokenHash: session.tokenHash, userId: session.userId, expiresAt: new Date(session.expiresAt),
        userAgent: session.userAgent ?? null, address: session.address ?? null, createdAt: new Date(now), lastSeenAt: new Date(now),
      });
      return id;
    });
  }

  findByHash(tokenHash: string): Promise<WebSession | null> {
    return this.store.with(({ webSessions }) => {
      const session = webSessions.find((s) => s.tokenHash === tokenHash);
      return session ? structuredClone(session) : null;
    });
  }

  listOfUser(userId: number, now: Date): Promise<WebSession[]> {
    return this.store.with(({ webSessions }) => structuredClone(webSessions
      .filter((s) => s.userId === userId && s.expiresAt > now)
      .sort((a, b) => b.lastSeenAt.getTime() - a.lastSeenAt.getTime() || b.id - a.id)));
  }

  touch(id: number, now: Date): Promise<void> {
    return this.store.with(({ webSessions }) => {
      const session = webSessions.find((s) => s.id === id);
      if (session) session.lastSeenAt = new Date(now);
    });
  }

  delete(tokenHash: string): Promise<void> {
    return this.store.with((state) => {
      state.webSessions = state.webSessions.filter((s) => s.tokenHash !== tokenHash);
    });
  }

  deleteOfUser(userId: number, id: number): Promise<boolean> {
    return this.store.with((state) => {
      const before = state.webSessions.length;
      state.webSessions = state.webSessions.filter((s) => s.userId !== userId || s.id !== id);
      return state.webSessions.length < before;
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
