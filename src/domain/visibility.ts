import { DomainError } from './domain-error';

export const VISIBILITIES = ['public', 'recipients', 'self'] as const;
export type Visibility = (typeof VISIBILITIES)[number];

/** `private` is accepted as a synonym of `self`, as clients of the original service sent it. */
export function parseVisibility(value: string): Visibility {
  const v = value.trim().toLowerCase();
  if (v === 'private') return 'self';
  if ((VISIBILITIES as readonly string[]).includes(v)) return v as Visibility;
  throw DomainError.invalid([{ name: 'visibility', problem: 'must be one of public, recipients, self' }]);
}

/**
 * Who reads a note: `readerId` is a user reading with `readall` (or null); `apart` holds the users a block stands
 * between the signed-in reader and (either of them blocking the other), whose notes they never see.
 */
export interface NoteReader {
  readonly readerId: number | null;
  readonly apart: ReadonlySet<number>;
}

/** Nobody is apart: an anonymous reader's, and anyone's who blocks nobody and whom nobody blocks. */
export const NOBODY_APART: ReadonlySet<number> = new Set();

/**
 * Whether `reader` may see what user `userId` made or did (a comment, a notemap, a favorite, a follow): not across a
 * block. The same fact hides a note, below.
 */
export function canSeeUser(userId: number, { apart }: Pick<NoteReader, 'apart'>): boolean {
  return !apart.has(userId);
}

/** Whether `reader` may see a note: a block between them and its author hides it, whatever its visibility. */
export function canRead(
  note: { authorId: number; visibility: Visibility; recipientIds: readonly number[] },
  reader: NoteReader,
): boolean {
  if (!canSeeUser(note.authorId, reader)) return false;
  const { readerId } = reader;
  if (note.visibility === 'public') return true;
  if (readerId === null) return false;
  if (note.authorId === readerId) return true;
  return note.visibility === 'recipients' && note.recipientIds.includes(readerId);
}
