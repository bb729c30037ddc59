import type { NoteContent, NoteImage } from '../../domain/note';
import { portToken } from './port-token';
import type { NoteView } from './note-views';

/**
 * A note to store: its author, its content as the domain built it, its recipients (ids that exist), when, and its
 * image (a file already stored, as `storeUpload` answers it) if it has one.
 */
export interface NewNote {
  authorId: number;
  content: NoteContent;
  recipientIds: readonly number[];
  now: Date;
  image?: NoteImage | null;
}

/**
 * The one way to store a new note (decision `posts-batched`): each with its place, tags, recipients and image,
 * answered as its author reads it. Each note is stored atomically on its own, outside any unit of work; an adapter
 * may write the notes of several concurrent callers in one statement (one transaction), and when that statement fails
 * it writes each of them alone, so one caller's failure is never another's.
 */
export interface NoteInserts {
  insert(note: NewNote): Promise<NoteView>;
}

export const NOTE_INSERTS = portToken<NoteInserts>('NoteInserts');
