import { inject, injectable } from 'tsyringe';
import type { Repositories, UnitOfWork } from '../../../application/ports/unit-of-work';
import { MemoryAccessTokenRepository } from './memory-access-token-repository';
import { MemoryAccountTokenRepository } from './memory-account-token-repository';
import { MemoryMailOutbox } from './memory-mail-outbox';
import { MemoryResetRequests } from './memory-reset-requests';
import { MemoryAuthorizationCodeRepository } from './memory-authorization-code-repository';
import { MemoryBlockRepository } from './memory-block-repository';
import { MemoryClientRepository } from './memory-client-repository';
import { MemoryCommentRepository } from './memory-comment-repository';
import { MemoryCommentViews } from './memory-comment-views';
import { MemoryFavoriteRepository } from './memory-favorite-repository';
import { MemoryFindRepository } from './memory-find-repository';
import { MemoryFollowRepository } from './memory-follow-repository';
import { MemoryNoteRepository } from './memory-note-repository';
import { MemoryNoteViews } from './memory-note-views';
import { MemoryNotemapRepository } from './memory-notemap-repository';
import { MemoryNotemapViews } from './memory-notemap-views';
import { MemoryPlaceViews } from './memory-place-views';
import { MemoryRefreshTokenRepository } from './memory-refresh-token-repository';
import { MemorySessionRepository } from './memory-session-repository';
import { MemorySignUpLog } from './memory-sign-up-log';
import { MEMORY_STORE, type MemoryStore } from './memory-store';
import { MemoryUserRepository } from './memory-user-repository';

/** The repositories over one store (what a unit of work hands its work; the contract suites use them alone too). */
export function memoryRepositories(store: MemoryStore): Repositories {
  return {
    users: new MemoryUserRepository(store),
    notes: new MemoryNoteRepository(store),
    clients: new MemoryClientRepository(store),
    tokens: new MemoryAccessTokenRepository(store),
    favorites: new MemoryFavoriteRepository(store),
    finds: new MemoryFindRepository(store),
    follows: new MemoryFollowRepository(store),
    blocks: new MemoryBlockRepository(store),
    notemaps: new MemoryNotemapRepository(store),
    comments: new MemoryCommentRepository(store),
    codes: new MemoryAuthorizationCodeRepository(store),
    refreshTokens: new MemoryRefreshTokenRepository(store),
    sessions: new MemorySessionRepository(store),
    mail: new MemoryMailOutbox(store),
    accountTokens: new MemoryAccountTokenRepository(store),
    resetRequests: new MemoryResetRequests(store),
    signUps: new MemorySignUpLog(store),
    views: {
      notes: new MemoryNoteViews(store), comments: new MemoryCommentViews(store), notemaps: new MemoryNotemapViews(store), places: new MemoryPlaceViews(store),
    },
  };
}

/** One run at a time against the store; a run that throws leaves the store as it found it. */
@injectable()
export class MemoryUnitOfWork implements UnitOfWork {
  private readonly repositories: Repositories;

  constructor(@inject(MEMORY_STORE) private readonly store: MemoryStore) {
    this.repositories = memoryRepositories(store);
  }

  run<T>(work: (repositories: Repositories) => Promise<T>): Promise<T> {
    return this.store.exclusive(async () => {
      const before = this.store.snapshot();
      try {
        return await work(this.repositories);
      } catch (error) {
        this.store.restore(before);
        throw error;
      }
    });
  }
}
