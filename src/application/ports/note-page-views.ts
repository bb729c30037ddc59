import type { CommentView } from './comment-views';
import type { NoteView } from './note-views';
import type { PageRequest } from './paging';
import type { Viewer } from './viewer';
import { portToken } from './port-token';

/** A note with what its page shows beside it: a page of its comments and the names of its tags. */
export interface NoteWithDiscussion {
  note: NoteView;
  /** Oldest first, ending early as CommentViews' pages do (COMMENT_PAGE_TEXT_MAX_BYTES). */
  comments: CommentView[];
  /** By name, in code point order. */
  tags: string[];
}

/**
 * A note's page in one read: the note as NoteViews.get gives it, the page of its comments CommentViews.pageOfNote
 * gives, and the names TagViews.namesOfNote gives; null when the note does not exist or the viewer may not read it.
 */
export interface NotePageViews {
  get(viewer: Viewer, id: number, comments: PageRequest): Promise<NoteWithDiscussion | null>;
}
export const NOTE_PAGE_VIEWS = portToken<NotePageViews>('NotePageViews');
