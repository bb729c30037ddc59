import { parse as parseQuery } from 'node:querystring';
import type { FastifyRequest } from 'fastify';

/**
 * Query parameters whose values never reach a log line: tokens (spec part 5 allows `access_token`
 * in the URL), OAuth codes, verifiers and client secrets, passwords. Names compare case-insensitively,
 * as parsed (`ACCESS%5Ftoken` is still the token).
 */
const SECRET_PARAMS = new Set(['access_token', 'refresh_token', 'token', 'code', 'code_verifier', 'client_secret', 'password', '_csrf']);

/** Log fields (pino paths) that may hold a secret, censored wherever a log call passes them. */
export const REDACTED_LOG_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  ...[...SECRET_PARAMS].flatMap((name) => [`body.${name}`, `req.body.${name}`]),
];

/**
 * A request URL fit for logs: its path, then its query as the app parsed it (`query`; without one, as
 * Fastify's default parser reads it) with the value of every secret parameter replaced. Not a scan of the
 * raw text: the router hands everything after the first `?` or `#` to the parser, `#` included, so a scan
 * that stopped at a `#` logged a token the app had read and used.
 */
export function redactUrl(url: string, query?: unknown): string {
  const at = url.search(/[?#]/u);
  if (at === -1) return url;
  const parsed = isRecord(query) ? query : parseQuery(url.slice(at + 1));
  const pairs = Object.entries(parsed).flatMap(([name, value]) => logPairs(name, value));
  return pairs.length === 0 ? url.slice(0, at) : `${url.slice(0, at)}?${pairs.join('&')}`;
}

/**
 * A secret name, also where it ends a longer one after a delimiter (`?access_token` when a `#` came first,
 * `x[access_token]`), but not as the tail of a word (`my_access_token`).
 */
const SECRET_NAME = new RegExp(`(?:^|[?#&;/[])(?:${[...SECRET_PARAMS].join('|')})\\]?(?:\\[[^\\]]*\\])*$`, 'iu');

function logPairs(name: string, value: unknown): string[] {
  if (SECRET_NAME.test(name)) return [`${encodeURIComponent(name)}=[redacted]`];
  if (Array.isArray(value)) return value.flatMap((item) => logPairs(name, item));
  if (isRecord(value)) return Object.entries(value).flatMap(([key, item]) => logPairs(`${name}[${key}]`, item));
  return [`${encodeURIComponent(name)}=${encodeURIComponent(String(value ?? ''))}`];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The request fields Fastify logs, with the URL redacted. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url, request.query),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
