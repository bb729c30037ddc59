import { Type, type Static } from 'typebox';
import { Association, NullableString } from '../common.schemas';
import { NoteImage } from '../notes/note.schemas';
import { UserSummary } from '../users/user.schemas';

export const Notemap = Type.Object({
  author: UserSummary,
  authors: Association,
  createdAt: Type.Integer(),
  currentUserData: Type.Object({ isFollowing: Type.Boolean() }),
  description: Type.String(),
  followers: Association,
  id: Type.Integer(),
  image: Type.Union([NoteImage, Type.Null()]),
  lastNoteAddedAt: Type.Union([Type.Integer(), Type.Null()]),
  link: Type.String(),
  name: Type.String(),
  notes: Association,
  notesWithImages: Association,
  tags: Association,
});
export type Notemap = Static<typeof Notemap>;

/** POST /notemaps and PUT /notemaps/:id (docs/api.md); which fields are required, and their lengths, is the domain's rule. */
export const NotemapBody = Type.Object({
  name: Type.Optional(Type.String()),
  description: Type.Optional(NullableString),
});

/** POST /notemaps/:id/notes. */
export const AddNoteBody = Type.Object({
  note_id: Type.Integer({ minimum: 1, description: 'The note to add; the creator must be able to read it.' }),
});

export const NotemapNoteParams = Type.Object({ id: Type.String(), note_id: Type.String() });
export const UserIdParams = Type.Object({ user_id: Type.String() });
