import type { FastifyInstance } from 'fastify';
import type { DependencyContainer } from 'tsyringe';
import { FavoriteComment } from '../../../application/comments/favorite-comment';
import { UnfavoriteComment } from '../../../application/comments/unfavorite-comment';
import { parseId } from '../ids';
import { registerRelationRoutes } from '../relation-routes';
import { CommentFavoriterParams, NoteCommentParams } from './comment.schemas';

const UNFAVORITE = 'Removes the token\'s user\'s favorite of a comment (scope `write`): `:user_id` must be the token\'s user (403 otherwise), '
  + 'and it is 404 when the comment is not their favorite.';

/** Favoriting a comment: first time 201, a repeat 200 with nothing duplicated (docs/api.md, Scopes). */
export function registerCommentFavoriteRoutes(app: FastifyInstance, container: DependencyContainer): void {
  const [favoriteComment, unfavoriteComment] = [container.resolve(FavoriteComment), container.resolve(UnfavoriteComment)] as const;

  registerRelationRoutes(app, container, {
    tags: ['comments'], scope: 'write', params: NoteCommentParams, memberParams: CommentFavoriterParams, lists: [],
    add: {
      path: '/v2/notes/:note_id/comments/:id/favoriters', summary: 'Favorite a comment',
      description: 'The token\'s user (scope `write`) favorites a comment on a note they may read. The first favorite answers 201, a repeat 200 '
        + 'and adds nothing; the answer holds no data.',
      run: (actor, { note_id: noteId, id }) => favoriteComment.execute(actor, parseId(noteId, 'note'), parseId(id, 'comment')),
    },
    // `…/favorites/:user_id` answers too, as docs/api.md, Endpoints has it for notes.
    removes: [
      { path: '/v2/notes/:note_id/comments/:id/favoriters/:user_id', summary: 'Unfavorite a comment (the token’s user)', description: UNFAVORITE },
      {
        path: '/v2/notes/:note_id/comments/:id/favorites/:user_id', summary: 'Unfavorite a comment (alias)',
        description: `The same as \`DELETE …/comments/:id/favoriters/:user_id\`. ${UNFAVORITE}`,
      },
    ],
    remove: (actor, { note_id: noteId, id, user_id: userId }) => unfavoriteComment.execute(actor, parseId(noteId, 'note'), parseId(id, 'comment'), parseId(userId, 'user')),
  });
}
