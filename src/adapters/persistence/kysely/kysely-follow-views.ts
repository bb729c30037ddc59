import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { inject, injectable } from 'tsyringe';
import type { FollowViews } from '../../../application/ports/follow-views';
import type { UserSummaryView } from '../../../application/ports/note-views';
import type { Page, PageRequest } from '../../../application/ports/paging';
import type { Viewer } from '../../../application/ports/viewer';
import { KYSELY } from './database';
import { notApart } from './readable-note';
import { relationUserPage } from './relation-users';
import type { Schema } from './schema';

/** Which follow table a list reads, and which of its columns is the listed user and which the list's owner. */
type FollowList = 'followers' | 'following' | 'placeFollowers';

/** Users listed by a follow table; a page is two statements (relation-users.ts). */
@injectable()
export class KyselyFollowViews implements FollowViews {
  constructor(@inject(KYSELY) private readonly db: Kysely<Schema>) {}

  followersOf(userId: number, page: PageRequest, viewer?: Viewer): Promise<Page<UserSummaryView>> {
    return this.list('followers', userId, page, viewer);
  }

  followedBy(userId: number, page: PageRequest, viewer?: Viewer): Promise<Page<UserSummaryView>> {
    return this.list('following', userId, page, viewer);
  }

  placeFollowers(placeId: number, page: PageRequest, viewer?: Viewer): Promise<Page<UserSummaryView>> {
    return this.list('placeFollowers', placeId, page, viewer);
  }

  async follows(followerId: number, followedId: number): Promise<boolean> {
    const row = await this.db.selectFrom('user_follows').select('follower_id')
      .where('follower_id', '=', followerId).where('followed_id', '=', followedId).executeTakeFirst();
    return row !== undefined;
  }

  private list(of: FollowList, ownerId: number, page: PageRequest, viewer?: Viewer): Promise<Page<UserSummaryView>> {
    const userId = viewer?.userId ?? null;
    // Neither the users a block stands between the viewer and, nor anything of such a user's own lists.
    const seen = userId === null ? null
      : of === 'placeFollowers' ? notApart(sql.ref('f.user_id'), userId)
        : sql<SqlBool>`${notApart(sql.ref('f.user_id'), userId)} and ${notApart(sql`${ownerId}`, userId)}`;
    const rows = this.db.selectFrom(this.followRows(of, ownerId).as('f')).select(['f.user_id', 'f.created_at'])
      .$if(seen !== null, (qb) => qb.where(seen as RawBuilder<SqlBool>));
    return relationUserPage(this.db, userId === null ? this.followRows(of, ownerId).as('r') : rows.as('r'), page);
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
