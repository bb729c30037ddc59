import { DomainError, type FieldProblem } from './domain-error';
import { longerThan } from './text';

export const NOTEMAP_NAME_MAX = 100;
export const NOTEMAP_DESCRIPTION_MAX = 2_000;

/** A collection of notes made by one user, as the write side sees it. */
export interface Notemap {
  id: number;
  ownerId: number;
  name: string;
  description: string | null;
  lastNoteAddedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** What a client sends to create or edit a notemap. */
export interface NotemapFields {
  name?: string;
  description?: string | null;
}

export type NotemapContent = Pick<Notemap, 'name' | 'description'>;

/**
 * The content of a notemap from client fields: `name` is required on create and on edit
 * (1-100 characters once trimmed); `description` (at most 2,000, kept as written, blank is none)
 * keeps its value when not sent.
 */
export function applyNotemapFields(previous: NotemapContent | null, fields: NotemapFields): NotemapContent {
  const problems: FieldProblem[] = [];
  const name = fields.name?.trim() ?? '';
  if (fields.name === undefined) problems.push({ name: 'name', problem: 'is required' });
  else if (name === '') problems.push({ name: 'name', problem: 'must not be empty' });
  else if (longerThan(name, NOTEMAP_NAME_MAX)) {
    problems.push({ name: 'name', problem: `must be at most ${NOTEMAP_NAME_MAX} characters` });
  }
  const description = fields.description === undefined
    ? (previous?.description ?? null)
    : (fields.description === null || fields.description.trim() === '' ? null : fields.description);
  if (description !== null && longerThan(description, NOTEMAP_DESCRIPTION_MAX)) {
    problems.push({ name: 'description', problem: `must be at most ${NOTEMAP_DESCRIPTION_MAX} characters` });
  }
  if (problems.length > 0) throw DomainError.invalid(problems);
  return { name, description };
}

/** Only the creator of a notemap edits it, deletes it, or adds and removes its notes. */
export function requireNotemapOwner(notemap: Pick<Notemap, 'id' | 'ownerId'>, userId: number): void {
  if (notemap.ownerId !== userId) throw new DomainError('forbidden', `notemap ${notemap.id} belongs to another user`);
}
