import type { NoteFields } from '../../domain/note';

/** What a client sends to create or edit a note: the note's fields plus who may read it. */
export interface NoteInput extends NoteFields {
  /** User ids or usernames, for `visibility=recipients`. */
  recipients?: (number | string)[];
}
