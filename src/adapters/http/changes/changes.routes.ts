import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from 'typebox';
import type { DependencyContainer } from 'tsyringe';
import { ListChanges, type ChangesPage } from '../../../application/changes/list-changes';
import type { NoteFilter } from '../../../application/ports/note-views';
import type { Actor } from '../../../domain/actor';
import { DomainError } from '../../../domain/domain-error';
import { DEFAULT_RADIUS_M, MAX_RADIUS_M, parseNoteQuery } from '../../../domain/note-query';
import { HttpStatus } from '../envelope';
import { Links } from '../links';
import { presentNote } from '../notes/note.presenter';
import { Note } from '../notes/note.schemas';
import { DEFAULT_LIMIT, MAX_LIMIT } from '../paging';

const ChangesQuery = Type.Object({
  since: Type.Optional(Type.String({ maxLength: 100, description: 'Where to resume: the `meta.cursor` of the previous page (or of an item), as given. Without it the feed starts at the beginning.' })),
  limit: Type.Integer({ minimum: 1, maximum: MAX_LIMIT, default: DEFAULT_LIMIT, description: 'Items per page (at most 100).' }),
  bbox: Type.Optional(Type.String({ maxLength: 200, description: 'Only notes inside `minLon,minLat,maxLon,maxLat` (degrees), as on note lists.' })),
  near: Type.Optional(Type.String({ maxLength: 100, description: 'Only notes within `radius` of `lat,lon`.' })),
  radius: Type.Optional(Type.Number({ description: `Metres around \`near\` (default ${DEFAULT_RADIUS_M}, at most ${MAX_RADIUS_M}).` })),
  author: Type.Optional(Type.String({ maxLength: 100, description: 'Only notes by this user (id or username).' })),
  tag: Type.Optional(Type.String({ maxLength: 100, description: 'Only notes with this tag.' })),
  notemap: Type.Optional(Type.String({ maxLength: 20, description: 'Only notes held by this notemap (its id).' })),
});
type ChangesQuery = Static<typeof ChangesQuery>;

const ChangeItem = Type.Object({
  cursor: Type.String({ description: 'The feed position of this change: resuming from it gives what changed after it.' }),
  id: Type.Integer({ description: 'The note\'s id.' }),
  kind: Type.String({ enum: ['upsert', 'delete'], description: '`upsert`: the note as the caller may see it now (`note`); `delete`: drop it (deleted, hidden from the caller, or out of the filter).' }),
  note: Type.Optional(Note),
});

const ChangesBody = Type.Object({
  data: Type.Array(ChangeItem),
  meta: Type.Object({
    http_status: HttpStatus,
    count: Type.Integer({ minimum: 0, description: 'Items on this page.' }),
    nextUrl: Type.Union([Type.String(), Type.Null()], { description: 'The next page; null once the caller has caught up.' }),
    cursor: Type.String({ description: 'Where to resume next time, never null: past the last change of this page, else the request\'s `since`, else the feed\'s start.' }),
  }),
});
type ChangesBody = Static<typeof ChangesBody>;

/** The feed's filters, with the meaning they have on note lists (400 naming each bad one). */
function changesFilter(query: ChangesQuery): NoteFilter {
  const { bbox, near, radius, author, tag, notemap } = query;
  const filter: NoteFilter = { query: parseNoteQuery({ bbox, near, radius, author, tag }) };
  if (notemap !== undefined) {
    if (!/^[1-9]\d{0,9}$/u.test(notemap) || Number(notemap) > 2_147_483_647) {
      throw DomainError.invalid([{ name: 'notemap', problem: 'must be the id of a notemap' }]);
    }
    filter.notemapId = Number(notemap);
  }
  return filter;
}

/** `/v2/changes?…&since=<cursor>`: the request's own parameters (never a token), resuming at `cursor`. */
function resumeUrl(query: ChangesQuery, cursor: string): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && name !== 'since') params.set(name, String(value));
  }
  params.set('since', cursor);
  return `/v2/changes?${params.toString()}`;
}

function presentChanges(page: ChangesPage, query: ChangesQuery, actor: Actor, links: Links): ChangesBody {
  return {
    data: page.items.map(({ cursor, id, note }) => note === null
      ? { cursor, id, kind: 'delete' }
      : { cursor, id, kind: 'upsert', note: presentNote(note, actor, links) }),
    meta: {
      http_status: 200,
      count: page.items.length,
      nextUrl: page.more ? resumeUrl(query, page.cursor) : null,
      cursor: page.cursor,
    },
  };
}

/** The change feed (**ext**, docs/api.md, Sync). */
export function registerChangeRoutes(app: FastifyInstance, container: DependencyContainer): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const links = container.resolve(Links);
  const listChanges = container.resolve(ListChanges);

  api.get('/v2/changes', {
    schema: {
      summary: 'What changed since a cursor (the change feed)', tags: ['notes'],
      description: 'The notes whose state changed after `since` (created, edited, deleted, visibility or recipients changed, added to or taken '
        + 'from a notemap), oldest change first, each once with its latest state: `upsert` with the Note when the caller may read it and '
        + 'it matches the filters, else `delete`. Without `since` the feed starts at the beginning and lists only notes that exist. Any token '
        + 'or none; non-public notes need `readall`. Keep `meta.cursor` and ask again with `since` set to it; follow `nextUrl` until it is '
        + 'null to catch up. An unknown cursor is 400 (`since`).',
      querystring: ChangesQuery,
      response: { 200: ChangesBody },
    },
  }, async (request) => {
    const page = await listChanges.execute(request.actor, changesFilter(request.query), request.query.since, request.query.limit);
    return presentChanges(page, request.query, request.actor, links);
  });
}
