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
      // Two array parameters whatever the batch size, so a large batch stays one statement.
      await sql`
        update notes set public_views_count = notes.public_views_count + v.views
        from unnest(${[...batch.keys()]}::int4[], ${[...batch.values()]}::int8[]) as v(note_id, views)
        where notes.id = v.note_id`.execute(this.db);
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
