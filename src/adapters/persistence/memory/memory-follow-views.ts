import { inject, injectable } from 'tsyringe';
import type { FollowViews } from '../../../application/ports/follow-views';
import type { UserSummaryView } from '../../../application/ports/note-views';
import type { Page, PageRequest } from '../../../application/ports/paging';
import type { Viewer } from '../../../application/ports/viewer';
import { apartFrom } from './memory-readable-notes';
import { MEMORY_STORE, type MemoryState, type MemoryStore } from './memory-store';
import { userSummary } from './memory-user-summary';

/** A follow as a list sees it: the listed user and when the follow was made. */
interface Listed {
  userId: number;
  createdAt: Date;
}

/** Most recent follow first, then the higher user id, as the SQL lists order them. */
const newestFollowFirst = (a: Listed, b: Listed): number => b.createdAt.getTime() - a.createdAt.getTime() || b.userId - a.userId;

/** A page of the users of a list; for a signed-in viewer, not those a block stands between them and, and none of `ownerId`'s. */
function page(state: MemoryState, follows: Listed[], request: PageRequest, viewer: Viewer | undefined, ownerId: number | null): Page<UserSummaryView> {
  const apart = apartFrom(state, viewer?.userId ?? null);
  const sorted = follows.filter((f) => !apart.has(f.userId) && (ownerId === null || !apart.has(ownerId))).sort(newestFollowFirst);
  const items = sorted.slice(request.offset, request.offset + request.limit).map((f) => {
    const user = state.users.find((u) => u.id === f.userId);
    if (!user) throw new Error(`a follow names no user ${f.userId}`);
    return userSummary(user);
  });
  return { items, total: sorted.length };
}

@injectable()
export class MemoryFollowViews implements FollowViews {
  constructor(@inject(MEMORY_STORE) private readonly store: MemoryStore) {}

  followersOf(userId: number, request: PageRequest, viewer?: Viewer): Promise<Page<UserSummaryView>> {
    return this.store.with((state) => page(state, state.userFollows
      .filter((f) => f.followedId === userId)
      .map((f) => ({ userId: f.followerId, createdAt: f.createdAt })), request, viewer, userId));
  }

  followedBy(userId: number, request: PageRequest, viewer?: Viewer): Promise<Page<UserSummaryView>> {
    return this.store.with((state) => page(state, state.userFollows
      .filter((f) => f.followerId === userId)
      .map((f) => ({ userId: f.followedId, createdAt: f.createdAt })), request, viewer, userId));
  }

  follows(followerId: number, followedId: number): Promise<boolean> {
    return this.store.with((state) => state.userFollows.some((f) => f.followerId === followerId && f.followedId === followedId));
  }

  placeFollowers(placeId: number, request: PageRequest, viewer?: Viewer): Promise<Page<UserSummaryView>> {
    return this.store.with((state) => page(state, state.placeFollows.filter((f) => f.placeId === placeId), request, viewer, null));
  }
}
