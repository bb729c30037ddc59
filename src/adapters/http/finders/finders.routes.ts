import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { DependencyContainer } from 'tsyringe';
import { ListFinders } from '../../../application/finders/list-finders';
import { MarkFound } from '../../../application/finders/mark-found';
import { UnmarkFound } from '../../../application/finders/unmark-found';
import { IdParams } from '../common.schemas';
import { EmptyEnvelope, ListEnvelope, empty } from '../envelope';
import { NoteRelationParams, RelationCreatedResponses } from '../favorites/note-relation.schemas';
import { parseId } from '../ids';
import { Links } from '../links';
import { PagingQuery, pageBody, toPageRequest } from '../paging';
import { presentUserListItem } from '../users/user.presenter';
import { UserListItem } from '../users/user.schemas';

/** Finders (docs/api.md, **ext** beyond the GET): users who marked a note "I found this place". */
export function registerFinderRoutes(app: FastifyInstance, container: DependencyContainer): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const links = container.resolve(Links);
  const listFinders = container.resolve(ListFinders);
  const markFound = container.resolve(MarkFound);
  const unmarkFound = container.resolve(UnmarkFound);

  api.get('/v2/notes/:id/finders', {
    schema: {
      summary: 'Users that found a note', tags: ['finders'],
      description: 'Lists the users who marked a note the caller may read as found ("I found this place"), newest first; anyone may call for a '
        + 'public note, and a note the caller may not read is 404. Paged with `offset`/`limit`; follow `nextUrl` for the next page.',
      params: IdParams, querystring: Type.Object(PagingQuery), response: { 200: ListEnvelope(UserListItem) },
    },
  }, async (request) => {
    const page = toPageRequest(request.query);
    const result = await listFinders.execute(request.actor, parseId(request.params.id, 'note'), page);
    return pageBody(request, page, result, (user) => presentUserListItem(user, links));
  });

  api.post('/v2/notes/:id/finders', {
    config: { scope: 'write' },
    schema: {
      summary: 'Mark a note found', tags: ['finders'],
      description: 'The token\'s user (scope `write`) marks a note they may read as found. The first mark answers 201, a repeat 200 and adds '
        + 'nothing; the answer holds no data.',
      params: IdParams, response: RelationCreatedResponses,
    },
  }, async (request, reply) => {
    const created = await markFound.execute(request.actor, parseId(request.params.id, 'note'));
    const status = created ? 201 : 200;
    reply.code(status);
    return empty(status);
  });

  api.delete('/v2/notes/:id/finders/:user_id', {
    config: { scope: 'write' },
    schema: {
      summary: 'Unmark a note found', tags: ['finders'],
      description: 'Removes the token\'s user\'s mark of a note as found (scope `write`): `:user_id` must be the token\'s user (403 otherwise), '
        + 'and it is 404 when they had not marked the note.',
      params: NoteRelationParams, response: { 200: EmptyEnvelope },
    },
  }, async (request) => {
    const noteId = parseId(request.params.id, 'note');
    await unmarkFound.execute(request.actor, noteId, parseId(request.params.user_id, 'user'));
    return empty();
  });
}
