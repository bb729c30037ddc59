import type { FastifyRequest } from 'fastify';

// `access_token` may arrive in the query string (spec part 5); no log line may carry it.
const TOKEN_PARAM = /((?:^|[?&])access(?:_|%5f)token=)[^&#]*/giu;

/** A request URL fit for logs: the value of any `access_token` parameter replaced. */
export function redactUrl(url: string): string {
  return url.replace(TOKEN_PARAM, '$1[redacted]');
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
