import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { ErrorEnvelope } from './envelope';

const VERBS: Record<string, string> = { GET: 'get', POST: 'create', PUT: 'update', DELETE: 'delete', PATCH: 'update' };

/**
 * A stable `operationId` from the method and the path, for generated clients: the path's fixed words in order,
 * each one singular when a parameter follows it, after a verb (`list` for a GET of a collection): `GET /v2/notes` is
 * `listNotes`, `POST /v2/notes` `createNote`, `PUT /v2/notes/{id}` `updateNote`,
 * `GET /v2/notes/{note_id}/comments/{id}` `getNoteComment`. One method and path give one name.
 */
export function operationIdOf(method: string, url: string): string {
  const segments = url.split('/').filter((segment) => segment !== '' && segment !== 'v2');
  const last = segments.at(-1) ?? '';
  const endsWithParameter = last.startsWith(':') || last.startsWith('{');
  const words = segments.flatMap((segment, i) => {
    if (segment.startsWith(':') || segment.startsWith('{')) return [];
    const next = segments[i + 1];
    const singular = next !== undefined && (next.startsWith(':') || next.startsWith('{'));
    // A POST adds one item to the collection it names.
    const one = singular || (method === 'POST' && i === segments.length - 1);
    return [one ? segment.replace(/s$/u, '') : segment];
  });
  const verb = method === 'GET' && !endsWithParameter ? 'list' : (VERBS[method] ?? method.toLowerCase());
  const pascal = words.join('_').split('_').filter(Boolean).map((word) => word[0]!.toUpperCase() + word.slice(1)).join('');
  return `${verb}${pascal}`;
}

type JsonObject = { properties?: Record<string, Record<string, unknown>>; required?: string[] } & Record<string, unknown>;

/** A query parameter with a default is optional to send, whatever the validation schema says (it fills the default in). */
function withDefaultsOptional(query: JsonObject): JsonObject {
  const properties = query.properties ?? {};
  const required = (query.required ?? []).filter((name) => properties[name]?.default === undefined);
  return { ...query, required };
}

/**
 * Ids in paths are positive integers (docs/api.md): the routes take them as text so that anything else is a 404,
 * not a 400, but the document says what a valid one is.
 */
function withIntegerIds(params: JsonObject): JsonObject {
  const properties = Object.fromEntries(Object.entries(params.properties ?? {}).map(([name, schema]) =>
    [name, name === 'id' || name.endsWith('_id') ? { type: 'integer', minimum: 1 } : schema]));
  return { ...params, properties };
}

const ERROR = { $ref: '#/components/schemas/Error' };
const error = (description: string) => ({ description, content: { 'application/json': { schema: ERROR } } });

/** The error answers a route can give (docs/api.md, Conventions), each in the shared error envelope. */
function errorResponses(method: string, url: string, schema: FastifySchema, route: { scoped: boolean; conditional: boolean }): Record<string, unknown> {
  const responses: Record<string, unknown> = {};
  if (schema.body !== undefined || schema.querystring !== undefined || schema.params !== undefined) responses['400'] = error('The request is not valid: `fields` names each problem');
  responses['401'] = error('The access token is missing (where one is needed), invalid, expired or revoked');
  if (route.scoped) responses['403'] = error('The access token lacks the scope, or the caller may not do this');
  if (url.includes(':')) responses['404'] = error('No such resource, or one the caller may not see');
  if (method === 'POST') {
    responses['409'] = error('A request with the same Idempotency-Key is still being processed');
    responses['422'] = error('The Idempotency-Key was used with another request');
  }
  if (route.conditional) {
    responses['412'] = error('If-Match does not hold: the resource changed (the current ETag is in the headers)');
  }
  if (schema.body !== undefined) {
    responses['413'] = error('The body is too large');
    responses['415'] = error('The body has a content type the API does not read');
  }
  responses['429'] = error('The rate limit is spent: Retry-After says when to try again');
  responses['500'] = error('An error of the service (the message names the request id)');
  responses['503'] = error('The database cannot be reached now: Retry-After says when to try again');
  return responses;
}

/** The scope a route declares (docs/api.md) becomes its OpenAPI `security` requirement; every operation gets an id. */
function withSecurity({ schema, url, route }: { schema: FastifySchema; url: string; route: RouteOptions }) {
  const method = Array.isArray(route.method) ? (route.method[0] ?? 'GET') : route.method;
  const named = { ...schema, operationId: (schema as { operationId?: string }).operationId ?? operationIdOf(method, url) };
  const scope = route.config?.scope;
  const documented = {
    ...named,
    ...(named.querystring === undefined ? {} : { querystring: withDefaultsOptional(named.querystring as JsonObject) }),
    ...(named.params === undefined ? {} : { params: withIntegerIds(named.params as JsonObject) }),
    response: { ...(named.response as object | undefined), ...errorResponses(method, url, named, { scoped: scope !== undefined, conditional: route.config?.conditional === true }) },
  };
  if (scope === undefined) return { schema: documented, url };
  return { schema: { ...documented, security: [{ oauth2: [scope] }] }, url };
}

/** An `onRoute` hook: the route stays out of /v2/openapi.json (pages and OAuth endpoints are documented in docs/oauth.md). */
export function hideFromOpenApi(route: RouteOptions): void {
  route.schema = { ...route.schema, hide: true };
}

/** OpenAPI 3.1 generated from the route schemas, at /v2/openapi.json, and a browsable reference at /docs. */
export async function registerOpenApi(app: FastifyInstance, publicUrl: string): Promise<void> {
  await app.register(swagger, {
    transform: withSecurity,
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Place Notes API', version: '2', description: 'Notes bound to places. See docs/api.md.' },
      // Relative first: /docs calls the address it was opened at (127.0.0.1, a tunnel, a proxy), not only PUBLIC_URL.
      servers: [
        { url: '/', description: 'this server, at the address this document was read from' },
        { url: publicUrl, description: 'PUBLIC_URL' },
      ],
      components: {
        // The envelope of every error answer, shared by every operation's 4xx and 5xx responses.
        schemas: { Error: JSON.parse(JSON.stringify(ErrorEnvelope)) as Record<string, unknown> },
        securitySchemes: {
          oauth2: {
            type: 'oauth2',
            flows: {
              authorizationCode: {
                // Relative URLs resolve against the chosen server (OpenAPI 3.1).
                authorizationUrl: '/oauth/authorize',
                tokenUrl: '/oauth/access_token',
                scopes: {
                  read: 'Read public content', readall: 'Read public and non-public content',
                  write: 'Modify content', contacts: 'Follow and unfollow members',
                  notes: 'Add and edit notes', delete: 'Delete notes',
                },
              },
            },
          },
        },
      },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  app.get('/v2/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
