import type { RouteOptions } from 'fastify';

/** An `onRoute` hook: the route stays out of /v2/openapi.json (OAuth and account pages are documented in docs/oauth.md). */
export function hideFromOpenApi(route: RouteOptions): void {
  route.schema = { ...route.schema, hide: true };
}
