import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { DependencyContainer } from 'tsyringe';
import { FavoriteNote } from '../../../application/favorites/favorite-note';
import { UnfavoriteNote } from '../../../application/favorites/unfavorite-note';
import { ListUserNotes } from '../../../application/users/list-user-notes';
import { parseId } from '../ids';
import { Links } from '../links';
import { NoteListQuery, NoteListResponses, noteListFilter, sendNoteList } from '../notes/note-list-query';
import { toPageRequest } from '../paging';
import { registerNoteMarkRoutes } from './note-mark.routes';

export function registerFavoriteRoutes(app: FastifyInstance, container: DependencyContainer): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const links = container.resolve(Links);
  const listUserNotes = container.resolve(ListUserNotes);

  registerNoteMarkRoutes(app, container, {
    tags: ['favorites'], relation: 'favoriters',
    list: { summary: 'Users who favorited a note', lists: 'the users who favorited a note the caller may read, newest favorite first' },
    add: { summary: 'Favorite a note', joins: 'favorites a note they may read', first: 'favorite', useCase: FavoriteNote },
    remove: { summary: 'Unfavorite a note', ends: 'Removes the token\'s user\'s favorite of a note', missing: 'the note is not their favorite', useCase: UnfavoriteNote },
    // docs/api.md, Endpoints: `favoriters` is the path, `favorites` answers the same.
    aliases: [{ path: '/v2/notes/:id/favorites/:user_id', summary: 'Unfavorite a note (the same as …/favoriters/:user_id)', sameAs: '…/favoriters/:user_id' }],
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
    const result = await listUserNotes.execute(request.actor, parseId(request.params.user_id, 'user'), 'favorites', noteListFilter(request.query), page);
    return sendNoteList(request, reply, result, page, links);
  });
}
