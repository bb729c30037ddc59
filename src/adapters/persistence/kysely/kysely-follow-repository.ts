import type { Kysely } from 'kysely';
import { inject, injectable } from 'tsyringe';
import type { FollowRepository } from '../../../application/ports/follow-repository';
import { DomainError } from '../../../domain/domain-error';
import { KYSELY } from './database';
import { foreignKeyViolation } from './database-errors';
import type { Schema } from './schema';

/**
 * Follows as rows keyed by their pair: ON CONFLICT DO NOTHING and DELETE … RETURNING tell whether a
 * row was really written or removed, so concurrent requests can neither duplicate nor double-count.
 */
@injectable()
export class KyselyFollowRepository implements FollowRepository {
  constructor(@inject(KYSELY) private readonly db: Kysely<Schema>) {}

  async followUser(followerId: number, followedId: number, now: Date): Promise<boolean> {
    // The insert's key checks lock both users; an account deleted meanwhile fails them once its deletion commits.
    try {
      const row = await this.db
        .insertInto('user_follows')
        .values({ follower_id: followerId, followed_id: followedId, created_at: now })
        .onConflict((oc) => oc.columns(['followed_id', 'follower_id']).doNothing())
        .returning('follower_id')
        .executeTakeFirst();
      return row !== undefined;
    } catch (error) {
      const constraint = foreignKeyViolation(error);
      if (constraint !== null) throw DomainError.notFound('user', constraint === 'user_follows_follower_id_fkey' ? followerId : followedId);
      throw error;
    }
  }

  async unfollowUser(followerId: number, followedId: number): Promise<boolean> {
    const row = await this.db
      .deleteFrom('user_follows')
      .where('followed_id', '=', followedId)
      .where('follower_id', '=', followerId)
      .returning('follower_id')
      .executeTakeFirst();
    return row !== undefined;
  }

  async followPlace(userId: number, placeId: number, now: Date): Promise<boolean> {
    const row = await this.db
      .insertInto('place_follows')
      .values({ place_id: placeId, user_id: userId, created_at: now })
      .onConflict((oc) => oc.columns(['place_id', 'user_id']).doNothing())
      .returning('user_id')
      .executeTakeFirst();
    return row !== undefined;
  }

  async unfollowPlace(userId: number, placeId: number): Promise<boolean> {
    const row = await this.db
      .deleteFrom('place_follows')
      .where('place_id', '=', placeId)
      .where('user_id', '=', userId)
      .returning('user_id')
      .executeTakeFirst();
    return row !== undefined;
  }
}
