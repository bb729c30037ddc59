import { Type } from 'typebox';
import { Text } from '../page-kit/forms';

/** A page of a list (`?page=2`): 1-based. */
export const PageQuery = Type.Object({ page: Text });

/** The explore page: an optional search. */
export const ExploreQuery = Type.Object({ q: Text });

export const IdParams = Type.Object({ id: Type.String() });
export const UsernameParams = Type.Object({ username: Type.String() });
export const TagParams = Type.Object({ name: Type.String() });
