import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { DependencyContainer } from 'tsyringe';
import { FavoriteComment } from '../../../application/comments/favorite-comment';
import { UnfavoriteComment } from '../../../application/comments/unfavorite-comment';
import { EmptyEnvelope, empty } from '../envelope';
import { parseId } from '../ids';
import { CommentFavoriterParams, NoteCommentParams } from './comment.schemas';

/** Favoriting a comment: first time 201, a repeat 200 with nothing duplicated (docs/api.md, Scopes). */
export function registerCommentFavoriteRoutes(app: FastifyInstance, container: DependencyContainer): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const favoriteComment = container.resolve(FavoriteComment);
  const unfavoriteComment = container.resolve(UnfavoriteComment);

  api.post('/v2/notes/:note_id/comments/:id/favoriters', {
    config: { scope: 'write' },
    schema: {
      summary: 'Favorite a comment', tags: ['comments'],
      description: 'The token\'s user (scope `write`) favorites a comment on a note they may read. The first favorite answers 201, a repeat 200 '
        + 'and adds nothing; the answer holds no data.',
      params: NoteCommentParams, response: { 200: EmptyEnvelope, 201: EmptyEnvelope },
    },
  }, async (request, reply) => {
    const noteId = parseId(request.params.note_id, 'note');
    const created = await favoriteComment.execute(request.actor, noteId, parseId(request.params.id, 'comment'));
    const status = created ? 201 : 200;
    reply.code(status);
    return empty(status);
  });

  const unfavorite = 'Removes the token\'s user\'s favorite of a comment (scope `write`): `:user_id` must be the token\'s user (403 otherwise), '
    + 'and it is 404 when the comment is not their favorite.';
  // `…/favorites/:user_id` answers too, as docs/api.md, Endpoints has it for notes.
  for (const segment of ['favoriters', 'favorites']) {
    api.delete(`/v2/notes/:note_id/comments/:id/${segment}/:user_id`, {
      config: { scope: 'write' },
      schema: {
        summary: segment === 'favoriters' ? 'Unfavorite a comment (the token’s user)' : 'Unfavorite a comment (alias)',
        description: segment === 'favoriters' ? unfavorite : `The same as \`DELETE …/comments/:id/favoriters/:user_id\`. ${unfavorite}`,
        tags: ['comments'], params: CommentFavoriterParams, response: { 200: EmptyEnvelope },
      },
    }, async (request) => {
      const { note_id: noteId, id, user_id: userId } = request.params;
      await unfavoriteComment.execute(request.actor, parseId(noteId, 'note'), parseId(id, 'comment'), parseId(userId, 'user'));
      return empty();
    });
  }
}
