import { Type, type Static } from 'typebox';
import { Note } from './note.schemas';

/** A Note as lists show it: with `distance` (metres, rounded) when the list was asked `near`. */
export const ListedNote = Type.Object({
  ...Note.properties,
  distance: Type.Optional(Type.Integer({ minimum: 0, description: 'Great-circle metres from `near` (only with `near`).' })),
});
export type ListedNote = Static<typeof ListedNote>;
