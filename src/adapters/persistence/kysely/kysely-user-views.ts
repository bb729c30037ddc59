import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import { inject, injectable } from 'tsyringe';
import type { UserView, UserViews } from '../../../application/ports/user-views';
import type { Viewer } from '../../../application/ports/viewer';
import { KYSELY } from './database';
import { notApart, readableNote } from './readable-note';
import type { Schema } from './schema';
import { toUserSummary } from './user-summary-row';

const count = (from: Expression<unknown>) => sql<number>`(select count(*) from ${from})`;

/** Profiles with the sizes of their lists, in one statement: every count is a subselect on an index. */
@injectable()
export class KyselyUserViews implements UserViews {
  constructor(@inject(KYSELY) private readonly db: Kysely<Schema>) {}

  get(viewer: Viewer, id: number): Promise<UserView | null> {
    return this.find(viewer, sql<SqlBool>`u.id = ${id}`);
  }

  getByUsername(viewer: Viewer, username: string): Promise<UserView | null> {
    return this.find(viewer, sql<SqlBool>`lower(u.username) = lower(${username})`);
  }

  private async find(viewer: Viewer, which: Expression<SqlBool>): Promise<UserView | null> {
    const readable = readableNote('n', viewer);
    // For a signed-in viewer, the counts of a user's lists agree with the lists: nothing of a user a block stands
    // between them and, and none of such a user's own lists (decision `block-empties-the-others-lists`).
    const { userId } = viewer;
    const seen = (column: string) => (userId === null ? sql`` : sql` and ${notApart(sql.ref(column), userId)}`);
    const owner = seen('u.id');
    const row = await this.db
      .selectFrom('users as u')
      .select(['u.id', 'u.username', 'u.name', 'u.description', 'u.avatar_hash', 'u.has_avatar', 'u.blog_url', 'u.hometown', 'u.twitter'])
      .select([
        count(sql`notes n where n.author_id = u.id and ${readable}`).as('notes'),
        count(sql`note_favorites f join notes n on n.id = f.note_id where f.user_id = u.id and ${readable}${owner}`).as('favorites'),
        count(sql`user_follows uf where uf.followed_id = u.id${owner}${seen('uf.follower_id')}`).as('followers'),
        count(sql`user_follows uf where uf.follower_id = u.id${owner}${seen('uf.followed_id')}`).as('following'),
        count(sql`notemaps m where m.owner_id = u.id${owner}`).as('notemaps'),
        count(userId === null ? sql`notemap_follows mf where mf.user_id = u.id`
          : sql`notemap_follows mf join notemaps fm on fm.id = mf.notemap_id where mf.user_id = u.id${owner}${seen('fm.owner_id')}`).as('followed_notemaps'),
        // A place is there for the viewer only while they may read one of its notes (see kysely-place-views.ts).
        count(sql`place_follows pf where pf.user_id = u.id
          and exists (select 1 from notes n where n.place_id = pf.place_id and ${readable})`).as('followed_places'),
        // A place here is a distinct (city, country), compared without case, among public notes only.
        count(sql`(select distinct lower(n.city), lower(n.country) from notes n
          where n.author_id = u.id and n.visibility = 'public' and (n.city is not null or n.country is not null)) p`)
          .as('public_places'),
      ])
      .where(which)
      .executeTakeFirst();
    if (!row) return null;
    return {
      ...toUserSummary(row),
      blogUrl: row.blog_url,
      hometown: row.hometown,
      twitter: row.twitter,
      publicPlacesCount: row.public_places,
      counts: {
        favorites: row.favorites,
        followedNotemaps: row.followed_notemaps,
        followedPlaces: row.followed_places,
        followers: row.followers,
        following: row.following,
        notemaps: row.notemaps,
        notes: row.notes,
      },
    };
  }
}
