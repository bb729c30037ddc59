import { DomainError } from '../../../domain/domain-error';
import type { MemoryState, StoredNoteMark } from './memory-store';

/** Adds a mark unless the user already has one on the note; true when it was added. */
export function addMark(state: MemoryState, rows: StoredNoteMark[], noteId: number, userId: number, now: Date): boolean {
  // The database's foreign key refuses a mark on a missing note; so does the memory store.
  if (!state.notes.some((n) => n.id === noteId)) throw DomainError.notFound('note', noteId);
  if (rows.some((r) => r.noteId === noteId && r.userId === userId)) return false;
  rows.push({ noteId, userId, createdAt: new Date(now) });
  return true;
}

/** Removes the user's mark on the note in place; true when there was one. */
export function removeMark(rows: StoredNoteMark[], noteId: number, userId: number): boolean {
  const index = rows.findIndex((r) => r.noteId === noteId && r.userId === userId);
  if (index === -1) return false;
  rows.splice(index, 1);
  return true;
}
