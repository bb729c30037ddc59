import type { NoteInput } from '../../../application/notes/note-input';
import type { NoteBody } from './note.schemas';

function splitList(value: readonly (string | number)[] | string): (string | number)[] {
  const items: readonly (string | number)[] = typeof value === 'string' ? [value] : value;
  return items
    .flatMap((item): (string | number)[] => (typeof item === 'string' ? item.split(',').map((part) => part.trim()) : [item]))
    .filter((item) => item !== '');
}

/** A recipient written as digits is a user id; anything else is a username. */
const recipientRef = (item: string | number): string | number =>
  typeof item === 'string' && /^\d{1,9}$/u.test(item) ? Number(item) : item;

/** The use-case input from a request body: nested location fields merged (flat ones win), lists split. */
export function noteInputFromBody(body: NoteBody): NoteInput {
  const { location, tags, recipients, ...flat } = body;
  const defined = Object.fromEntries(Object.entries(flat).filter(([, v]) => v !== undefined));
  const input: NoteInput = { ...location, ...defined };
  if (tags !== undefined) input.tags = splitList(tags).map(String);
  if (recipients !== undefined) input.recipients = splitList(recipients).map(recipientRef);
  return input;
}
