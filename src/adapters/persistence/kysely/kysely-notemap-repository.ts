import type { Kysely } from 'kysely';
import { inject, injectable } from 'tsyringe';
import type { NotemapRepository } from '../../../application/ports/notemap-repository';
import { DomainError } from '../../../domain/domain-error';
import type { Notemap, NotemapContent } from '../../../domain/notemap';
import { KYSELY } from './database';
import { foreignKeyViolation } from './database-errors';
import { deleteRelationRow, insertRelationRow, type RelationTable } from './relation-rows';
import type { Schema } from './schema';

const NOTEMAP_FOLLOWS: RelationTable = { table: 'notemap_follows', subject: 'notemap_id', user: 'user_id' };

/**
 * Notemaps over SQL. A relation write and the counters it moves are one statement (data-modifying
 * CTEs), so a counter changes only with a row that was really inserted or deleted, even under concurrency.
 * Rows are locked parents first: the notemap, then its notes in the order of their ids, then memberships.
 */
@injectable()
export class KyselyNotemapRepository implements NotemapRepository {
  constructor(@inject(KYSELY) private readonly db: Kysely<Schema>) {}

  async create(ownerId: number, content: NotemapContent, now: Date): Promise<number> {
    const { id } = await this.db
      .insertInto('notemaps')
      .values({ owner_id: ownerId, name: content.name, description: content.description, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  async lock(id: number): Promise<void> {
    await this.db.selectFrom('notemaps').select('id').where('id', '=', id).forUpdate().execute();
  }

  async findById(id: number, options: { lock?: boolean } = {}): Promise<Notemap | null> {
    const query = this.db.selectFrom('notemaps').selectAll().where('id', '=', id);
    const row = await (options.lock === true ? query.forNoKeyUpdate() : query).executeTakeFirst();
    if (!row) return null;
    return {
      id: row.id,
      ownerId: row.owner_id,
      name: row.name,
      description: row.description,
      lastNoteAddedAt: row.last_note_added_at,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  }

  async update(id: number, content: NotemapContent, now: Date): Promise<void> {
    await this.db
      .updateTable('notemaps')
      .set({ name: content.name, description: content.description, updated_at: now })
      .where('id', '=', id)
      .execute();
  }

  async delete(id: number): Promise<boolean> {
    // Its notes are locked before any membership, in the order of their ids, as a note's deletion (the note,
    // then its memberships by the cascade) and every other writer take them: otherwise the two deadlock.
    await this.db
      .selectFrom('notes')
      .select('id')
      .where('id', 'in', (eb) => eb.selectFrom('notemap_notes').select('note_id').where('notemap_id', '=', id))
      .orderBy('id')
      .forNoKeyUpdate()
      .execute();
    // Memberships are deleted here rather than by the cascade, so their notes' counters drop with them.
    const result = await this.db
      .with('removed', (db) => db.deleteFrom('notemap_notes').where('notemap_id', '=', id).returning('note_id'))
      .with('counted', (db) => db
        .updateTable('notes')
        .set((eb) => ({ notemaps_count: eb('notemaps_count', '-', 1) }))
        .where('id', 'in', (eb) => eb.selectFrom('removed').select('note_id')))
      .deleteFrom('notemaps')
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  async addNote(notemapId: number, noteId: number, now: Date): Promise<boolean> {
    const row = await this.db
      .with('added', (db) => db
        .insertInto('notemap_notes')
        .values({ notemap_id: notemapId, note_id: noteId, added_at: now })
        .onConflict((oc) => oc.columns(['notemap_id', 'note_id']).doNothing())
        .returning('note_id'))
      .with('counted', (db) => db
        .updateTable('notes')
        .set((eb) => ({ notemaps_count: eb('notemaps_count', '+', 1) }))
        .where('id', 'in', (eb) => eb.selectFrom('added').select('note_id')))
      .with('stamped', (db) => db
        .updateTable('notemaps')
        .set({ last_note_added_at: now })
        .where('id', '=', notemapId)
        .where((eb) => eb.exists(eb.selectFrom('added').select('note_id'))))
      .selectFrom('added')
      .select((eb) => eb.fn.countAll<number>().as('added'))
      .executeTakeFirstOrThrow();
    return row.added > 0;
  }

  async removeNote(notemapId: number, noteId: number): Promise<boolean> {
    const row = await this.db
      .with('removed', (db) => db
        .deleteFrom('notemap_notes')
        .where('notemap_id', '=', notemapId)
        .where('note_id', '=', noteId)
        .returning('note_id'))
      .with('counted', (db) => db
        .updateTable('notes')
        .set((eb) => ({ notemaps_count: eb('notemaps_count', '-', 1) }))
        .where('id', 'in', (eb) => eb.selectFrom('removed').select('note_id')))
      .selectFrom('removed')
      .select((eb) => eb.fn.countAll<number>().as('removed'))
      .executeTakeFirstOrThrow();
    return row.removed > 0;
  }

  async follow(notemapId: number, userId: number, now: Date): Promise<boolean> {
    // No lock first: the insert's key check locks the notemap, and fails once a deletion of it has committed.
    try {
      return await insertRelationRow(this.db, NOTEMAP_FOLLOWS, notemapId, userId, now);
    } catch (error) {
      if (foreignKeyViolation(error) === 'notemap_follows_notemap_id_fkey') throw DomainError.notFound('notemap', notemapId);
      throw error;
    }
  }

  unfollow(notemapId: number, userId: number): Promise<boolean> {
    return deleteRelationRow(this.db, NOTEMAP_FOLLOWS, notemapId, userId);
  }
}
