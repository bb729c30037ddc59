import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { DependencyContainer } from 'tsyringe';
import { ListFeed } from '../../../application/feed/list-feed';
import { ListEnvelope, list } from '../envelope';
import { Links } from '../links';
import { presentNote } from '../notes/note.presenter';
import { Note } from '../notes/note.schemas';
import { PagingQuery, nextUrl, toPageRequest } from '../paging';

export function registerFeedRoutes(app: FastifyInstance, container: DependencyContainer): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const links = container.resolve(Links);
  const listFeed = container.resolve(ListFeed);

  // **ext** (decisions §9): a signed-in user's feed; without a token it is 401.
  api.get('/v2/feed', {
    config: { scope: 'read' },
    schema: {
      summary: 'Recent notes by the users and notemaps the token\'s user follows', tags: ['feed'],
      querystring: Type.Object(PagingQuery), response: { 200: ListEnvelope(Note) },
    },
  }, async (request) => {
    const page = toPageRequest(request.query);
    const result = await listFeed.execute(request.actor, {}, page);
    const items = result.items.map((note) => presentNote(note, request.actor, links));
    return list(items, result.total, nextUrl(request, page, result.total));
  });
}
