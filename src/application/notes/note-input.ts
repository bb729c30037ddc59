import type { NoteFields } from '../../domain/note';
import type { ImageUpload } from '../images/image-upload';

/** What a client sends to create or edit a note: the note's fields plus who may read it. */
export interface NoteInput extends NoteFields {
  /** User ids or usernames, for `visibility=recipients`. */
  recipients?: (number | string)[];
  /** A new image; null removes the note's image; absent keeps it. */
  image?: ImageUpload | null;
}
