import type { FastifyInstance } from 'fastify';
import type { DependencyContainer } from 'tsyringe';
import { registerUserNotes } from '../users/user-notes.routes';
import { NOTE_MARKS, registerNoteMarkRoutes } from './note-mark.routes';

export function registerFavoriteRoutes(app: FastifyInstance, container: DependencyContainer): void {
  registerNoteMarkRoutes(app, container, NOTE_MARKS.favoriters);
  registerUserNotes(app, container, {
    path: 'favorites', summary: "A user's favorite notes", tags: ['favorites'], notes: 'favorites',
    lists: 'Lists the notes a user favorited that the caller may read, by default newest note first',
  });
}
