import { sql, type Kysely } from 'kysely';
import type { Schema } from './schema';

/**
 * The table of one relation between a subject and users (a follow, a favorite, a find): a row per pair, keyed by
 * (subject, user), with when it was made. Writing a row ON CONFLICT DO NOTHING and removing it with DELETE …
 * RETURNING tell whether it really was written or removed, so concurrent requests neither duplicate nor double-count.
 */
export interface RelationTable {
  table: 'user_follows' | 'user_blocks' | 'place_follows' | 'notemap_follows' | 'comment_favorites' | 'note_favorites' | 'note_finds';
  /** The subject's column, the first of the key: the followed user, the place, the notemap, the comment, the note. */
  subject: 'followed_id' | 'blocked_id' | 'place_id' | 'notemap_id' | 'comment_id' | 'note_id';
  /** The user's column: the follower, the favoriter, the finder. */
  user: 'follower_id' | 'blocker_id' | 'user_id';
}

/** Writes the pair's row unless it is there; true when it was written. The key checks lock the rows it references. */
export async function insertRelationRow(db: Kysely<Schema>, { table, subject, user }: RelationTable, subjectId: number, userId: number, now: Date): Promise<boolean> {
  const { rows } = await sql`insert into ${sql.table(table)} (${sql.ref(subject)}, ${sql.ref(user)}, created_at)
    values (${subjectId}, ${userId}, ${now}) on conflict (${sql.ref(subject)}, ${sql.ref(user)}) do nothing returning 1`.execute(db);
  return rows.length > 0;
}

/** Removes the pair's row; true when there was one. */
export async function deleteRelationRow(db: Kysely<Schema>, { table, subject, user }: RelationTable, subjectId: number, userId: number): Promise<boolean> {
  const { rows } = await sql`delete from ${sql.table(table)} where ${sql.ref(subject)} = ${subjectId} and ${sql.ref(user)} = ${userId} returning 1`
    .execute(db);
  return rows.length > 0;
}
