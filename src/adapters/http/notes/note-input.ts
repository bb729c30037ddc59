import type { NoteInput } from '../../../application/notes/note-input';
import { DomainError } from '../../../domain/domain-error';
import { uploadFrom } from '../images/upload';
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

/** The file fields of a note, in the order they are looked at (docs/api.md: `image_file`, as the original service named it). */
const IMAGE_FIELDS = ['image_file', 'image'] as const;

/** What the body says of the image: a new one, null to remove it, undefined to leave it as it is. */
function imageInput(body: NoteBody): NoteInput['image'] {
  const upload = uploadFrom(body, IMAGE_FIELDS);
  if (body.removeImage !== true) return upload;
  if (upload) throw DomainError.invalid([{ name: 'removeImage', problem: `cannot be true when ${upload.field} carries a file` }]);
  return null;
}

/** The use-case input from a request body: nested location fields merged (flat ones win), lists split. */
export function noteInputFromBody(body: NoteBody): NoteInput {
  const { location, tags, recipients, image_file: _file, image: _image, removeImage: _remove, ...flat } = body;
  const defined = Object.fromEntries(Object.entries(flat).filter(([, v]) => v !== undefined));
  const input: NoteInput = { ...location, ...defined };
  if (tags !== undefined) input.tags = splitList(tags).map(String);
  if (recipients !== undefined) input.recipients = splitList(recipients).map(recipientRef);
  const image = imageInput(body);
  if (image !== undefined) input.image = image;
  return input;
}
