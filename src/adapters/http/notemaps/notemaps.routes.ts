import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { DependencyContainer } from 'tsyringe';
import { CreateNotemap } from '../../../application/notemaps/create-notemap';
import { DeleteNotemap } from '../../../application/notemaps/delete-notemap';
import { GetNotemap } from '../../../application/notemaps/get-notemap';
import { ListNotemaps } from '../../../application/notemaps/list-notemaps';
import { UpdateNotemap } from '../../../application/notemaps/update-notemap';
import type { NotemapView } from '../../../application/ports/notemap-views';
import { IdParams } from '../common.schemas';
import { EmptyEnvelope, ListEnvelope, SingleEnvelope, empty, single } from '../envelope';
import { ifMatchPrecondition } from '../etag';
import { parseId } from '../ids';
import { Links } from '../links';
import { PagingQuery, pageBody, toPageRequest } from '../paging';
import { registerNotemapListRoutes } from './notemap-lists.routes';
import { registerNotemapNoteRoutes } from './notemap-notes.routes';
import { registerNotemapUserRoutes } from './notemap-users.routes';
import { presentNotemap } from './notemap.presenter';
import { Notemap, NotemapBody } from './notemap.schemas';

/** Every notemap route: the notemap itself here, its notes, users and the lists of notemaps in their own files. */
// One object for the GET and the If-Match checks: the serialiser is compiled per schema object.
const NOTEMAP_ENVELOPE = SingleEnvelope(Notemap);

export function registerNotemapRoutes(app: FastifyInstance, container: DependencyContainer): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const links = container.resolve(Links);
  const getNotemap = container.resolve(GetNotemap);
  const listNotemaps = container.resolve(ListNotemaps);
  const createNotemap = container.resolve(CreateNotemap);
  const updateNotemap = container.resolve(UpdateNotemap);
  const deleteNotemap = container.resolve(DeleteNotemap);

  api.get('/v2/notemaps', {
    schema: {
      summary: 'Get notemaps', tags: ['notemaps'],
      description: 'Lists every notemap, newest first; anyone may call. The counts of each notemap\'s lists cover only what the caller may see. '
        + 'Paged with `offset`/`limit`; follow `nextUrl` for the next page.',
      querystring: Type.Object(PagingQuery), response: { 200: ListEnvelope(Notemap) },
    },
  }, async (request) => {
    const page = toPageRequest(request.query);
    const result = await listNotemaps.execute(request.actor, page);
    return pageBody(request, page, result, (notemap) => presentNotemap(notemap, links));
  });

  api.get('/v2/notemaps/:id', {
    schema: {
      summary: 'Get a notemap', tags: ['notemaps'],
      description: 'Returns one notemap; anyone may call. The counts of its lists cover only what the caller may see, and its `image` is the '
        + 'image of its most recently added note that has one and that the caller may read.',
      params: IdParams, response: { 200: NOTEMAP_ENVELOPE },
    },
  }, async (request) => {
    const notemap = await getNotemap.execute(request.actor, parseId(request.params.id, 'notemap'));
    return single(presentNotemap(notemap, links));
  });

  api.post('/v2/notemaps', {
    config: { scope: 'write' },
    schema: {
      summary: 'Create a notemap', tags: ['notemaps'],
      description: 'Creates a notemap whose creator is the token\'s user (scope `write`) and answers 201 with it and its path in `Location`. '
        + '`name` is required (1–100 characters), `description` optional (at most 2,000). A repeat with the same `Idempotency-Key` gets the first '
        + 'answer again instead of making a second notemap.',
      body: NotemapBody, response: { 201: SingleEnvelope(Notemap) },
    },
  }, async (request, reply) => {
    const id = await createNotemap.execute(request.actor, request.body);
    const notemap = await getNotemap.execute(request.actor, id);
    reply.code(201).header('location', `/v2/notemaps/${id}`);
    return single(presentNotemap(notemap, links), 201);
  });

  api.put('/v2/notemaps/:id', {
    config: { scope: 'write', conditional: true },
    schema: {
      summary: 'Edit a notemap', tags: ['notemaps'],
      description: 'Renames a notemap and sets its description; only its creator may, with scope `write`. `name` is required, and a '
        + '`description` not sent is kept. With `If-Match`, the change is made only while the notemap\'s `ETag` still matches (412 otherwise); '
        + 'the answer carries the new `ETag`.',
      params: IdParams, body: NotemapBody, response: { 200: NOTEMAP_ENVELOPE },
    },
  }, async (request, reply) => {
    const id = parseId(request.params.id, 'notemap');
    const precondition = ifMatchPrecondition(request, reply, NOTEMAP_ENVELOPE, (notemap: NotemapView) => single(presentNotemap(notemap, links)));
    await updateNotemap.execute(request.actor, id, request.body, precondition);
    return single(presentNotemap(await getNotemap.execute(request.actor, id), links));
  });

  api.delete('/v2/notemaps/:id', {
    config: { scope: 'write', conditional: true },
    schema: {
      summary: 'Delete a notemap', tags: ['notemaps'],
      description: 'Deletes a notemap with its memberships and follows (its notes stay); only its creator may, with scope `write`. With '
        + '`If-Match`, the notemap is deleted only while its `ETag` still matches (412 otherwise).',
      params: IdParams, response: { 200: EmptyEnvelope },
    },
  }, async (request, reply) => {
    const precondition = ifMatchPrecondition(request, reply, NOTEMAP_ENVELOPE, (notemap: NotemapView) => single(presentNotemap(notemap, links)));
    await deleteNotemap.execute(request.actor, parseId(request.params.id, 'notemap'), precondition);
    return empty();
  });

  registerNotemapNoteRoutes(app, container);
  registerNotemapUserRoutes(app, container);
  registerNotemapListRoutes(app, container);
}
