import { DomainError } from '../../domain/domain-error';
import type { Relation } from '../relations/relation';
import { findNoteComment } from './find-note-comment';

/** A user's favorite of a comment on a note they may read; only that user removes it (docs/api.md, Scopes). */
export const COMMENT_FAVORITES: Relation<{ noteId: number; commentId: number; userId: number }> = {
  scope: 'write',
  reach: async (repositories, actor, { noteId, commentId }) => {
    await findNoteComment(repositories, noteId, commentId, actor);
  },
  add: ({ comments }, { commentId, userId }, now) => comments.favorite(commentId, userId, now),
  mayRemove: (actorId, { userId }) => {
    if (userId !== actorId) throw new DomainError('forbidden', `only user ${userId} may remove their favorite`);
  },
  remove: ({ comments }, { commentId, userId }) => comments.unfavorite(commentId, userId),
  missing: ({ commentId, userId }) => `comment ${commentId} is not a favorite of user ${userId}`,
};
