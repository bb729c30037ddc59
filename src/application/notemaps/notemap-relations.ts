import { DomainError } from '../../domain/domain-error';
import { canRead, canSeeUser } from '../../domain/visibility';
import { noteReaderFor } from '../note-reader';
import type { Relation } from '../relations/relation';
import { findNotemap, findOwnNotemap } from './find-own-notemap';

/** A user's follow of a notemap: anyone follows an existing notemap, and only the follower ends the follow. */
export const NOTEMAP_FOLLOWS: Relation<{ notemapId: number; userId: number }> = {
  scope: 'write',
  reach: async ({ notemaps, blocks }, actor, { notemapId }) => {
    const notemap = await findNotemap(notemaps, notemapId);
    // A notemap made by a user a block stands between the actor and is not there for them.
    if (!canSeeUser(notemap.ownerId, await noteReaderFor(blocks, actor, notemap.ownerId))) throw DomainError.notFound('notemap', notemapId);
  },
  add: ({ notemaps }, { notemapId, userId }, now) => notemaps.follow(notemapId, userId, now),
  mayRemove: (actorId, { userId }) => {
    if (userId !== actorId) throw new DomainError('forbidden', 'only the follower may end a follow of a notemap');
  },
  remove: ({ notemaps }, { notemapId, userId }) => notemaps.unfollow(notemapId, userId),
  missing: ({ notemapId, userId }) => `user ${userId} does not follow notemap ${notemapId}`,
};

/**
 * A note in a notemap: only the notemap's creator adds one they may read (404 otherwise, as if it did not exist) or
 * takes one out. The notemap's row is locked first, then the note's, before the membership's: a deletion's order.
 */
export const NOTEMAP_NOTES: Relation<{ notemapId: number; noteId: number }> = {
  scope: 'write',
  reach: async (repositories, actor, { notemapId }) => {
    await findOwnNotemap(repositories, notemapId, actor, { lock: true });
  },
  add: async ({ notemaps, notes, blocks }, { notemapId, noteId }, now, actor) => {
    const note = await notes.findById(noteId, { lock: true });
    if (note === null || !canRead(note, await noteReaderFor(blocks, actor, note.authorId))) throw DomainError.notFound('note', noteId);
    return notemaps.addNote(notemapId, noteId, now);
  },
  mayRemove: () => undefined,
  remove: async ({ notemaps, notes }, { notemapId, noteId }) => {
    await notes.lock(noteId);
    return notemaps.removeNote(notemapId, noteId);
  },
  missing: ({ notemapId, noteId }) => `notemap ${notemapId} does not hold note ${noteId}`,
};
