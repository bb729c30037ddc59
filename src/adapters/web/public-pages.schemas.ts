import { Type } from 'typebox';
import { Text } from '../page-kit/forms';

/** A page of a list (`?page=2`): 1-based. */
export const PageQuery = Type.Object({ page: Text });

/** The explore page: an optional search. */
export const ExploreQuery = Type.Object({ q: Text });

export const IdParams = Type.Object({ id: Type.String() });
export const UsernameParams = Type.Object({ username: Type.String() });
export const TagParams = Type.Object({ name: Type.String() });

/** A form with nothing but its CSRF token (favorite, follow and their undoing). */
export const ActionForm = Type.Object({ _csrf: Text });

export const CommentForm = Type.Object({ comment: Text, _csrf: Text });

/** The new-note form: every field text, as typed; the domain says what is wrong with it. */
export const NewNoteForm = Type.Object({
  title: Text, message: Text, latitude: Text, longitude: Text, visibility: Text, locationPrecision: Text, recipients: Text, tags: Text, city: Text, country: Text, _csrf: Text,
});
