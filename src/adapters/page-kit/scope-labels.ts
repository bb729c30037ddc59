import type { Scope } from '../../domain/scopes';

/** What each scope lets an application do, in the words the consent and authorization pages use. */
export const SCOPE_LABELS: Record<Scope, string> = {
  read: 'Read public content (always granted)',
  readall: 'Read everything you can see, including non-public notes',
  write: 'Change content for you: favorites, comments, notemaps (includes reading everything you can see)',
  contacts: 'Follow and unfollow members for you',
  notes: 'Add and edit your notes (includes write)',
  delete: 'Delete your notes (includes write)',
};
