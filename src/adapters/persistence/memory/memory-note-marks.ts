import { DomainError } from '../../../domain/domain-error';
import { addRelationRow, removeRelationRow } from './memory-relation-rows';
import type { MemoryState, StoredNoteMark } from './memory-store';

/** Adds a mark unless the user already has one on the note; true when it was added. */
export function addMark(state: MemoryState, rows: StoredNoteMark[], noteId: number, userId: number, now: Date): boolean {
  // The database's foreign key refuses a mark on a missing note; so does the memory store.
  if (!state.notes.some((n) => n.id === noteId)) throw DomainError.notFound('note', noteId);
  return addRelationRow(rows, { noteId, userId }, now);
}

/** Removes the user's mark on the note in place; true when there was one. */
export function removeMark(rows: StoredNoteMark[], noteId: number, userId: number): boolean {
  return removeRelationRow(rows, { noteId, userId });
}
