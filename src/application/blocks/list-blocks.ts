import { inject, injectable } from 'tsyringe';
import { requireScope, type Actor } from '../../domain/actor';
import { BLOCK_VIEWS, type BlockViews } from '../ports/block-views';
import type { UserSummaryView } from '../ports/note-views';
import type { Page, PageRequest } from '../ports/paging';

/** The users the actor blocks (scope `read`), the most recent block first. */
@injectable()
export class ListBlocks {
  constructor(@inject(BLOCK_VIEWS) private readonly views: BlockViews) {}

  execute(actor: Actor, page: PageRequest): Promise<Page<UserSummaryView>> {
    return this.views.blockedBy(requireScope(actor, 'read'), page);
  }

  /** Whether the actor blocks `userId` (false for an anonymous actor): a user page's Block or Unblock button. */
  async blocks(actor: Actor, userId: number): Promise<boolean> {
    return actor.userId !== null && this.views.blocks(actor.userId, userId);
  }
}
