import OAuth2Server from '@node-oauth/oauth2-server';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../../domain/domain-error';

/** Headers of every token and revocation response (RFC 6749 §5.1, RFC 9700). */
export function tokenHeaders(reply: FastifyReply): FastifyReply {
  return reply.headers({ 'cache-control': 'no-store', pragma: 'no-cache', 'referrer-policy': 'no-referrer' });
}

/** An RFC 6749 §5.2 error body. */
export function sendOAuthError(reply: FastifyReply, status: number, error: string, description: string): FastifyReply {
  return tokenHeaders(reply).code(status).send({ error, error_description: description });
}

/**
 * For the token endpoints' scope: every failure answers in RFC 6749 §5.2 form. The library's errors keep
 * their code; a client that failed HTTP Basic authentication gets 401 with a Basic challenge (RFC 6749 §5.2);
 * a bad form (a parameter sent twice, a 415) is `invalid_request`; a lost database is 503; a fault is a plain 500.
 */
export function oauthErrorHandler(error: FastifyError | DomainError | OAuth2Server.OAuthError, request: FastifyRequest, reply: FastifyReply): void {
  // The library wraps whatever the model threw in a ServerError; a DomainError inside is answered as itself.
  const inner: unknown = error instanceof OAuth2Server.OAuthError ? (error as { inner?: unknown }).inner : undefined;
  if (inner instanceof DomainError) {
    oauthErrorHandler(inner, request, reply);
    return;
  }
  if (error instanceof OAuth2Server.OAuthError && error.code < 500) {
    if (error.name === 'invalid_client' && /^Basic\s/iu.test(request.headers.authorization ?? '')) {
      reply.header('www-authenticate', 'Basic realm="place-notes"');
      void sendOAuthError(reply, 401, 'invalid_client', error.message);
      return;
    }
    void sendOAuthError(reply, error.code, error.name, error.message);
    return;
  }
  if (error instanceof DomainError && error.kind === 'invalid') {
    void sendOAuthError(reply, 400, 'invalid_request', error.message);
    return;
  }
  // The database is away for a moment: 503 (the server adds Retry-After), as RFC 6749 §4.1.2.1 names it.
  if (error instanceof DomainError && error.kind === 'unavailable') {
    request.log.warn({ err: error }, 'the OAuth token endpoint could not reach the database');
    void sendOAuthError(reply, 503, 'temporarily_unavailable', error.message);
    return;
  }
  const status = error instanceof DomainError || error instanceof OAuth2Server.OAuthError ? undefined : error.statusCode;
  if (status !== undefined && status >= 400 && status < 500) {
    void sendOAuthError(reply, 400, 'invalid_request', status === 415
      ? 'send the parameters as application/x-www-form-urlencoded'
      : 'the request is malformed');
    return;
  }
  request.log.error({ err: error }, 'the OAuth token endpoint failed');
  void sendOAuthError(reply, 500, 'server_error', `internal error (request ${request.id})`);
}
