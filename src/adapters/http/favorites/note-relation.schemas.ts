import { Type } from 'typebox';

/** `/notes/:id/<relation>/:user_id`: the note and the user whose favorite or find is removed. */
export const NoteRelationParams = Type.Object({ id: Type.String(), user_id: Type.String() });
