import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { DependencyContainer } from 'tsyringe';
import { ListNoteTags } from '../../../application/tags/list-note-tags';
import { ListTagNotes } from '../../../application/tags/list-tag-notes';
import { IdParams } from '../common.schemas';
import { ListEnvelope, list } from '../envelope';
import { parseId } from '../ids';
import { Links } from '../links';
import { NoteListQuery, NoteListResponses, noteListFilter, sendNoteList } from '../notes/note-list-query';
import { PagingQuery, nextUrl, toPageRequest } from '../paging';
import { presentTag } from './tag.presenter';
import { Tag, TagParams } from './tag.schemas';

export function registerTagRoutes(app: FastifyInstance, container: DependencyContainer): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const links = container.resolve(Links);
  const listNoteTags = container.resolve(ListNoteTags);
  const listTagNotes = container.resolve(ListTagNotes);

  api.get('/v2/notes/:id/tags', {
    schema: {
      summary: 'Tags of a note', tags: ['tags'],
      description: 'Lists the tags of a note the caller may read, by name, each with the number of notes the caller may read that carry it; '
        + 'anyone may call for a public note, and a note the caller may not read is 404. Paged with `offset`/`limit`.',
      params: IdParams, querystring: Type.Object(PagingQuery), response: { 200: ListEnvelope(Tag) },
    },
  }, async (request) => {
    const page = toPageRequest(request.query);
    const result = await listNoteTags.execute(request.actor, parseId(request.params.id, 'note'), page);
    return list(result.items.map((tag) => presentTag(tag, links)), result.total, nextUrl(request, page, result.total));
  });

  api.get('/v2/tags/:tag_name/notes', {
    schema: {
      summary: 'Notes with a tag', tags: ['tags'],
      description: 'Lists the notes carrying a tag that the caller may read: public notes for anyone, and with a `readall` token also the '
        + 'non-public notes its user may see. The name is normalised (`#Coffee` is `coffee`), and a tag no such note carries is 404. Takes every '
        + 'note-list parameter (`bbox`, `near`, `q`, `sort`, `format`, …); follow `nextUrl`, with its `cursor`, for the next page.',
      params: TagParams, querystring: NoteListQuery, response: NoteListResponses,
    },
  }, async (request, reply) => {
    const page = toPageRequest(request.query);
    const result = await listTagNotes.execute(request.actor, request.params.tag_name, noteListFilter(request.query), page);
    return sendNoteList(request, reply, result, page, links);
  });
}
