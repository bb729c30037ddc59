import type { CommentView } from '../../../application/ports/comment-views';
import type { Actor } from '../../../domain/actor';
import type { Links } from '../links';
import { presentUserSummary } from '../users/user.presenter';
import type { Comment } from './comment.schemas';

/** A comment for `actor`; `canFavorite` needs a signed-in user holding `write`, as favoriting does. */
export function presentComment(comment: CommentView, actor: Actor, links: Links): Comment {
  return {
    author: presentUserSummary(comment.author, links),
    comment: comment.comment,
    createdAt: comment.createdAt,
    currentUserData: {
      canFavorite: actor.userId !== null && actor.scopes.has('write'),
      isFavorited: comment.viewer.isFavorited,
    },
    favoritersCount: comment.favoritersCount,
    id: comment.id,
    title: comment.title,
    updatedAt: comment.updatedAt,
  };
}
