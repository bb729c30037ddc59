import { inject, injectable } from 'tsyringe';
import type { UserView, UserViews } from '../../../application/ports/user-views';
import type { Viewer } from '../../../application/ports/viewer';
import { apartFrom, readableNoteIds } from './memory-readable-notes';
import { MEMORY_STORE, type MemoryState, type MemoryStore, type StoredUser } from './memory-store';
import { userSummary } from './memory-user-summary';

/** Distinct (city, country), ignoring case, among the user's public notes that name either. */
function publicPlacesCount(state: MemoryState, userId: number): number {
  const places = state.notes
    .filter((n) => n.authorId === userId && n.visibility === 'public')
    .filter((n) => n.location.city !== null || n.location.country !== null)
    .map((n) => JSON.stringify([n.location.city?.toLowerCase() ?? null, n.location.country?.toLowerCase() ?? null]));
  return new Set(places).size;
}

function userView(state: MemoryState, user: StoredUser, viewer: Viewer): UserView {
  const readable = readableNoteIds(state, viewer);
  // For a signed-in viewer, nothing of a user a block stands between them and, and none of such a user's own lists.
  const apart = apartFrom(state, viewer.userId);
  const seen = (userId: number) => !apart.has(userId);
  const own = seen(user.id);
  const ownerOf = new Map(state.notemaps.map((m) => [m.id, m.ownerId]));
  const count = <R>(rows: R[], test: (row: R) => boolean): number => rows.filter(test).length;
  return {
    ...userSummary(user),
    blogUrl: user.blogUrl,
    hometown: user.hometown,
    twitter: user.twitter,
    publicPlacesCount: publicPlacesCount(state, user.id),
    counts: {
      favorites: count(state.favorites, (f) => own && f.userId === user.id && readable.has(f.noteId)),
      followedNotemaps: count(state.notemapFollows, (f) => own && f.userId === user.id && seen(ownerOf.get(f.notemapId) ?? 0)),
      // A place is there for the viewer only while they may read one of its notes (see memory-place-views.ts).
      followedPlaces: count(state.placeFollows, (f) => f.userId === user.id
        && state.notes.some((n) => n.placeId === f.placeId && readable.has(n.id))),
      followers: count(state.userFollows, (f) => own && f.followedId === user.id && seen(f.followerId)),
      following: count(state.userFollows, (f) => own && f.followerId === user.id && seen(f.followedId)),
      notemaps: count(state.notemaps, (m) => own && m.ownerId === user.id),
      notes: count(state.notes, (n) => n.authorId === user.id && readable.has(n.id)),
    },
  };
}

@injectable()
export class MemoryUserViews implements UserViews {
  constructor(@inject(MEMORY_STORE) private readonly store: MemoryStore) {}

  get(viewer: Viewer, id: number): Promise<UserView | null> {
    return this.store.with((state) => {
      const user = state.users.find((u) => u.id === id);
      return user ? userView(state, user, viewer) : null;
    });
  }

  getByUsername(viewer: Viewer, username: string): Promise<UserView | null> {
    return this.store.with((state) => {
      const user = state.users.find((u) => u.username.toLowerCase() === username.toLowerCase());
      return user ? userView(state, user, viewer) : null;
    });
  }
}
