import type { RouteOptions } from 'fastify';
import type { Scope } from '../../src/domain/scopes';

/** One route of the built server, as the batteries see it. */
export interface RouteEntry {
  method: string;
  url: string;
  /** The scope the route declares in `config.scope`; undefined for public reads. */
  scope: Scope | undefined;
}

export const MUTATING_METHODS = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);

/**
 * Collects the route table through `buildApp`'s `onRoute` option: pass `collector.onRoute` to
 * `createTestApp`, then read `collector.routes` (one entry per method; HEAD twins are left out).
 */
export function routeCollector(): { onRoute: (route: RouteOptions) => void; routes: RouteEntry[] } {
  const routes: RouteEntry[] = [];
  return {
    routes,
    onRoute(route) {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        if (method === 'HEAD') continue;
        routes.push({ method, url: route.url, scope: route.config?.scope });
      }
    },
  };
}

/** The mutating routes of the API (`/v2`), as `METHOD /path` keys. */
export function mutatingApiRoutes(routes: RouteEntry[]): RouteEntry[] {
  return routes.filter((r) => r.url.startsWith('/v2/') && MUTATING_METHODS.has(r.method));
}

export const routeKey = (route: { method: string; url: string }): string => `${route.method} ${route.url}`;
