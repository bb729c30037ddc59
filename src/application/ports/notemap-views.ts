import type { UserSummaryView } from './note-views';
import type { Page, PageRequest } from './paging';
import type { Viewer } from './viewer';
import { portToken } from './port-token';

/** At most this many tags are listed for a notemap (the most used first). */
export const NOTEMAP_TAGS_MAX = 20;

/** A notemap as pages show it, with the sizes of its lists as one viewer may see them. */
export interface NotemapView {
  id: number;
  owner: UserSummaryView;
  name: string;
  description: string | null;
  /** Unix seconds. */
  createdAt: number;
  lastNoteAddedAt: number | null;
  /** The image of the most recently added note the viewer may read that has one. */
  image: { key: string; width: number; height: number } | null;
  counts: { authors: number; followers: number; notes: number; notesWithImages: number; tags: number };
  viewer: { isFollowing: boolean };
}

/** Which notemaps a list holds; the filters combine with AND. */
export interface NotemapFilter {
  ownerId?: number;
  /** Notemaps a user follows. */
  followedBy?: number;
  /** Notemaps that hold a note. */
  holdingNote?: number;
}

/**
 * Notemaps shaped for reading. Every notemap is visible to everyone; the counts of notes, authors,
 * images and tags count only notes the viewer may read. Lists are newest first (createdAt, then id,
 * descending) and cost a fixed number of queries whatever the page size.
 */
/**
 * Notemaps as a viewer sees them: every notemap is public, but a signed-in viewer sees none made by a user a block
 * stands between them and (nor anything of such a user's lists).
 */
export interface NotemapViews {
  get(viewer: Viewer, id: number): Promise<NotemapView | null>;
  list(viewer: Viewer, filter: NotemapFilter, page: PageRequest): Promise<Page<NotemapView>>;
  /** Whether the notemap exists for the viewer (one cheap statement, for the lists of a notemap). */
  visible(viewer: Viewer, id: number): Promise<boolean>;
}
export const NOTEMAP_VIEWS = portToken<NotemapViews>('NotemapViews');
