import { Type } from 'typebox';

export const UserIdParams = Type.Object({ user_id: Type.String() });

/** `/users/:user_id/followers/:id`: the followed user and the follower whose follow ends. */
export const UserFollowParams = Type.Object({ user_id: Type.String(), id: Type.String() });
