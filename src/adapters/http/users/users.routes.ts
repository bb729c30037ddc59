import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { DependencyContainer } from 'tsyringe';
import { ExportAccount } from '../../../application/accounts/export-account';
import { GetUser } from '../../../application/users/get-user';
import { SingleEnvelope, single } from '../envelope';
import { parseId } from '../ids';
import { Links } from '../links';
import { presentUser } from './user.presenter';
import { sendExport } from './export-response';
import { registerUserNotes } from './user-notes.routes';
import { User, UserQuery } from './user.schemas';

export function registerUserRoutes(app: FastifyInstance, container: DependencyContainer): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const links = container.resolve(Links);
  const getUser = container.resolve(GetUser);
  const exportAccount = container.resolve(ExportAccount);
  const withAssociations = (query: { associations?: string }) => query.associations !== 'none';

  api.get('/v2/users/by_username/:username', {
    schema: {
      summary: 'Get a user by username', tags: ['users'],
      description: 'Returns a user\'s profile by username, ignoring case; anyone may call, and an unknown username is 404. The counts of the '
        + 'user\'s lists cover only what the caller may see; `associations=none` returns only the basic fields.',
      params: Type.Object({ username: Type.String({ maxLength: 100 }) }), querystring: UserQuery, response: { 200: SingleEnvelope(User) },
    },
  }, async (request) => {
    const user = await getUser.execute(request.actor, { username: request.params.username });
    return single(presentUser(user, links, withAssociations(request.query)));
  });

  api.get('/v2/users/me/export', {
    config: { scope: 'readall', download: true },
    schema: {
      summary: 'Export everything you made (a ZIP)', tags: ['users'], operationId: 'exportMyAccount',
      description: 'Streams a ZIP (`application/zip`) of everything the token\'s user made (scope `readall`): `profile.json`, `notes.geojson` '
        + '(a FeatureCollection of all their notes, every visibility, at the exact positions), `comments.json`, `notemaps.json`, '
        + '`relations.json` (favorites, finds, and follows of users, notemaps and places) and `images/<key>` for their note images and '
        + 'avatar. The archive is written as it is downloaded, so its size is not known in advance.',
      response: {
        200: { description: 'The ZIP archive', content: { 'application/zip': { schema: Type.String({ format: 'binary' }) } } },
      },
    },
  }, async (request, reply) => sendExport(reply, await exportAccount.execute(request.actor)));

  api.get('/v2/users/:id', {
    schema: {
      summary: 'Get a user', tags: ['users'],
      description: 'Returns a user\'s profile; anyone may call, and an unknown id is 404. The counts of the user\'s lists cover only what the '
        + 'caller may see; `associations=none` returns only the basic fields.',
      params: Type.Object({ id: Type.String() }), querystring: UserQuery, response: { 200: SingleEnvelope(User) },
    },
  }, async (request) => {
    const user = await getUser.execute(request.actor, { id: parseId(request.params.id, 'user') });
    return single(presentUser(user, links, withAssociations(request.query)));
  });

  registerUserNotes(app, container, {
    path: 'notes', summary: "A user's notes", tags: ['users'], notes: 'written', lists: 'Lists the notes a user wrote that the caller may read',
  });
}
