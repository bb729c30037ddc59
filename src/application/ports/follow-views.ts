import type { UserSummaryView } from './note-views';
import type { Page, PageRequest } from './paging';
import { portToken } from './port-token';
import type { Viewer } from './viewer';

/**
 * Lists of users made by follows, shaped for pages: most recent follow first (then the higher
 * user id), in a fixed number of queries whatever the page size. Follows are public; a signed-in `viewer` does not see
 * in them the users a block stands between them and, and sees nothing in the lists of such a user.
 */
export interface FollowViews {
  /** The users following `userId`. */
  followersOf(userId: number, page: PageRequest, viewer?: Viewer): Promise<Page<UserSummaryView>>;
  /** The users `userId` follows. */
  followedBy(userId: number, page: PageRequest, viewer?: Viewer): Promise<Page<UserSummaryView>>;
  /** Whether `followerId` follows `followedId` (a page's follow button). */
  follows(followerId: number, followedId: number): Promise<boolean>;
  /** The users following a place. */
  placeFollowers(placeId: number, page: PageRequest, viewer?: Viewer): Promise<Page<UserSummaryView>>;
}
export const FOLLOW_VIEWS = portToken<FollowViews>('FollowViews');
