import { sql, type Kysely } from 'kysely';
import { DomainError } from '../../../domain/domain-error';
import { foreignKeyViolation } from './database-errors';
import { deleteRelationRow, insertRelationRow, type RelationTable } from './relation-rows';
import type { Schema } from './schema';

/** A per-user relation of a note (favorite, find) and the counter on `notes` that mirrors its rows. */
export interface NoteMarkTable {
  table: 'note_favorites' | 'note_finds';
  counter: 'favoriters_count' | 'finders_count';
}

function rowsOf(mark: NoteMarkTable): RelationTable {
  return { table: mark.table, subject: 'note_id', user: 'user_id' };
}

/**
 * Adds a mark; the counter moves only when a row was really inserted, in the caller's transaction,
 * and `counter = counter + 1` re-reads the row under its lock, so concurrent marks all count.
 */
export async function addNoteMark(db: Kysely<Schema>, mark: NoteMarkTable, noteId: number, userId: number, now: Date): Promise<boolean> {
  let inserted: boolean;
  try {
    inserted = await insertRelationRow(db, rowsOf(mark), noteId, userId, now);
  } catch (error) {
    // The note (or the user) went away before the row could reference it.
    if (foreignKeyViolation(error) !== null) throw DomainError.notFound('note', noteId);
    throw error;
  }
  if (!inserted) return false;
  await db.updateTable('notes').set(mark.counter, sql<number>`${sql.ref(mark.counter)} + 1`).where('id', '=', noteId).execute();
  return true;
}

/** Removes a mark; the counter moves only when DELETE … RETURNING removed a row. */
export async function removeNoteMark(db: Kysely<Schema>, mark: NoteMarkTable, noteId: number, userId: number): Promise<boolean> {
  if (!(await deleteRelationRow(db, rowsOf(mark), noteId, userId))) return false;
  await db.updateTable('notes').set(mark.counter, sql<number>`${sql.ref(mark.counter)} - 1`).where('id', '=', noteId).execute();
  return true;
}
