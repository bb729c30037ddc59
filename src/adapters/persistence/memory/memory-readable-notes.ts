import { canRead } from '../../../domain/visibility';
import type { MemoryState, StoredNote } from './memory-store';

/** The recipients of a note, by ascending id as the SQL adapter reads them. */
export function recipientIdsOf(state: MemoryState, noteId: number): number[] {
  return state.recipients.filter((r) => r.noteId === noteId).map((r) => r.userId).sort((a, b) => a - b);
}

/** Whether `readerId` may read a stored note, by the domain's rule. */
export function isReadable(state: MemoryState, note: StoredNote, readerId: number | null): boolean {
  return canRead({ ...note, recipientIds: recipientIdsOf(state, note.id) }, readerId);
}

/** The ids of every note `readerId` may read, for counting without a query per note. */
export function readableNoteIds(state: MemoryState, readerId: number | null): Set<number> {
  return new Set(state.notes.filter((note) => isReadable(state, note, readerId)).map((note) => note.id));
}
