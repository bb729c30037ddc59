import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { DependencyContainer } from 'tsyringe';
import { FavoriteNote } from '../../../application/favorites/favorite-note';
import { ListNoteUsers } from '../../../application/favorites/list-note-users';
import { ListUserFavorites } from '../../../application/favorites/list-user-favorites';
import { UnfavoriteNote } from '../../../application/favorites/unfavorite-note';
import { IdParams } from '../common.schemas';
import { parseId } from '../ids';
import { Links } from '../links';
import { NoteListQuery, NoteListResponses, noteListFilter, sendNoteList } from '../notes/note-list-query';
import { toPageRequest } from '../paging';
import { registerRelationRoutes } from '../relation-routes';
import { NoteRelationParams } from './note-relation.schemas';

const UNFAVORITE = 'Removes the token\'s user\'s favorite of a note (scope `write`): `:user_id` must be the token\'s user (403 otherwise), '
  + 'and it is 404 when the note is not their favorite.';

export function registerFavoriteRoutes(app: FastifyInstance, container: DependencyContainer): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const links = container.resolve(Links);
  const listNoteUsers = container.resolve(ListNoteUsers);
  const favoriteNote = container.resolve(FavoriteNote);
  const unfavoriteNote = container.resolve(UnfavoriteNote);
  const listUserFavorites = container.resolve(ListUserFavorites);

  registerRelationRoutes(app, container, {
    tags: ['favorites'], scope: 'write', params: IdParams, memberParams: NoteRelationParams,
    lists: [{
      path: '/v2/notes/:id/favoriters', summary: 'Users who favorited a note',
      description: 'Lists the users who favorited a note the caller may read, newest favorite first; anyone may call for a public note, and a '
        + 'note the caller may not read is 404.',
      run: (actor, { id }, page) => listNoteUsers.execute(actor, parseId(id, 'note'), 'favoriters', page),
    }],
    add: {
      path: '/v2/notes/:id/favoriters', summary: 'Favorite a note',
      description: 'The token\'s user (scope `write`) favorites a note they may read. The first favorite answers 201, a repeat 200 and adds '
        + 'nothing; the answer holds no data.',
      run: (actor, { id }) => favoriteNote.execute(actor, parseId(id, 'note')),
    },
    // docs/api.md, Endpoints: `favoriters` is the path, `favorites` answers the same.
    removes: [
      { path: '/v2/notes/:id/favoriters/:user_id', summary: 'Unfavorite a note', description: UNFAVORITE },
      { path: '/v2/notes/:id/favorites/:user_id', summary: 'Unfavorite a note (the same as …/favoriters/:user_id)', description: `The same as \`…/favoriters/:user_id\`. ${UNFAVORITE}` },
    ],
    remove: (actor, { id, user_id: userId }) => unfavoriteNote.execute(actor, parseId(id, 'note'), parseId(userId, 'user')),
  });

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
