import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { DependencyContainer } from 'tsyringe';
import { ListUserNotes } from '../../../application/users/list-user-notes';
import { parseId } from '../ids';
import { Links } from '../links';
import { NoteListQuery, NoteListResponses, noteListFilter, sendNoteList } from '../notes/note-list-query';
import { toPageRequest } from '../paging';

/** A GET of the notes a user wrote or favorited that the caller may read, at `/v2/users/:user_id/<path>`. */
export interface UserNotesRoute {
  path: string;
  summary: string;
  tags: string[];
  notes: 'written' | 'favorites';
  /** The description's start: "Lists the notes a user … that the caller may read". */
  lists: string;
}

/** Registers the GET: every note-list parameter, an unknown user 404, the next page by `nextUrl` and its `cursor`. */
export function registerUserNotes(app: FastifyInstance, container: DependencyContainer, { path, summary, tags, notes, lists }: UserNotesRoute): void {
  const links = container.resolve(Links);
  const listUserNotes = container.resolve(ListUserNotes);
  app.withTypeProvider<TypeBoxTypeProvider>().get(`/v2/users/:user_id/${path}`, {
    schema: {
      summary, tags,
      description: `${lists}: public notes for anyone, and with a \`readall\` token also the non-public notes its user may see; an unknown user `
        + 'is 404. Takes every note-list parameter (`bbox`, `near`, `q`, `tag`, `sort`, `format`, …); follow `nextUrl`, with its `cursor`, for '
        + 'the next page.',
      params: Type.Object({ user_id: Type.String() }), querystring: NoteListQuery, response: NoteListResponses,
    },
  }, async (request, reply) => {
    const page = toPageRequest(request.query);
    const result = await listUserNotes.execute(request.actor, parseId(request.params.user_id, 'user'), notes, noteListFilter(request.query), page);
    return sendNoteList(request, reply, result, page, links);
  });
}
