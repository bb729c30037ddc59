import { inject, injectable } from 'tsyringe';
import type { FollowRepository } from '../../../application/ports/follow-repository';
import { addRelationRow, removeRelationRow } from './memory-relation-rows';
import { MEMORY_STORE, type MemoryStore } from './memory-store';

@injectable()
export class MemoryFollowRepository implements FollowRepository {
  constructor(@inject(MEMORY_STORE) private readonly store: MemoryStore) {}

  followUser(followerId: number, followedId: number, now: Date): Promise<boolean> {
    return this.store.with((state) => {
      const added = addRelationRow(state.userFollows, { followerId, followedId }, now);
      if (added) this.store.recordWebhookEvent(state, { type: 'user.followed', followerId, followedId });
      return added;
    });
  }

  unfollowUser(followerId: number, followedId: number): Promise<boolean> {
    return this.store.with(({ userFollows }) => removeRelationRow(userFollows, { followerId, followedId }));
  }

  followPlace(userId: number, placeId: number, now: Date): Promise<boolean> {
    return this.store.with(({ placeFollows }) => addRelationRow(placeFollows, { userId, placeId }, now));
  }

  unfollowPlace(userId: number, placeId: number): Promise<boolean> {
    return this.store.with(({ placeFollows }) => removeRelationRow(placeFollows, { userId, placeId }));
  }
}
