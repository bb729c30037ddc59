import type { UserSummaryView } from './note-views';
import type { Page, PageRequest } from './paging';
import { portToken } from './port-token';

/**
 * Lists of users made by follows, shaped for pages: most recent follow first (then the higher
 * user id), in a fixed number of queries whatever the page size. Users are public, so no viewer.
 */
export interface FollowViews {
  /** The users following `userId`. */
  followersOf(userId: number, page: PageRequest): Promise<Page<UserSummaryView>>;
  /** The users `userId` follows. */
  followedBy(userId: number, page: PageRequest): Promise<Page<UserSummaryView>>;
  /** Whether `followerId` follows `followedId` (a page's follow button). */
  follows(followerId: number, followedId: number): Promise<boolean>;
  /** The users following a place. */
  placeFollowers(placeId: number, page: PageRequest): Promise<Page<UserSummaryView>>;
}
export const FOLLOW_VIEWS = portToken<FollowViews>('FollowViews');
