import OAuth2Server from '@node-oauth/oauth2-server';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { DependencyContainer } from 'tsyringe';
import { AuthenticateClient } from '../../application/auth/authenticate-client';
import { RevokeToken } from '../../application/auth/revoke-token';
import { validateForms } from '../page-kit/forms';
import { basicCredentials, clientCredentials } from './client-credentials';
import { libraryRequest, oauthServer } from './oauth-library';
import { OAuthModelFactory } from './oauth-model';
import { oauthErrorHandler, sendOAuthError, tokenHeaders } from './oauth-errors';
import { RevokeForm, TokenForm } from './oauth.schemas';

/** The grants this server supports; the library also knows `password` and `client_credentials`, which it must not offer. */
const GRANT_TYPES = new Set(['authorization_code', 'refresh_token']);

/**
 * `POST /oauth/access_token` (RFC 6749 §4.1.3 and §6, through the library) and `POST /oauth/revoke`
 * (RFC 7009). Form bodies only; client credentials in the body or HTTP Basic; errors per RFC 6749 §5.2,
 * answered by the scope's error handler.
 */
export function registerTokenRoutes(scope: FastifyInstance, container: DependencyContainer): void {
  const models = container.resolve(OAuthModelFactory);
  const authenticateClient = container.resolve(AuthenticateClient);
  const revokeToken = container.resolve(RevokeToken);
  const forms = scope.withTypeProvider<TypeBoxTypeProvider>();

  validateForms(scope);
  scope.setErrorHandler(oauthErrorHandler);

  forms.post('/oauth/access_token', { schema: { body: TokenForm } }, async (request, reply) => {
    const body: Record<string, string> = { ...request.body };
    // RFC 6749 §5.2: a grant the server does not support is unsupported_grant_type (the library would say unauthorized_client).
    if (body.grant_type && !GRANT_TYPES.has(body.grant_type)) {
      throw new OAuth2Server.UnsupportedGrantTypeError('Unsupported grant type: use authorization_code or refresh_token');
    }
    const basic = basicCredentials(request.headers.authorization, body);
    if (basic === 'conflict') return sendOAuthError(reply, 400, 'invalid_request', 'authenticate the client one way: HTTP Basic or the body, not both');
    // The library reads HTTP Basic without form-decoding it (RFC 6749 §2.3.1 wants it decoded): hand it the decoded pair.
    const libraryBody = basic === null ? body : { ...body, client_id: basic.clientId, client_secret: basic.clientSecret ?? '' };
    const response = new OAuth2Server.Response({});
    const token = await oauthServer(models.create()).token(libraryRequest(request, libraryBody, { withoutAuthorization: basic !== null }), response);
    const user = token.user as { id: number; username: string };
    return tokenHeaders(reply).code(200).send({
      ...(response.body as Record<string, unknown>),
      token_type: 'bearer',
      user: { id: user.id, username: user.username },
    });
  });

  forms.post('/oauth/revoke', { schema: { body: RevokeForm } }, async (request, reply) => {
    const body = request.body;
    const credentials = clientCredentials(request.headers.authorization, body);
    if (credentials === null) return sendOAuthError(reply, 401, 'invalid_client', 'send client_id (and client_secret) in the body or by HTTP Basic');
    const client = await authenticateClient.execute(credentials.clientId, credentials.clientSecret);
    if (client === null) {
      if (credentials.basic) reply.header('www-authenticate', 'Basic realm="place-notes"');
      return sendOAuthError(reply, 401, 'invalid_client', 'the client credentials are invalid');
    }
    if (!body.token) return sendOAuthError(reply, 400, 'invalid_request', 'the parameter token is required');
    const hint = body.token_type_hint === 'access_token' || body.token_type_hint === 'refresh_token' ? body.token_type_hint : null;
    await revokeToken.execute(client.id, body.token, hint);
    // RFC 7009 §2.2: 200 whether or not the token was valid.
    return tokenHeaders(reply).code(200).send({});
  });
}
