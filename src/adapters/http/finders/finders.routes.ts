import type { FastifyInstance } from 'fastify';
import type { DependencyContainer } from 'tsyringe';
import { ListNoteUsers } from '../../../application/favorites/list-note-users';
import { MarkFound } from '../../../application/finders/mark-found';
import { UnmarkFound } from '../../../application/finders/unmark-found';
import { IdParams } from '../common.schemas';
import { NoteRelationParams } from '../favorites/note-relation.schemas';
import { parseId } from '../ids';
import { registerRelationRoutes } from '../relation-routes';

/** Finders (docs/api.md, **ext** beyond the GET): users who marked a note "I found this place". */
export function registerFinderRoutes(app: FastifyInstance, container: DependencyContainer): void {
  const [listNoteUsers, markFound, unmarkFound] = [container.resolve(ListNoteUsers), container.resolve(MarkFound), container.resolve(UnmarkFound)] as const;

  registerRelationRoutes(app, container, {
    tags: ['finders'], scope: 'write', params: IdParams, memberParams: NoteRelationParams,
    lists: [{
      path: '/v2/notes/:id/finders', summary: 'Users that found a note',
      description: 'Lists the users who marked a note the caller may read as found ("I found this place"), newest first; anyone may call for a '
        + 'public note, and a note the caller may not read is 404.',
      run: (actor, { id }, page) => listNoteUsers.execute(actor, parseId(id, 'note'), 'finders', page),
    }],
    add: {
      path: '/v2/notes/:id/finders', summary: 'Mark a note found',
      description: 'The token\'s user (scope `write`) marks a note they may read as found. The first mark answers 201, a repeat 200 and adds '
        + 'nothing; the answer holds no data.',
      run: (actor, { id }) => markFound.execute(actor, parseId(id, 'note')),
    },
    removes: [{
      path: '/v2/notes/:id/finders/:user_id', summary: 'Unmark a note found',
      description: 'Removes the token\'s user\'s mark of a note as found (scope `write`): `:user_id` must be the token\'s user (403 otherwise), '
        + 'and it is 404 when they had not marked the note.',
    }],
    remove: (actor, { id, user_id: userId }) => unmarkFound.execute(actor, parseId(id, 'note'), parseId(userId, 'user')),
  });
}
