import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { DependencyContainer } from 'tsyringe';
import { ListFeed } from '../../../application/feed/list-feed';
import { Links } from '../links';
import { NoteListQuery, NoteListResponses, noteListFilter, sendNoteList } from '../notes/note-list-query';
import { toPageRequest } from '../paging';

export function registerFeedRoutes(app: FastifyInstance, container: DependencyContainer): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const links = container.resolve(Links);
  const listFeed = container.resolve(ListFeed);

  // **ext** (docs/api.md, Finding notes): a signed-in user's feed; without a token it is 401.
  api.get('/v2/feed', {
    config: { scope: 'read' },
    schema: {
      summary: 'Recent notes by the users and notemaps the token\'s user follows', tags: ['feed'],
      description: 'The signed-in user\'s feed: the notes they may read by the users they follow and in the notemaps they follow, by default newest first. '
        + 'Needs a token (scope `read`, always granted); without one it is 401. Takes every note-list parameter (`bbox`, `near`, `q`, `tag`, '
        + '`sort`, `format`, …); follow `nextUrl`, with its `cursor`, for the next page.',
      querystring: NoteListQuery, response: NoteListResponses,
    },
  }, async (request, reply) => {
    const page = toPageRequest(request.query);
    const result = await listFeed.execute(request.actor, noteListFilter(request.query), page);
    return sendNoteList(request, reply, result, page, links);
  });
}
