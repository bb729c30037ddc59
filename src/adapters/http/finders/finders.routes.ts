import type { FastifyInstance } from 'fastify';
import type { DependencyContainer } from 'tsyringe';
import { MarkFound } from '../../../application/finders/mark-found';
import { UnmarkFound } from '../../../application/finders/unmark-found';
import { registerNoteMarkRoutes } from '../favorites/note-mark.routes';

/** Finders (docs/api.md, **ext** beyond the GET): users who marked a note "I found this place". */
export function registerFinderRoutes(app: FastifyInstance, container: DependencyContainer): void {
  registerNoteMarkRoutes(app, container, {
    tags: ['finders'], relation: 'finders',
    list: { summary: 'Users that found a note', lists: 'the users who marked a note the caller may read as found ("I found this place"), newest first' },
    add: { summary: 'Mark a note found', joins: 'marks a note they may read as found', first: 'mark', useCase: MarkFound },
    remove: { summary: 'Unmark a note found', ends: 'Removes the token\'s user\'s mark of a note as found', missing: 'they had not marked the note', useCase: UnmarkFound },
  });
}
