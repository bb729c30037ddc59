import OAuth2Server from '@node-oauth/oauth2-server';
import type { FastifyRequest } from 'fastify';
import type { OAuthModel } from './oauth-model';

/**
 * The library's server over one request's model, for the token endpoint only (the authorization endpoint
 * issues codes through the use case itself). Lifetimes it asks for are placeholders: the use cases set the
 * real ones (access tokens ACCESS_TOKEN_TTL_S, refresh tokens until used or revoked).
 */
export function oauthServer(model: OAuthModel): OAuth2Server {
  return new OAuth2Server({
    model,
    accessTokenLifetime: 3600,
    refreshTokenLifetime: 3600,
    // Public clients refresh without a secret; the model still refuses a confidential client that sends none.
    requireClientAuthentication: { refresh_token: false },
    alwaysIssueNewRefreshToken: true,
  });
}

/** The library's Request for a Fastify request, with the form body to use. */
export function libraryRequest(
  request: FastifyRequest,
  body: Record<string, string>,
  options: { withoutAuthorization?: boolean } = {},
): OAuth2Server.Request {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === 'string' && !(options.withoutAuthorization && name === 'authorization')) headers[name] = value;
  }
  return new OAuth2Server.Request({ headers, method: request.method, query: {}, body });
}
