import { Type, type Static } from 'typebox';
import { COMMENT_MAX, COMMENT_TITLE_MAX } from '../../../domain/comment';
import { NullableString } from '../common.schemas';
import { UserSummary } from '../users/user.schemas';

export const Comment = Type.Object({
  author: UserSummary,
  comment: Type.String(),
  createdAt: Type.Integer(),
  currentUserData: Type.Object({ canFavorite: Type.Boolean(), isFavorited: Type.Boolean() }),
  favoritersCount: Type.Integer(),
  id: Type.Integer(),
  title: NullableString,
  updatedAt: Type.Integer(),
});
export type Comment = Static<typeof Comment>;

/**
 * The fields of POST /notes/:id/comments and PUT /notes/:note_id/comments/:id (docs/api.md).
 * Lengths and blankness are the domain's rules (src/domain/comment.ts), counted in code points.
 */
export const CommentBody = Type.Object({
  comment: Type.Optional(Type.String({ description: `Required; at most ${COMMENT_MAX} characters.` })),
  title: Type.Optional(Type.Union([Type.String(), Type.Null()], { description: `At most ${COMMENT_TITLE_MAX} characters.` })),
});
export type CommentBody = Static<typeof CommentBody>;

export const NoteCommentsParams = Type.Object({ note_id: Type.String() });
export const NoteCommentParams = Type.Object({ note_id: Type.String(), id: Type.String() });
