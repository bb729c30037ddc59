import { sql, type Kysely } from 'kysely';
import { DomainError } from '../../../domain/domain-error';
import { foreignKeyViolation } from './database-errors';
import type { Schema } from './schema';

/** A per-user relation of a note (favorite, find) and the counter on `notes` that mirrors its rows. */
export interface NoteMarkTable {
  table: 'note_favorites' | 'note_finds';
  counter: 'favoriters_count' | 'finders_count';
}

/**
 * Adds a mark; the counter moves only when a row was really inserted, in the caller's transaction,
 * and `counter = counter + 1` re-reads the row under its lock, so concurrent marks all count.
 */
export async function addNoteMark(db: Kysely<Schema>, mark: NoteMarkTable, noteId: number, userId: number, now: Date): Promise<boolean> {
  let inserted: { note_id: number } | undefined;
  try {
    inserted = await db
      .insertInto(mark.table)
      .values({ note_id: noteId, user_id: userId, created_at: now })
      .onConflict((oc) => oc.columns(['note_id', 'user_id']).doNothing())
      .returning('note_id')
      .executeTakeFirst();
  } catch (error) {
    // The note (or the user) went away before the row could reference it.
    if (foreignKeyViolation(error) !== null) throw DomainError.notFound('note', noteId);
    throw error;
  }
  if (inserted === undefined) return false;
  await db.updateTable('notes').set(mark.counter, sql<number>`${sql.ref(mark.counter)} + 1`).where('id', '=', noteId).execute();
  return true;
}

/** Removes a mark; the counter moves only when DELETE … RETURNING removed a row. */
export async function removeNoteMark(db: Kysely<Schema>, mark: NoteMarkTable, noteId: number, userId: number): Promise<boolean> {
  const removed = await db
    .deleteFrom(mark.table)
    .where('note_id', '=', noteId)
    .where('user_id', '=', userId)
    .returning('note_id')
    .executeTakeFirst();
  if (removed === undefined) return false;
  await db.updateTable('notes').set(mark.counter, sql<number>`${sql.ref(mark.counter)} - 1`).where('id', '=', noteId).execute();
  return true;
}
