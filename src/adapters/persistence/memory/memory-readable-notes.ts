import type { Viewer } from '../../../application/ports/viewer';
import { canRead, NOBODY_APART, type NoteReader } from '../../../domain/visibility';
import type { MemoryState, StoredNote } from './memory-store';

/** The recipients of a note, by ascending id as the SQL adapter reads them. */
export function recipientIdsOf(state: MemoryState, noteId: number): number[] {
  return state.recipients.filter((r) => r.noteId === noteId).map((r) => r.userId).sort((a, b) => a - b);
}

/** The users a block stands between `userId` and, either way (none for an anonymous viewer). */
export function apartFrom(state: MemoryState, userId: number | null): ReadonlySet<number> {
  if (userId === null) return NOBODY_APART;
  const apart = new Set<number>();
  for (const b of state.userBlocks) {
    if (b.blockerId === userId) apart.add(b.blockedId);
    if (b.blockedId === userId) apart.add(b.blockerId);
  }
  return apart;
}

/** The viewer as the domain's rule reads them, with the blocks of the store. */
export function noteReaderOf(state: MemoryState, viewer: Viewer): NoteReader {
  return { readerId: viewer.readerId, apart: apartFrom(state, viewer.userId) };
}

/** Whether `viewer` may read a stored note, by the domain's rule. */
export function isReadable(state: MemoryState, note: StoredNote, viewer: Viewer | NoteReader): boolean {
  const reader = 'apart' in viewer ? viewer : noteReaderOf(state, viewer);
  return canRead({ ...note, recipientIds: recipientIdsOf(state, note.id) }, reader);
}

/** The ids of every note `viewer` may read, for counting without a query per note. */
export function readableNoteIds(state: MemoryState, viewer: Viewer): Set<number> {
  const reader = noteReaderOf(state, viewer);
  return new Set(state.notes.filter((note) => isReadable(state, note, reader)).map((note) => note.id));
}
