import type { UserSummaryView } from './note-views';
import type { Page, PageRequest } from './paging';
import type { Viewer } from './viewer';
import { portToken } from './port-token';

/** A comment as pages show it, with its favorite count and the viewer's flag. */
export interface CommentView {
  id: number;
  noteId: number;
  author: UserSummaryView;
  title: string | null;
  comment: string;
  /** Unix seconds. */
  createdAt: number;
  updatedAt: number;
  favoritersCount: number;
  viewer: { isFavorited: boolean };
}

/**
 * Comments shaped for reading. Only comments on notes the viewer may read are returned or counted.
 * Lists are oldest first (createdAt, then id, ascending: a conversation reads top-down) and cost a
 * fixed number of queries whatever the page size.
 */
export interface CommentViews {
  /** The comment `id` when it belongs to note `noteId`; null otherwise. */
  get(viewer: Viewer, noteId: number, id: number): Promise<CommentView | null>;
  /**
   * A page of a note's comments; it ends early, before `page.limit`, once the comments' text would pass
   * COMMENT_PAGE_TEXT_MAX_BYTES (it always holds at least one comment). `total` counts them all.
   */
  ofNote(viewer: Viewer, noteId: number, page: PageRequest): Promise<Page<CommentView>>;
  /** The same page without its total, for a caller that has it already (the note's own comment count). */
  pageOfNote(viewer: Viewer, noteId: number, page: PageRequest): Promise<CommentView[]>;
}
export const COMMENT_VIEWS = portToken<CommentViews>('CommentViews');
