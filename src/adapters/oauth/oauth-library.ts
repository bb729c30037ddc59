import OAuth2Server from '@node-oauth/oauth2-server';
import type { FastifyRequest } from 'fastify';
import { AUTHORIZATION_CODE_LIFETIME_S } from '../../domain/oauth-grant';
import type { OAuthModel } from './oauth-model';

/**
 * The library's server over one request's model. Lifetimes it asks for are placeholders: the use cases
 * set the real ones (codes 10 minutes, access tokens ACCESS_TOKEN_TTL_S, refresh tokens until revoked).
 */
export function oauthServer(model: OAuthModel): OAuth2Server {
  return new OAuth2Server({
    model,
    allowEmptyState: true,
    authorizationCodeLifetime: AUTHORIZATION_CODE_LIFETIME_S,
    accessTokenLifetime: 3600,
    refreshTokenLifetime: 3600,
    // Public clients refresh without a secret; the model still refuses a confidential client that sends none.
    requireClientAuthentication: { refresh_token: false },
    alwaysIssueNewRefreshToken: true,
  });
}

/** The library's Request for a Fastify request, with the body (and query) to use. */
export function libraryRequest(
  request: FastifyRequest,
  body: Record<string, string>,
  query: Record<string, string> = {},
  options: { withoutAuthorization?: boolean } = {},
): OAuth2Server.Request {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === 'string' && !(options.withoutAuthorization && name === 'authorization')) headers[name] = value;
  }
  return new OAuth2Server.Request({ headers, method: request.method, query, body });
}

/** A form body as single text values; a repeated or structured parameter is an error (RFC 6749 §3.1). */
export function singleValues(source: unknown): Record<string, string> | { repeated: string } {
  const values: Record<string, string> = {};
  if (typeof source !== 'object' || source === null) return values;
  for (const [name, value] of Object.entries(source)) {
    if (typeof value !== 'string') return { repeated: name };
    values[name] = value;
  }
  return values;
}
