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

/** Whether `readerId` (a user reading with `readall`, or null) may see a note. */
export function canRead(
  note: { authorId: number; visibility: Visibility; recipientIds: readonly number[] },
  readerId: number | null,
): boolean {
  if (note.visibility === 'public') return true;
  if (readerId === null) return false;
  if (note.authorId === readerId) return true;
  return note.visibility === 'recipients' && note.recipientIds.includes(readerId);
}
