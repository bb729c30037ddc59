import type { Kysely } from 'kysely';
import { inject, injectable } from 'tsyringe';
import type { FollowRepository } from '../../../application/ports/follow-repository';
import { DomainError } from '../../../domain/domain-error';
import { KYSELY } from './database';
import { foreignKeyViolation } from './database-errors';
import { deleteRelationRow, insertRelationRow, type RelationTable } from './relation-rows';
import type { Schema } from './schema';

const USER_FOLLOWS: RelationTable = { table: 'user_follows', subject: 'followed_id', user: 'follower_id' };
const PLACE_FOLLOWS: RelationTable = { table: 'place_follows', subject: 'place_id', user: 'user_id' };

/** Follows of users and of places, as rows keyed by their pair (relation-rows.ts). */
@injectable()
export class KyselyFollowRepository implements FollowRepository {
  constructor(@inject(KYSELY) private readonly db: Kysely<Schema>) {}

  async followUser(followerId: number, followedId: number, now: Date): Promise<boolean> {
    // The insert's key checks lock both users; an account deleted meanwhile fails them once its deletion commits.
    try {
      return await insertRelationRow(this.db, USER_FOLLOWS, followedId, followerId, now);
    } catch (error) {
      const constraint = foreignKeyViolation(error);
      if (constraint !== null) throw DomainError.notFound('user', constraint === 'user_follows_follower_id_fkey' ? followerId : followedId);
      throw error;
    }
  }

  unfollowUser(followerId: number, followedId: number): Promise<boolean> {
    return deleteRelationRow(this.db, USER_FOLLOWS, followedId, followerId);
  }

  followPlace(userId: number, placeId: number, now: Date): Promise<boolean> {
    return insertRelationRow(this.db, PLACE_FOLLOWS, placeId, userId, now);
  }

  unfollowPlace(userId: number, placeId: number): Promise<boolean> {
    return deleteRelationRow(this.db, PLACE_FOLLOWS, placeId, userId);
  }
}
