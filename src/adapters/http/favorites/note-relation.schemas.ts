import { Type } from 'typebox';
import { EmptyEnvelope } from '../envelope';

/** `/notes/:id/<relation>/:user_id`: the note and the user whose favorite or find is removed. */
export const NoteRelationParams = Type.Object({ id: Type.String(), user_id: Type.String() });

/** POST of a relation: 201 the first time, 200 on a repeat, meta only either way (docs/api.md, Scopes). */
export const RelationCreatedResponses = { 200: EmptyEnvelope, 201: EmptyEnvelope };
