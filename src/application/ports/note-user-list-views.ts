import type { UserSummaryView } from './note-views';
import type { Page, PageRequest } from './paging';
import type { Viewer } from './viewer';
import { portToken } from './port-token';

/**
 * The users related to a note, shaped as list items, newest relation first (then higher user id).
 * Empty for a note the viewer may not read; a page costs a fixed number of queries whatever its size,
 * and `total` equals the note's favoriters / finders count.
 */
export interface NoteUserListViews {
  /** The users who favorited the note. */
  favoritersOf(viewer: Viewer, noteId: number, page: PageRequest): Promise<Page<UserSummaryView>>;
  /** The users who marked the note found. */
  findersOf(viewer: Viewer, noteId: number, page: PageRequest): Promise<Page<UserSummaryView>>;
}
export const NOTE_USER_LIST_VIEWS = portToken<NoteUserListViews>('NoteUserListViews');
