import { sql, type Kysely } from 'kysely';
import { inject, injectable } from 'tsyringe';
import type { ViewCounter } from '../../../application/ports/view-counter';
import { KYSELY } from './database';
import type { Schema } from './schema';

/**
 * Gathers note views in memory and writes them in one statement per flush, so reading a note never
 * writes. Register it as a singleton: the pending counts live in the instance.
 */
@injectable()
export class KyselyViewCounter implements ViewCounter {
  private pending = new Map<number, number>();

  constructor(@inject(KYSELY) private readonly db: Kysely<Schema>) {}

  record(noteId: number): void {
    this.add(noteId, 1);
  }

  async flush(): Promise<void> {
    if (this.pending.size === 0) return;
    // Views recorded while this flush runs gather in a fresh map for the next one.
    const batch = this.pending;
    this.pending = new Map();
    try {
      // Two array parameters whatever the batch size, so a large batch stays one statement. Every instance flushes the
      // notes it saw read; two flushes (or a flush and another write of several notes) that locked the same rows in
      // different orders would deadlock, and PostgreSQL would find it only after a second of holding both. So the rows
      // are locked first, in the order of their ids, as every flush does.
      await sql`
        with v as materialized (
          select * from unnest(${[...batch.keys()]}::int4[], ${[...batch.values()]}::int8[]) as v(note_id, views)),
        locked as materialized (
          select n.id from notes n where n.id in (select note_id from v) order by n.id for no key update)
        update notes set public_views_count = notes.public_views_count + v.views
        from v
        where notes.id = v.note_id and notes.id in (select id from locked)`.execute(this.db);
    } catch (error) {
      // Keep the counts for the next try.
      for (const [noteId, views] of batch) this.add(noteId, views);
      throw error;
    }
  }

  private add(noteId: number, views: number): void {
    this.pending.set(noteId, (this.pending.get(noteId) ?? 0) + views);
  }
}
