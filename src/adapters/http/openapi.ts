import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { VISIBILITIES } from '../../domain/visibility';
import { Comment } from './comments/comment.schemas';
import { Association } from './common.schemas';
import { ErrorEnvelope } from './envelope';
import { Notemap } from './notemaps/notemap.schemas';
import { ListedNote } from './notes/note-list.schemas';
import { Location, Note, NoteImage, NotePlace } from './notes/note.schemas';
import { Place } from './places/place.schemas';
import { Tag } from './tags/tag.schemas';
import { Avatar, User, UserListItem, UserSummary } from './users/user.schemas';
import EXAMPLES from './openapi-examples.json';

const VERBS: Record<string, string> = { GET: 'get', POST: 'create', PUT: 'update', DELETE: 'delete', PATCH: 'update' };

/** Whether the path names one resource (its last segment is a parameter) rather than a collection. */
function endsWithParameter(url: string): boolean {
  const last = url.slice(url.lastIndexOf('/') + 1);
  return last.startsWith(':') || last.startsWith('{');
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A GET answering a file made as it is sent (the account export): no ETag, no paging headers. */
    download?: boolean;
  }
}

/**
 * A stable `operationId` from the method and the path, for generated clients: the path's fixed words in order,
 * each one singular when a parameter follows it, after a verb (`list` for a GET of a collection): `GET /v2/notes` is
 * `listNotes`, `POST /v2/notes` `createNote`, `PUT /v2/notes/{id}` `updateNote`,
 * `GET /v2/notes/{note_id}/comments/{id}` `getNoteComment`. One method and path give one name.
 */
export function operationIdOf(method: string, url: string): string {
  const segments = url.split('/').filter((segment) => segment !== '' && segment !== 'v2');
  const words = segments.flatMap((segment, i) => {
    if (segment.startsWith(':') || segment.startsWith('{')) return [];
    const next = segments[i + 1];
    const singular = next !== undefined && (next.startsWith(':') || next.startsWith('{'));
    // A POST adds one item to the collection it names.
    const one = singular || (method === 'POST' && i === segments.length - 1);
    return [one ? segment.replace(/s$/u, '') : segment];
  });
  const verb = method === 'GET' && !endsWithParameter(url) ? 'list' : (VERBS[method] ?? method.toLowerCase());
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
  const api = url.startsWith('/v2/');
  if (schema.body !== undefined || schema.querystring !== undefined || schema.params !== undefined) responses['400'] = error('The request is not valid: `fields` names each problem');
  if (api) responses['401'] = error('The access token is missing (where one is needed), invalid, expired or revoked');
  if (route.scoped) responses['403'] = error('The access token lacks the scope, or the caller may not do this');
  if (url.includes(':')) responses['404'] = error('No such resource, or one the caller may not see');
  if (api && method === 'POST') {
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

/** What a token needs on a route without a scope of its own: nothing for public content, `readall` for the rest. */
type Security = Record<string, string[]>[];
const OPTIONAL_AUTH: Security = [{}, { oauth2: ['read'] }, { oauth2: ['readall'] }];

/** Files served as they were uploaded (note images, avatars): public, no token, the bytes as the answer. */
const FILE_RESPONSE = {
  200: {
    description: 'The file; `ETag` and `Cache-Control` let clients keep it (304 on `If-None-Match`)',
    content: Object.fromEntries(['image/jpeg', 'image/png', 'image/webp'].map((type) => [type, { schema: { type: 'string', format: 'binary' } }])),
  },
};

// `private` is read as `self` (domain/visibility.ts).
const ACCEPTED_VISIBILITIES = [...VISIBILITIES, 'private'];

/**
 * What a request body must hold, as the domain checks it (src/domain/): the route schemas leave these to the use
 * cases so that every problem is named in one 400, but a generated client should know them. A test sends each
 * body without each field, and with a value outside each list, and expects the 400.
 */
export const BODY_RULES: Readonly<Record<string, { required?: readonly string[]; enums?: Readonly<Record<string, readonly string[]>> }>> = {
  createNote: { required: ['message', 'latitude', 'longitude'], enums: { visibility: ACCEPTED_VISIBILITIES } },
  updateNote: { enums: { visibility: ACCEPTED_VISIBILITIES } },
  createNoteComment: { required: ['comment'] },
  updateNoteComment: { required: ['comment'] },
  createNotemap: { required: ['name'] },
  updateNotemap: { required: ['name'] },
};

/** The body schema with the domain's required fields and accepted values (BODY_RULES) written into it. */
function documentedBody(operationId: string, body: JsonObject): JsonObject {
  const rules = BODY_RULES[operationId];
  if (rules === undefined) return body;
  const properties = Object.fromEntries(Object.entries(body.properties ?? {}).map(([name, schema]) => {
    const values = rules.enums?.[name];
    return [name, values === undefined ? schema : { ...schema, type: 'string', enum: [...values] }];
  }));
  return { ...body, properties, ...(rules.required === undefined ? {} : { required: [...rules.required] }) };
}

interface OperationExample { status: number; request?: unknown; response: unknown }
const EXAMPLE_OF: Readonly<Record<string, OperationExample>> = EXAMPLES;

/**
 * Each operation's example, captured from the service itself telling one small story (scripts/openapi-examples.ts,
 * `npm run openapi`): the request body on the body, the answer on its status's JSON schema.
 */
function withExamples(operationId: string, schema: FastifySchema): FastifySchema {
  const example = EXAMPLE_OF[operationId];
  if (example === undefined) return schema;
  const responses = { ...(schema.response as Record<string, JsonObject> | undefined) };
  const answer = responses[String(example.status)];
  if (answer !== undefined) {
    const content = answer.content as Record<string, { schema: JsonObject }> | undefined;
    responses[String(example.status)] = content === undefined
      ? { ...answer, examples: [example.response] }
      : { ...answer, content: { ...content, 'application/json': { ...content['application/json']!, example: example.response } } };
  }
  const body = example.request === undefined || schema.body === undefined ? {} : { body: { ...(schema.body as JsonObject), examples: [example.request] } };
  return { ...schema, ...body, response: responses };
}

/** The request headers of docs/api.md (Caching, Safe retries) an operation takes, as OpenAPI header parameters. */
function requestHeaders(method: string, api: boolean, conditional: boolean, download: boolean): JsonObject | undefined {
  const properties: Record<string, Record<string, unknown>> = {};
  if (api && method === 'GET' && !download) {
    properties['if-none-match'] = { type: 'string', description: 'The `ETag` of the copy the client holds: 304 without a body while it is current' };
  }
  if (api && method === 'POST') {
    properties['idempotency-key'] = {
      type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x20-\\x7e]+$',
      description: 'A new random key (a UUID) per request: a retry with the same key and body gets the first answer again (`Idempotent-Replayed: true`) for 24 hours',
    };
  }
  if (conditional) {
    properties['if-match'] = { type: 'string', description: 'The `ETag` the change is based on: 412 `precondition_failed` if the resource changed since' };
  }
  return Object.keys(properties).length === 0 ? undefined : { type: 'object', properties };
}

const header = (description: string) => ({ type: 'string', description });

/** The response headers of docs/api.md (Caching, Safe retries, paging) on an operation's successful answers. */
function withResponseHeaders(method: string, url: string, conditional: boolean, responses: Record<string, JsonObject> | undefined): Record<string, JsonObject> | undefined {
  const list = method === 'GET' && !endsWithParameter(url);
  const headers: Record<string, unknown> = {};
  if (method === 'GET' || (method === 'PUT' && conditional)) headers.ETag = header('The entity tag of this answer, for `If-None-Match` and `If-Match`');
  if (list) headers.Link = header('`<nextUrl>; rel="next"` while there is a next page');
  if (method === 'POST') {
    headers.Location = header('The path of the resource made (on 201, for notes, comments and notemaps)');
    headers['Idempotent-Replayed'] = header('`true` when this is the stored answer of an earlier request with the same `Idempotency-Key`');
  }
  if (responses === undefined || Object.keys(headers).length === 0) return responses;
  return Object.fromEntries(Object.entries(responses).map(([code, response]) =>
    [code, code.startsWith('2') ? { ...response, headers: { ...(response.headers as object | undefined), ...headers } } : response]));
}

/**
 * Every operation gets an id, its errors, and its `security`: the scope its route declares (docs/api.md), or
 * optional authentication for a public read.
 */
function withSecurity({ schema, url, route }: { schema: FastifySchema; url: string; route: RouteOptions }) {
  const method = Array.isArray(route.method) ? (route.method[0] ?? 'GET') : route.method;
  const operationId = (schema as { operationId?: string }).operationId ?? operationIdOf(method, url);
  if (url.startsWith('/oauth/')) return { schema: oauthOperation(url, schema), url };
  const named = { ...schema, operationId };
  const scope = route.config?.scope;
  const api = url.startsWith('/v2/');
  const download = route.config?.download === true;
  const headers = requestHeaders(method, api, route.config?.conditional === true, download);
  const documented = {
    ...named,
    ...(headers === undefined ? {} : { headers }),
    ...(named.querystring === undefined ? {} : { querystring: withDefaultsOptional(named.querystring as JsonObject) }),
    ...(named.params === undefined ? {} : { params: withIntegerIds(named.params as JsonObject) }),
    ...(named.body === undefined ? {} : { body: documentedBody(operationId, named.body as JsonObject) }),
    response: {
      ...(!api ? FILE_RESPONSE : download ? named.response as Record<string, JsonObject>
        : withResponseHeaders(method, url, route.config?.conditional === true, named.response as Record<string, JsonObject> | undefined)),
      ...errorResponses(method, url, named, { scoped: scope !== undefined, conditional: route.config?.conditional === true }),
    },
  };
  const security: Security = scope !== undefined ? [{ oauth2: [scope] }] : api ? OPTIONAL_AUTH : [];
  return { schema: { ...withExamples(operationId, documented), security }, url };
}

/** An RFC 6749 §5.2 error, as the token endpoints answer every failure. */
const OAuthError = {
  type: 'object',
  required: ['error', 'error_description'],
  properties: {
    error: { type: 'string', description: 'invalid_request, invalid_client, invalid_grant, unauthorized_client, unsupported_grant_type, invalid_scope, server_error or temporarily_unavailable' },
    error_description: { type: 'string' },
  },
};
const oauthError = (description: string) => ({ description, content: { 'application/json': { schema: OAuthError } } });
const OAUTH_ERRORS = {
  400: oauthError('The request or the grant is not valid (`invalid_request`, `invalid_grant`, `unsupported_grant_type`, `invalid_scope`…)'),
  401: oauthError('The client could not be authenticated (`invalid_client`; with HTTP Basic, a `WWW-Authenticate` challenge)'),
  429: error('The rate limit is spent: Retry-After says when to try again'),
  500: oauthError('An error of the service (`server_error`)'),
  503: oauthError('The database cannot be reached now (`temporarily_unavailable`): Retry-After says when to try again'),
};

const TokenAnswer = {
  type: 'object',
  required: ['access_token', 'token_type', 'scope', 'user'],
  properties: {
    access_token: { type: 'string' },
    token_type: { type: 'string', enum: ['bearer'] },
    expires_in: { type: 'integer', description: 'Seconds the token lives; absent when tokens do not expire (ACCESS_TOKEN_TTL_S unset)' },
    refresh_token: { type: 'string', description: 'Present when the server issues one with the grant' },
    scope: { type: 'string', description: 'The scopes granted, space-separated' },
    user: { type: 'object', required: ['id', 'username'], properties: { id: { type: 'integer' }, username: { type: 'string' } } },
  },
  examples: [{ access_token: 'hR0lN5b1yRr8kV0Tq2c9w6m3XzU4pJ7aE1sD5fG8hJ0', token_type: 'bearer', scope: 'read write notes', user: { id: 1, username: 'alice' } }],
};

/** The two OAuth endpoints an application calls itself (docs/oauth.md); the authorization page is a browser's. */
const OAUTH_OPERATIONS: Readonly<Record<string, FastifySchema & Record<string, unknown>>> = {
  '/oauth/access_token': {
    operationId: 'createAccessToken',
    summary: 'Exchange an authorization code or a refresh token for an access token',
    description: 'RFC 6749 §4.1.3 and §6, with PKCE (RFC 7636): `grant_type` is `authorization_code` (with `code`, `redirect_uri` and, when '
      + 'the authorization asked for one, `code_verifier`) or `refresh_token` (with `refresh_token`, and `scope` to narrow it). The client '
      + 'authenticates by HTTP Basic or by `client_id` and `client_secret` in the form, not both; a public client sends `client_id` only. '
      + 'Answers carry `Cache-Control: no-store`.',
    response: { 200: { description: 'The token', ...TokenAnswer }, ...OAUTH_ERRORS },
  },
  '/oauth/revoke': {
    operationId: 'revokeToken',
    summary: 'Revoke an access token or a refresh token',
    description: 'RFC 7009: the client that holds the token revokes it (and, for a refresh token, the access tokens issued from it). The '
      + 'answer is 200 whether the token was valid or not. The client authenticates as on the token endpoint.',
    response: { 200: { description: 'Revoked, or unknown', type: 'object', examples: [{}] }, ...OAUTH_ERRORS },
  },
};

function oauthOperation(url: string, schema: FastifySchema): FastifySchema {
  return { ...schema, ...OAUTH_OPERATIONS[url], tags: ['oauth'], consumes: ['application/x-www-form-urlencoded'], security: [{ clientBasic: [] }, {}] };
}

/** An `onRoute` hook: pages and the browser's OAuth steps stay out of /v2/openapi.json; the token endpoints are in it. */
export function hideFromOpenApi(route: RouteOptions): void {
  if (route.url in OAUTH_OPERATIONS && route.method === 'POST') return;
  route.schema = { ...route.schema, hide: true };
}

/** The resources every answer is made of, named once in `components.schemas` (a generated client names its types after them). */
const NAMED_SCHEMAS: Readonly<Record<string, unknown>> = {
  Association, Avatar, UserSummary, UserListItem, User, Location, NoteImage, NotePlace, Note, ListedNote, Comment, Notemap, Tag, Place,
};

/** Key order does not matter to a schema: the same schema written twice gives the same text. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const entries = Object.entries(value).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
}

/**
 * The document with every copy of a named resource schema (NAMED_SCHEMAS) replaced by a `$ref` to one component:
 * the route schemas embed them by value, which made every operation repeat the Note in full.
 */
export function withNamedSchemas(document: Record<string, unknown>): Record<string, unknown> {
  const refs = new Map<string, string>();
  const replace = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(replace);
    if (node === null || typeof node !== 'object') return node;
    const reduced = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, replace(v)]));
    const name = refs.get(canonical(reduced));
    return name === undefined ? reduced : { $ref: `#/components/schemas/${name}` };
  };
  const components = document.components as { schemas?: Record<string, unknown> } | undefined;
  const schemas: Record<string, unknown> = { ...components?.schemas };
  // Smallest first, so that a larger one is registered with the smaller ones inside it already named.
  const bySize = Object.entries(NAMED_SCHEMAS).map(([name, schema]) => [name, JSON.parse(JSON.stringify(schema)) as unknown] as const)
    .sort(([, a], [, b]) => JSON.stringify(a).length - JSON.stringify(b).length);
  for (const [name, schema] of bySize) {
    const reduced = replace(schema);
    schemas[name] = reduced;
    refs.set(canonical(reduced), name);
  }
  return { ...document, paths: replace(document.paths), components: { ...components, schemas } };
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
          clientBasic: { type: 'http', scheme: 'basic', description: 'An application\'s client_id and client_secret (form-encoded), on the token endpoints' },
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
  let document: Record<string, unknown> | null = null;
  const named = () => {
    document ??= withNamedSchemas(app.swagger() as unknown as Record<string, unknown>);
    return document;
  };
  await app.register(swaggerUi, { routePrefix: '/docs', transformSpecification: named });
  app.get('/v2/openapi.json', { schema: { hide: true } }, async () => named());
}
