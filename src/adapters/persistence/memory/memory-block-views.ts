import { inject, injectable } from 'tsyringe';
import type { BlockViews } from '../../../application/ports/block-views';
import type { UserSummaryView } from '../../../application/ports/note-views';
import type { Page, PageRequest } from '../../../application/ports/paging';
import { apartFrom } from './memory-readable-notes';
import { MEMORY_STORE, type MemoryStore } from './memory-store';
import { userSummary } from './memory-user-summary';

@injectable()
export class MemoryBlockViews implements BlockViews {
  constructor(@inject(MEMORY_STORE) private readonly store: MemoryStore) {}

  blockedBy(userId: number, request: PageRequest): Promise<Page<UserSummaryView>> {
    return this.store.with((state) => {
      // Most recent block first, then the higher user id, as the SQL list orders them.
      const sorted = state.userBlocks.filter((b) => b.blockerId === userId)
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.blockedId - a.blockedId);
      const items = sorted.slice(request.offset, request.offset + request.limit).map((b) => {
        const user = state.users.find((u) => u.id === b.blockedId);
        if (!user) throw new Error(`a block names no user ${b.blockedId}`);
        return userSummary(user);
      });
      return { items, total: sorted.length };
    });
  }

  apartFrom(userId: number): Promise<ReadonlySet<number>> {
    return this.store.with((state) => new Set(apartFrom(state, userId)));
  }

  blocks(blockerId: number, blockedId: number): Promise<boolean> {
    return this.store.with((state) => state.userBlocks.some((b) => b.blockerId === blockerId && b.blockedId === blockedId));
  }
}
