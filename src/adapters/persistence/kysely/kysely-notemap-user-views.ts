import { sql, type Kysely } from 'kysely';
import { inject, injectable } from 'tsyringe';
import type { UserSummaryView } from '../../../application/ports/note-views';
import type { NotemapUserViews } from '../../../application/ports/notemap-user-views';
import type { Page, PageRequest } from '../../../application/ports/paging';
import type { Viewer } from '../../../application/ports/viewer';
import { KYSELY } from './database';
import { notApart, readableNote } from './readable-note';
import { relationUserPage } from './relation-users';
import type { Schema } from './schema';
import { toUserSummary } from './user-summary-row';

const SUMMARY = ['u.id', 'u.username', 'u.name', 'u.description', 'u.avatar_hash', 'u.has_avatar'] as const;

/** The users of a notemap's lists; a page is two statements (rows and total) whatever its size. */
@injectable()
export class KyselyNotemapUserViews implements NotemapUserViews {
  constructor(@inject(KYSELY) private readonly db: Kysely<Schema>) {}

  async authors(viewer: Viewer, notemapId: number, page: PageRequest): Promise<Page<UserSummaryView>> {
    const owner = sql<number>`(select m.owner_id from notemaps m where m.id = ${notemapId})`;
    const authors = this.db.selectFrom('users as u').where(sql<boolean>`(u.id = ${owner} or exists (
      select 1 from notemap_notes mn join notes n on n.id = mn.note_id
      where mn.notemap_id = ${notemapId} and n.author_id = u.id and ${readableNote('n', viewer)}))`);
    const [rows, count] = await Promise.all([
      authors
        .select(SUMMARY)
        .orderBy(sql`u.id = ${owner}`, 'desc')
        .orderBy('u.id')
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
      authors.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { items: rows.map(toUserSummary), total: count.total };
  }

  followers(notemapId: number, page: PageRequest, viewer?: Viewer): Promise<Page<UserSummaryView>> {
    const userId = viewer?.userId ?? null;
    const follows = this.db.selectFrom('notemap_follows').select(['user_id', 'created_at']).where('notemap_id', '=', notemapId)
      .$if(userId !== null, (qb) => qb.where(notApart(sql.ref('user_id'), userId as number)));
    return relationUserPage(this.db, follows.as('r'), page);
  }
}
