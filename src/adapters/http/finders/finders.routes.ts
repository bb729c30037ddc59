import type { FastifyInstance } from 'fastify';
import type { DependencyContainer } from 'tsyringe';
import { NOTE_MARKS, registerNoteMarkRoutes } from '../favorites/note-mark.routes';

/** Finders (docs/api.md, **ext** beyond the GET): users who marked a note "I found this place". */
export function registerFinderRoutes(app: FastifyInstance, container: DependencyContainer): void {
  registerNoteMarkRoutes(app, container, NOTE_MARKS.finders);
}
