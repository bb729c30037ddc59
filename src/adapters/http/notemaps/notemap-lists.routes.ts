import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { DependencyContainer } from 'tsyringe';
import { ListNoteNotemaps } from '../../../application/notemaps/list-note-notemaps';
import { ListUserNotemaps } from '../../../application/notemaps/list-user-notemaps';
import { IdParams } from '../common.schemas';
import { ListEnvelope } from '../envelope';
import { parseId } from '../ids';
import { Links } from '../links';
import { PagingQuery, pageBody, toPageRequest } from '../paging';
import { presentNotemap } from './notemap.presenter';
import { Notemap, UserIdParams } from './notemap.schemas';

/** Lists of notemaps hanging off notes and users: holding a note, made by a user, followed by a user. */
export function registerNotemapListRoutes(app: FastifyInstance, container: DependencyContainer): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const links = container.resolve(Links);
  const listNoteNotemaps = container.resolve(ListNoteNotemaps);
  const listUserNotemaps = container.resolve(ListUserNotemaps);
  const query = Type.Object(PagingQuery);
  const response = { 200: ListEnvelope(Notemap) };

  api.get('/v2/notes/:id/notemaps', {
    schema: {
      summary: 'Notemaps holding a note', tags: ['notemaps'],
      description: 'Lists the notemaps that hold a note the caller may read, newest first; anyone may call for a public note, and a note the '
        + 'caller may not read is 404. Paged with `offset`/`limit`; follow `nextUrl` for the next page.',
      params: IdParams, querystring: query, response,
    },
  }, async (request) => {
    const page = toPageRequest(request.query);
    const result = await listNoteNotemaps.execute(request.actor, parseId(request.params.id, 'note'), page);
    return pageBody(request, page, result, (notemap) => presentNotemap(notemap, links));
  });

  // docs/api.md, Endpoints: followed_notemaps is the path; followed_maps, the index's name, answers the same.
  const userNotemaps = 'Anyone may call; an unknown user is 404. Paged with `offset`/`limit`; follow `nextUrl` for the next page.';
  for (const [path, summary, relation, description] of [
    ['/v2/users/:user_id/notemaps', "A user's notemaps", 'created', `Lists the notemaps a user created, newest first. ${userNotemaps}`],
    ['/v2/users/:user_id/followed_notemaps', 'Notemaps a user follows', 'followed', `Lists the notemaps a user follows, newest first. ${userNotemaps}`],
    ['/v2/users/:user_id/followed_maps', 'Notemaps a user follows (the same as followed_notemaps)', 'followed',
      `The same as \`/v2/users/:user_id/followed_notemaps\`: lists the notemaps a user follows, newest first. ${userNotemaps}`],
  ] as const) {
    api.get(path, {
      schema: { summary, description, tags: ['notemaps'], params: UserIdParams, querystring: query, response },
    }, async (request) => {
      const page = toPageRequest(request.query);
      const result = await listUserNotemaps.execute(request.actor, parseId(request.params.user_id, 'user'), relation, page);
      return pageBody(request, page, result, (notemap) => presentNotemap(notemap, links));
    });
  }
}
