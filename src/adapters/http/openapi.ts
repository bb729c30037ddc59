import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';

/** The scope a route declares (docs/api.md) becomes its OpenAPI `security` requirement. */
function withSecurity({ schema, url, route }: { schema: FastifySchema; url: string; route: RouteOptions }) {
  const scope = route.config?.scope;
  if (scope === undefined) return { schema, url };
  return { schema: { ...schema, security: [{ oauth2: [scope] }] }, url };
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
