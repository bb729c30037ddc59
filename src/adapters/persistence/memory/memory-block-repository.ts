import type { BlockRepository } from '../../../application/ports/block-repository';
import { DomainError } from '../../../domain/domain-error';
import { addRelationRow, removeRelationRow } from './memory-relation-rows';
import { apartFrom } from './memory-readable-notes';
import type { MemoryStore } from './memory-store';

/** Blocks in the store; each write records the change for the change feed, as the database's trigger does. */
export class MemoryBlockRepository implements BlockRepository {
  constructor(private readonly store: MemoryStore) {}

  block(blockerId: number, blockedId: number, now: Date): Promise<boolean> {
    return this.store.with((state) => {
      for (const id of [blockerId, blockedId]) {
        if (!state.users.some((u) => u.id === id)) throw DomainError.notFound('user', id);
      }
      const added = addRelationRow(state.userBlocks, { blockerId, blockedId }, now);
      if (added) this.store.recordBlockChange(state, blockerId, blockedId);
      return added;
    });
  }

  unblock(blockerId: number, blockedId: number): Promise<boolean> {
    return this.store.with((state) => {
      const removed = removeRelationRow(state.userBlocks, { blockerId, blockedId });
      if (removed) this.store.recordBlockChange(state, blockerId, blockedId);
      return removed;
    });
  }

  endFollowsBetween(a: number, b: number): Promise<void> {
    return this.store.with((state) => {
      const pair = (x: number, y: number) => (x === a && y === b) || (x === b && y === a);
      state.userFollows = state.userFollows.filter((f) => !pair(f.followerId, f.followedId));
      const ownerOf = new Map(state.notemaps.map((m) => [m.id, m.ownerId]));
      state.notemapFollows = state.notemapFollows.filter((f) => !pair(f.userId, ownerOf.get(f.notemapId) ?? 0));
    });
  }

  apartFrom(userId: number): Promise<ReadonlySet<number>> {
    return this.store.with((state) => new Set(apartFrom(state, userId)));
  }
}
