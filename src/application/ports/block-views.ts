import type { UserSummaryView } from './note-views';
import type { Page, PageRequest } from './paging';
import { portToken } from './port-token';

/** The blocks a user made, shaped for pages: the most recent block first (then the higher user id). */
export interface BlockViews {
  /** The users `userId` blocks. */
  blockedBy(userId: number, page: PageRequest): Promise<Page<UserSummaryView>>;
  /** The users a block stands between `userId` and, in either direction (who hears of what, outside a request). */
  apartFrom(userId: number): Promise<ReadonlySet<number>>;
  /** Whether `blockerId` blocks `blockedId` (a user page's Block or Unblock button). */
  blocks(blockerId: number, blockedId: number): Promise<boolean>;
}
export const BLOCK_VIEWS = portToken<BlockViews>('BlockViews');
