import type { Kysely } from 'kysely';
import { inject, injectable } from 'tsyringe';
import type { FollowViews } from '../../../application/ports/follow-views';
import type { UserSummaryView } from '../../../application/ports/note-views';
import type { Page, PageRequest } from '../../../application/ports/paging';
import { KYSELY } from './database';
import { relationUserPage } from './relation-users';
import type { Schema } from './schema';

/** Which follow table a list reads, and which of its columns is the listed user and which the list's owner. */
type FollowList = 'followers' | 'following' | 'placeFollowers';

/** Users listed by a follow table; a page is two statements (relation-users.ts). */
@injectable()
export class KyselyFollowViews implements FollowViews {
  constructor(@inject(KYSELY) private readonly db: Kysely<Schema>) {}

  followersOf(userId: number, page: PageRequest): Promise<Page<UserSummaryView>> {
    return this.list('followers', userId, page);
  }

  followedBy(userId: number, page: PageRequest): Promise<Page<UserSummaryView>> {
    return this.list('following', userId, page);
  }

  placeFollowers(placeId: number, page: PageRequest): Promise<Page<UserSummaryView>> {
    return this.list('placeFollowers', placeId, page);
  }

  async follows(followerId: number, followedId: number): Promise<boolean> {
    const row = await this.db.selectFrom('user_follows').select('follower_id')
      .where('follower_id', '=', followerId).where('followed_id', '=', followedId).executeTakeFirst();
    return row !== undefined;
  }

  private list(of: FollowList, ownerId: number, page: PageRequest): Promise<Page<UserSummaryView>> {
    return relationUserPage(this.db, this.followRows(of, ownerId).as('r'), page);
  }

  /** The follows of one list as (listed user, when), filtered on the index that leads with the owner. */
  private followRows(of: FollowList, ownerId: number) {
    switch (of) {
      case 'followers':
        return this.db.selectFrom('user_follows').select(['follower_id as user_id', 'created_at']).where('followed_id', '=', ownerId);
      case 'following':
        return this.db.selectFrom('user_follows').select(['followed_id as user_id', 'created_at']).where('follower_id', '=', ownerId);
      case 'placeFollowers':
        return this.db.selectFrom('place_follows').select(['user_id', 'created_at']).where('place_id', '=', ownerId);
    }
  }
}
