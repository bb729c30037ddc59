import { sql, type Kysely } from 'kysely';
import { inject, injectable } from 'tsyringe';
import type { ChangeFeed, FeedPosition, NoteChange } from '../../../application/ports/change-feed';
import { KYSELY } from './database';
import type { Schema } from './schema';

/** The feed from `note_changes` (migration 0010), whose numbers follow the order of the commits. */
@injectable()
export class KyselyChangeFeed implements ChangeFeed {
  constructor(@inject(KYSELY) private readonly db: Kysely<Schema>) {}

  async after(since: FeedPosition | null, limit: number): Promise<NoteChange[]> {
    const { rows } = await sql<{ note_id: number; seq: string }>`
      select c.note_id, c.seq::text as seq from note_changes c
      where c.seq > ${since?.seq ?? '0'}::bigint
      order by c.seq
      limit ${limit}`.execute(this.db);
    return rows.map((row) => ({ noteId: row.note_id, position: { seq: row.seq } }));
  }
}
