import type { Kysely } from 'kysely';
import { inject, injectable } from 'tsyringe';
import type { BlockViews } from '../../../application/ports/block-views';
import type { UserSummaryView } from '../../../application/ports/note-views';
import type { Page, PageRequest } from '../../../application/ports/paging';
import { KYSELY } from './database';
import { KyselyBlockRepository } from './kysely-block-repository';
import { relationUserPage } from './relation-users';
import type { Schema } from './schema';

/** The users a user blocks; a page is two statements (relation-users.ts). */
@injectable()
export class KyselyBlockViews implements BlockViews {
  constructor(@inject(KYSELY) private readonly db: Kysely<Schema>) {}

  blockedBy(userId: number, page: PageRequest): Promise<Page<UserSummaryView>> {
    const rows = this.db.selectFrom('user_blocks').select(['blocked_id as user_id', 'created_at']).where('blocker_id', '=', userId);
    return relationUserPage(this.db, rows.as('r'), page);
  }

  apartFrom(userId: number): Promise<ReadonlySet<number>> {
    return new KyselyBlockRepository(this.db).apartFrom(userId);
  }

  async blocks(blockerId: number, blockedId: number): Promise<boolean> {
    const row = await this.db.selectFrom('user_blocks').select('blocker_id')
      .where('blocker_id', '=', blockerId).where('blocked_id', '=', blockedId).executeTakeFirst();
    return row !== undefined;
  }
}
