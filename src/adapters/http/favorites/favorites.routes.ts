import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { DependencyContainer } from 'tsyringe';
import { FavoriteNote } from '../../../application/favorites/favorite-note';
import { ListFavoriters } from '../../../application/favorites/list-favoriters';
import { ListUserFavorites } from '../../../application/favorites/list-user-favorites';
import { UnfavoriteNote } from '../../../application/favorites/unfavorite-note';
import { IdParams } from '../common.schemas';
import { EmptyEnvelope, ListEnvelope, empty } from '../envelope';
import { parseId } from '../ids';
import { Links } from '../links';
import { NoteListQuery, NoteListResponses, noteListFilter, sendNoteList } from '../notes/note-list-query';
import { PagingQuery, pageBody, toPageRequest } from '../paging';
import { presentUserListItem } from '../users/user.presenter';
import { UserListItem } from '../users/user.schemas';
import { NoteRelationParams, RelationCreatedResponses } from './note-relation.schemas';

export function registerFavoriteRoutes(app: FastifyInstance, container: DependencyContainer): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const links = container.resolve(Links);
  const listFavoriters = container.resolve(ListFavoriters);
  const favoriteNote = container.resolve(FavoriteNote);
  const unfavoriteNote = container.resolve(UnfavoriteNote);
  const listUserFavorites = container.resolve(ListUserFavorites);

  api.get('/v2/notes/:id/favoriters', {
    schema: {
      summary: 'Users who favorited a note', tags: ['favorites'],
      description: 'Lists the users who favorited a note the caller may read, newest favorite first; anyone may call for a public note, and a '
        + 'note the caller may not read is 404. Paged with `offset`/`limit`; follow `nextUrl` for the next page.',
      params: IdParams, querystring: Type.Object(PagingQuery), response: { 200: ListEnvelope(UserListItem) },
    },
  }, async (request) => {
    const page = toPageRequest(request.query);
    const result = await listFavoriters.execute(request.actor, parseId(request.params.id, 'note'), page);
    return pageBody(request, page, result, (user) => presentUserListItem(user, links));
  });

  api.post('/v2/notes/:id/favoriters', {
    config: { scope: 'write' },
    schema: {
      summary: 'Favorite a note', tags: ['favorites'],
      description: 'The token\'s user (scope `write`) favorites a note they may read. The first favorite answers 201, a repeat 200 and adds '
        + 'nothing; the answer holds no data.',
      params: IdParams, response: RelationCreatedResponses,
    },
  }, async (request, reply) => {
    const created = await favoriteNote.execute(request.actor, parseId(request.params.id, 'note'));
    const status = created ? 201 : 200;
    reply.code(status);
    return empty(status);
  });

  // docs/api.md, Endpoints: `favoriters` is the path, `favorites` answers the same.
  const unfavorite = 'Removes the token\'s user\'s favorite of a note (scope `write`): `:user_id` must be the token\'s user (403 otherwise), '
    + 'and it is 404 when the note is not their favorite.';
  for (const [path, summary, description] of [
    ['/v2/notes/:id/favoriters/:user_id', 'Unfavorite a note', unfavorite],
    ['/v2/notes/:id/favorites/:user_id', 'Unfavorite a note (the same as …/favoriters/:user_id)', `The same as \`…/favoriters/:user_id\`. ${unfavorite}`],
  ] as const) {
    api.delete(path, {
      config: { scope: 'write' },
      schema: { summary, description, tags: ['favorites'], params: NoteRelationParams, response: { 200: EmptyEnvelope } },
    }, async (request) => {
      const noteId = parseId(request.params.id, 'note');
      await unfavoriteNote.execute(request.actor, noteId, parseId(request.params.user_id, 'user'));
      return empty();
    });
  }

  api.get('/v2/users/:user_id/favorites', {
    schema: {
      summary: "A user's favorite notes", tags: ['favorites'],
      description: 'Lists the notes a user favorited that the caller may read, by default newest note first: public notes for anyone, and with '
        + 'a `readall` token also the non-public notes its user may see; an unknown user is 404. Takes every note-list parameter (`bbox`, '
        + '`near`, `q`, `tag`, `sort`, `format`, …); follow `nextUrl`, with its `cursor`, for the next page.',
      params: Type.Object({ user_id: Type.String() }), querystring: NoteListQuery, response: NoteListResponses,
    },
  }, async (request, reply) => {
    const page = toPageRequest(request.query);
    const result = await listUserFavorites.execute(request.actor, parseId(request.params.user_id, 'user'), noteListFilter(request.query), page);
    return sendNoteList(request, reply, result, page, links);
  });
}
