import type { Page, PageRequest } from './paging';
import type { Viewer } from './viewer';
import { portToken } from './port-token';

/** A tag and how many notes the viewer may read carry it. */
export interface TagView {
  id: number;
  name: string;
  notesCount: number;
}

export interface TagViews {
  /** The tags of a note, by name. */
  ofNote(viewer: Viewer, noteId: number, page: PageRequest): Promise<Page<TagView>>;
  /** The names of a note's tags, in the same order (a note's page links them; their counts are not needed). */
  namesOfNote(viewer: Viewer, noteId: number): Promise<string[]>;
  /** A tag by its normalised name, or null when no note ever carried it. */
  byName(viewer: Viewer, name: string): Promise<TagView | null>;
  /**
   * The most used tags among the notes of a notemap the viewer may read (at most NOTEMAP_TAGS_MAX),
   * most used first, then by name; `total` is the size of that short list.
   */
  ofNotemap(viewer: Viewer, notemapId: number, page: PageRequest): Promise<Page<TagView>>;
}
export const TAG_VIEWS = portToken<TagViews>('TagViews');
