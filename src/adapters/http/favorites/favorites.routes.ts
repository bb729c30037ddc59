import type { FastifyInstance } from 'fastify';
import type { DependencyContainer } from 'tsyringe';
import { FavoriteNote } from '../../../application/favorites/favorite-note';
import { UnfavoriteNote } from '../../../application/favorites/unfavorite-note';
import { registerUserNotes } from '../users/user-notes.routes';
import { registerNoteMarkRoutes } from './note-mark.routes';

export function registerFavoriteRoutes(app: FastifyInstance, container: DependencyContainer): void {
  registerNoteMarkRoutes(app, container, {
    tags: ['favorites'], relation: 'favoriters',
    list: { summary: 'Users who favorited a note', lists: 'the users who favorited a note the caller may read, newest favorite first' },
    add: { summary: 'Favorite a note', joins: 'favorites a note they may read', first: 'favorite', useCase: FavoriteNote },
    remove: { summary: 'Unfavorite a note', ends: 'Removes the token\'s user\'s favorite of a note', missing: 'the note is not their favorite', useCase: UnfavoriteNote },
    // docs/api.md, Endpoints: `favoriters` is the path, `favorites` answers the same.
    aliases: [{ path: '/v2/notes/:id/favorites/:user_id', summary: 'Unfavorite a note (the same as …/favoriters/:user_id)', sameAs: '…/favoriters/:user_id' }],
  });

  registerUserNotes(app, container, {
    path: 'favorites', summary: "A user's favorite notes", tags: ['favorites'], notes: 'favorites',
    lists: 'Lists the notes a user favorited that the caller may read, by default newest note first',
  });
}
