import type { UserSummaryView } from './note-views';
import type { Page, PageRequest } from './paging';
import type { Viewer } from './viewer';
import { portToken } from './port-token';

/** The users related to a notemap, a page at a time, in a fixed number of queries. */
export interface NotemapUserViews {
  /** Its creator first, then the distinct authors of the notes it holds that the viewer may read, by id. */
  authors(viewer: Viewer, notemapId: number, page: PageRequest): Promise<Page<UserSummaryView>>;
  /** Its followers, the most recent follow first; not those a block stands between a signed-in `viewer` and. */
  followers(notemapId: number, page: PageRequest, viewer?: Viewer): Promise<Page<UserSummaryView>>;
}
export const NOTEMAP_USER_VIEWS = portToken<NotemapUserViews>('NotemapUserViews');
