import type OAuth2Server from '@node-oauth/oauth2-server';
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

/** A library error as the RFC 6749 §5.2 answer; its 503 for a fault becomes a plain 500. */
export function sendLibraryError(request: FastifyRequest, reply: FastifyReply, error: OAuth2Server.OAuthError, headers: Record<string, string>): FastifyReply {
  if (error.code >= 500) {
    request.log.error({ err: error }, 'the OAuth token endpoint failed');
    return sendOAuthError(reply, 500, 'server_error', `internal error (request ${request.id})`);
  }
  if (headers['www-authenticate'] !== undefined) reply.header('www-authenticate', headers['www-authenticate']);
  return sendOAuthError(reply, error.code, error.name, error.message);
}

/** For the token endpoints' scope: whatever fails before the handler (a bad body, a 415) still answers in RFC 6749 form. */
export function oauthErrorHandler(error: FastifyError | DomainError, request: FastifyRequest, reply: FastifyReply): void {
  if (error instanceof DomainError && error.kind === 'invalid') {
    void sendOAuthError(reply, 400, 'invalid_request', error.message);
    return;
  }
  const status = error instanceof DomainError ? undefined : error.statusCode;
  if (status !== undefined && status >= 400 && status < 500) {
    void sendOAuthError(reply, 400, 'invalid_request', status === 415
      ? 'send the parameters as application/x-www-form-urlencoded'
      : 'the request is malformed');
    return;
  }
  request.log.error({ err: error }, 'the OAuth token endpoint failed');
  void sendOAuthError(reply, 500, 'server_error', `internal error (request ${request.id})`);
}
