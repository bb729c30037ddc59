import type { FavoriteRepository } from '../ports/favorite-repository';
import type { FindRepository } from '../ports/find-repository';
import type { Repositories } from '../ports/unit-of-work';
import type { Relation } from '../relations/relation';
import { findReadableNote } from './find-readable-note';
import { requireOwnRelation } from './own-relation';

/** A user's mark of a note: a favorite or a find. */
export interface NoteMark {
  noteId: number;
  userId: number;
}

/** A mark is set on a note the user may read, and removed only by its user (a hidden note is 404 before that). */
function noteMarkRelation(
  marks: (repositories: Repositories) => FavoriteRepository | FindRepository,
  name: string,
  missing: (mark: NoteMark) => string,
): Relation<NoteMark> {
  return {
    scope: 'write',
    reach: async (repositories, actor, { noteId }) => {
      await findReadableNote(repositories, noteId, actor);
    },
    add: (repositories, { noteId, userId }, now) => marks(repositories).add(noteId, userId, now),
    mayRemove: (actorId, { userId }) => requireOwnRelation(actorId, userId, name),
    remove: (repositories, { noteId, userId }) => marks(repositories).remove(noteId, userId),
    missing,
  };
}

export const NOTE_FAVORITES = noteMarkRelation(({ favorites }) => favorites, 'favorite', ({ noteId, userId }) => `user ${userId} has not favorited note ${noteId}`);
export const NOTE_FINDS = noteMarkRelation(({ finds }) => finds, 'find', ({ noteId, userId }) => `user ${userId} has not marked note ${noteId} found`);
