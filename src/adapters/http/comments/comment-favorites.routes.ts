import type { FastifyInstance } from 'fastify';
import type { DependencyContainer } from 'tsyringe';
import { FavoriteComment } from '../../../application/comments/favorite-comment';
import { UnfavoriteComment } from '../../../application/comments/unfavorite-comment';
import { parseId } from '../ids';
import { ownRelationRoutes } from '../own-relation-routes';
import { registerRelationRoutes } from '../relation-routes';
import { NoteCommentParams } from './comment.schemas';

/** Favoriting a comment: first time 201, a repeat 200 with nothing duplicated (docs/api.md, Scopes). */
export function registerCommentFavoriteRoutes(app: FastifyInstance, container: DependencyContainer): void {
  const [favoriteComment, unfavoriteComment] = [container.resolve(FavoriteComment), container.resolve(UnfavoriteComment)] as const;

  registerRelationRoutes(app, container, ownRelationRoutes({
    tags: ['comments'], params: NoteCommentParams, path: '/v2/notes/:note_id/comments/:id/favoriters', lists: [],
    add: {
      summary: 'Favorite a comment', joins: 'favorites a comment on a note they may read', first: 'favorite',
      run: (actor, { note_id: noteId, id }) => favoriteComment.execute(actor, parseId(noteId, 'note'), parseId(id, 'comment')),
    },
    remove: {
      summary: 'Unfavorite a comment (the token’s user)', ends: 'Removes the token\'s user\'s favorite of a comment', missing: 'the comment is not their favorite',
      run: (actor, { note_id: noteId, id }, userId) => unfavoriteComment.execute(actor, parseId(noteId, 'note'), parseId(id, 'comment'), userId),
    },
    // `…/favorites/:user_id` answers too, as docs/api.md, Endpoints has it for notes.
    aliases: [{ path: '/v2/notes/:note_id/comments/:id/favorites/:user_id', summary: 'Unfavorite a comment (alias)', sameAs: 'DELETE …/comments/:id/favoriters/:user_id' }],
  }));
}
