import type { FastifyRequest } from 'fastify';

/**
 * Query parameters whose values never reach a log line: tokens (spec part 5 allows `access_token`
 * in the URL), OAuth codes, verifiers and client secrets, passwords. Names compare case-insensitively
 * after percent-decoding (`ACCESS%5Ftoken` is still the token).
 */
const SECRET_PARAMS = new Set(['access_token', 'refresh_token', 'token', 'code', 'code_verifier', 'client_secret', 'password', '_csrf']);

/** Log fields (pino paths) that may hold a secret, censored wherever a log call passes them. */
export const REDACTED_LOG_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  ...[...SECRET_PARAMS].flatMap((name) => [`body.${name}`, `req.body.${name}`]),
];

/** A request URL fit for logs: the value of every secret parameter replaced. */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  if (queryAt === -1) return url;
  const hashAt = url.indexOf('#', queryAt);
  const end = hashAt === -1 ? url.length : hashAt;
  const pairs = url.slice(queryAt + 1, end).split('&').map((pair) => {
    const equals = pair.indexOf('=');
    if (equals === -1) return pair;
    return SECRET_PARAMS.has(decodeName(pair.slice(0, equals))) ? `${pair.slice(0, equals)}=[redacted]` : pair;
  });
  return `${url.slice(0, queryAt + 1)}${pairs.join('&')}${url.slice(end)}`;
}

function decodeName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' ')).toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

/** The request fields Fastify logs, with the URL redacted. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
