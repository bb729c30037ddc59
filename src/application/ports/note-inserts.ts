import type { NoteContent } from '../../domain/note';
import { portToken } from './port-token';
import type { NoteView } from './note-views';

/** A note to store: its author, its content as the domain built it, its recipients (ids that exist) and when. */
export interface NewNote {
  authorId: number;
  content: NoteContent;
  recipientIds: readonly number[];
  now: Date;
}

/**
 * Stores new notes (without an image), each with its place, tags and recipients, and answers each as its author
 * reads it. Each note is stored atomically on its own, outside any unit of work; an adapter may write the notes of
 * several concurrent callers in one statement (one transaction), and when that statement fails it writes each of
 * them alone, so one caller's failure is never another's.
 */
export interface NoteInserts {
  insert(note: NewNote): Promise<NoteView>;
}

export const NOTE_INSERTS = portToken<NoteInserts>('NoteInserts');
