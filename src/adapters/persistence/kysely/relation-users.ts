import type { AliasedSelectQueryBuilder, Kysely } from 'kysely';
import type { UserSummaryView } from '../../../application/ports/note-views';
import type { Page, PageRequest } from '../../../application/ports/paging';
import type { Schema } from './schema';
import { toUserSummary } from './user-summary-row';

/** The rows of a relation a list shows, as `r`: each listed user, and when the relation was made. */
export type RelationRows = AliasedSelectQueryBuilder<{ user_id: number; created_at: Date }, 'r'>;

/**
 * A page of the users a relation lists (followers, favoriters, finders…), the most recent relation first, then the
 * higher user id: two statements whatever the page's size, the rows with their users joined, and the total.
 */
export async function relationUserPage(db: Kysely<Schema>, relation: RelationRows, page: PageRequest): Promise<Page<UserSummaryView>> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom(relation)
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .select(['u.id', 'u.username', 'u.name', 'u.description', 'u.avatar_hash', 'u.has_avatar'])
      .orderBy('r.created_at', 'desc')
      .orderBy('r.user_id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    db.selectFrom(relation).select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toUserSummary), total: count.total };
}
