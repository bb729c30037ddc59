import { inject, injectable } from 'tsyringe';
import type { FollowRepository } from '../../../application/ports/follow-repository';
import { MEMORY_STORE, type MemoryStore } from './memory-store';

@injectable()
export class MemoryFollowRepository implements FollowRepository {
  constructor(@inject(MEMORY_STORE) private readonly store: MemoryStore) {}

  followUser(followerId: number, followedId: number, now: Date): Promise<boolean> {
    return this.store.with((state) => {
      if (state.userFollows.some((f) => f.followerId === followerId && f.followedId === followedId)) return false;
      state.userFollows.push({ followerId, followedId, createdAt: new Date(now) });
      this.store.recordWebhookEvent(state, { type: 'user.followed', followerId, followedId });
      return true;
    });
  }

  unfollowUser(followerId: number, followedId: number): Promise<boolean> {
    return this.store.with((state) => {
      const before = state.userFollows.length;
      state.userFollows = state.userFollows.filter((f) => !(f.followerId === followerId && f.followedId === followedId));
      return state.userFollows.length < before;
    });
  }

  followPlace(userId: number, placeId: number, now: Date): Promise<boolean> {
    return this.store.with((state) => {
      if (state.placeFollows.some((f) => f.userId === userId && f.placeId === placeId)) return false;
      state.placeFollows.push({ userId, placeId, createdAt: new Date(now) });
      return true;
    });
  }

  unfollowPlace(userId: number, placeId: number): Promise<boolean> {
    return this.store.with((state) => {
      const before = state.placeFollows.length;
      state.placeFollows = state.placeFollows.filter((f) => !(f.userId === userId && f.placeId === placeId));
      return state.placeFollows.length < before;
    });
  }
}
