import { sql, type Kysely } from 'kysely';
import { inject, injectable } from 'tsyringe';
import type { ChangeFeed, FeedPosition, NoteChange } from '../../../application/ports/change-feed';
import { KYSELY } from './database';
import type { Schema } from './schema';

/**
 * The feed from `note_changes` (migration 0010), in (transaction id, sequence) order, up to the oldest transaction
 * still running: a change whose transaction might yet be joined by an earlier one is not shown until it cannot.
 */
@injectable()
export class KyselyChangeFeed implements ChangeFeed {
  constructor(@inject(KYSELY) private readonly db: Kysely<Schema>) {}

  async after(since: FeedPosition | null, limit: number): Promise<NoteChange[]> {
    const after = since === null ? sql`true` : sql`(c.xid, c.seq) > (${since.tx}::bigint, ${since.seq}::bigint)`;
    const { rows } = await sql<{ note_id: number; xid: string; seq: string }>`
      select c.note_id, c.xid::text as xid, c.seq::text as seq from note_changes c
      where ${after} and c.xid < pg_snapshot_xmin(pg_current_snapshot())::text::bigint
      order by c.xid, c.seq
      limit ${limit}`.execute(this.db);
    return rows.map((row) => ({ noteId: row.note_id, position: { tx: row.xid, seq: row.seq } }));
  }
}
