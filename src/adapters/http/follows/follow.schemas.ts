import { Type } from 'typebox';
import { EmptyEnvelope } from '../envelope';

export const UserIdParams = Type.Object({ user_id: Type.String() });

/** `/users/:user_id/followers/:id`: the followed user and the follower whose follow ends. */
export const UserFollowParams = Type.Object({ user_id: Type.String(), id: Type.String() });

/** POST of a follow: 201 the first time, 200 on a repeat, meta only either way (docs/api.md, Scopes). */
export const FollowCreatedResponses = { 200: EmptyEnvelope, 201: EmptyEnvelope };
