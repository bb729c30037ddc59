import { sql, type Kysely } from 'kysely';
import type { BlockRepository } from '../../../application/ports/block-repository';
import { DomainError } from '../../../domain/domain-error';
import { foreignKeyViolation } from './database-errors';
import { deleteRelationRow, insertRelationRow, type RelationTable } from './relation-rows';
import type { Schema } from './schema';

const USER_BLOCKS: RelationTable = { table: 'user_blocks', subject: 'blocked_id', user: 'blocker_id' };

/** Blocks as rows keyed by their pair (relation-rows.ts); migration 0023's trigger records them for the change feed. */
export class KyselyBlockRepository implements BlockRepository {
  constructor(private readonly db: Kysely<Schema>) {}

  async block(blockerId: number, blockedId: number, now: Date): Promise<boolean> {
    try {
      return await insertRelationRow(this.db, USER_BLOCKS, blockedId, blockerId, now);
    } catch (error) {
      const constraint = foreignKeyViolation(error);
      if (constraint !== null) throw DomainError.notFound('user', constraint === 'user_blocks_blocker_id_fkey' ? blockerId : blockedId);
      throw error;
    }
  }

  unblock(blockerId: number, blockedId: number): Promise<boolean> {
    return deleteRelationRow(this.db, USER_BLOCKS, blockedId, blockerId);
  }

  async endFollowsBetween(a: number, b: number): Promise<void> {
    await sql`with users_follows as (
        delete from user_follows where (follower_id = ${a} and followed_id = ${b}) or (follower_id = ${b} and followed_id = ${a}))
      delete from notemap_follows f using notemaps m
      where m.id = f.notemap_id and ((f.user_id = ${a} and m.owner_id = ${b}) or (f.user_id = ${b} and m.owner_id = ${a}))`.execute(this.db);
  }

  async apartFrom(userId: number): Promise<ReadonlySet<number>> {
    const { rows } = await sql<{ other: number }>`select blocked_id as other from user_blocks where blocker_id = ${userId}
      union select blocker_id from user_blocks where blocked_id = ${userId}`.execute(this.db);
    return new Set(rows.map((row) => row.other));
  }
}
