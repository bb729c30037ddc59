import OAuth2Server from '@node-oauth/oauth2-server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DependencyContainer } from 'tsyringe';
import {
  CheckAuthorizationRequest, type AuthorizationParams, type AuthorizationRequest, type RedirectedError,
} from '../../application/auth/check-authorization-request';
import { IssueImplicitToken } from '../../application/auth/issue-implicit-token';
import { CONFIG, type Config } from '../../config-types';
import { grantedScopes } from '../../domain/oauth-grant';
import { errorPage, logInPage } from '../page-kit/account.pages';
import { consentPage } from './consent.page';
import { fieldValues, seeOther, sendPage } from '../page-kit/web-response';
import { secureCookies } from '../page-kit/web-session';
import { libraryRequest, oauthServer } from './oauth-library';
import { OAuthModelFactory } from './oauth-model';
import { redirectTo } from './redirect-uri';

const PATH = '/oauth/authorize';

/**
 * `GET /oauth/authorize` shows a log-in form or the consent page; the consent form posts back here.
 * A bad client or redirect URI is an error page and never a redirect (decisions §7).
 */
export function registerAuthorizeRoutes(scope: FastifyInstance, container: DependencyContainer): void {
  const config = container.resolve<Config>(CONFIG);
  const check = container.resolve(CheckAuthorizationRequest);
  const models = container.resolve(OAuthModelFactory);
  const issueImplicitToken = container.resolve(IssueImplicitToken);
  const csrf = (request: FastifyRequest, reply: FastifyReply) => reply.generateCsrf({ secure: secureCookies(request, config.publicUrl) });

  /** Checks the parameters; answers the error page or error redirect itself and returns null then. */
  const checked = async (source: unknown, request: FastifyRequest, reply: FastifyReply): Promise<AuthorizationRequest | null> => {
    const params = authorizationParams(source);
    if (typeof params === 'string') {
      await sendPage(reply, 400, errorPage(request.webUser, 'Authorization failed', params));
      return null;
    }
    const result = await check.execute(params);
    if (result.kind === 'valid') return result.request;
    if (result.kind === 'page_error') await sendPage(reply, 400, errorPage(request.webUser, 'Authorization failed', result.message));
    else await seeOther(reply, errorRedirect(result.error));
    return null;
  };

  scope.get(PATH, async (request, reply) => {
    const authorization = await checked(request.query, request, reply);
    if (authorization === null) return reply;
    const user = request.webUser;
    if (user === null) {
      const reason = `Log in to let ${authorization.client.name} use your Place Notes account.`;
      return sendPage(reply, 200, logInPage({ csrf: csrf(request, reply), next: request.url, reason }));
    }
    return sendPage(reply, 200, consentPage(user, csrf(request, reply), authorization));
  });

  scope.post(PATH, { preHandler: scope.csrfProtection }, async (request, reply) => {
    const authorization = await checked(request.body, request, reply);
    if (authorization === null) return reply;
    const user = request.webUser;
    // The session ended while the consent page was open: start again from the log-in form.
    if (user === null) return seeOther(reply, `${PATH}?${new URLSearchParams(requestParams(authorization)).toString()}`);
    const state = authorization.state;
    if (fieldValues(request.body, 'decision')[0] !== 'allow') {
      return seeOther(reply, errorRedirect({ redirectUri: authorization.redirectUri, error: 'access_denied', description: 'the user denied access', state }));
    }
    const scopes = grantedScopes(authorization.scopes, fieldValues(request.body, 'grant'));
    if (authorization.responseType === 'token') {
      const issued = await issueImplicitToken.execute(authorization.client.id, user.id, scopes);
      return seeOther(reply, redirectTo(authorization.redirectUri, {
        access_token: issued.accessToken,
        token_type: 'bearer',
        scope: issued.scope,
        expires_in: issued.lifetimeS === null ? null : String(issued.lifetimeS),
        state,
      }));
    }
    const response = new OAuth2Server.Response({});
    const body = { ...requestParams(authorization), scope: scopes.join(' ') };
    try {
      await oauthServer(models.create()).authorize(libraryRequest(request, body), response, {
        authenticateHandler: { handle: () => ({ id: user.id, username: user.username }) },
      });
    } catch (error) {
      if (!(error instanceof OAuth2Server.OAuthError)) throw error;
      if (error.code >= 500) throw error;
      return seeOther(reply, errorRedirect({ redirectUri: authorization.redirectUri, error: 'invalid_request', description: error.message, state }));
    }
    const location = response.get('location');
    if (typeof location !== 'string') throw new Error('the authorization server gave no redirect');
    return seeOther(reply, location);
  });
}

/** The parameters of a checked request, as the library and a restarted flow read them. */
function requestParams(request: AuthorizationRequest): Record<string, string> {
  const params: Record<string, string> = {
    client_id: request.client.clientId,
    redirect_uri: request.redirectUri,
    response_type: request.responseType,
    scope: request.scopes.join(' '),
  };
  if (request.state !== null) params.state = request.state;
  if (request.codeChallenge !== null) params.code_challenge = request.codeChallenge;
  if (request.codeChallengeMethod !== null) params.code_challenge_method = request.codeChallengeMethod;
  return params;
}

function errorRedirect(error: Omit<RedirectedError, 'error'> & { error: RedirectedError['error'] | 'access_denied' }): string {
  return redirectTo(error.redirectUri, { error: error.error, error_description: error.description, state: error.state });
}

const NAMES: Record<keyof AuthorizationParams, string> = {
  clientId: 'client_id', redirectUri: 'redirect_uri', responseType: 'response_type', scope: 'scope', state: 'state',
  codeChallenge: 'code_challenge', codeChallengeMethod: 'code_challenge_method',
};

/** The request's parameters (`redirect_url` is read as `redirect_uri`), or why they cannot be read. */
function authorizationParams(source: unknown): AuthorizationParams | string {
  const record = typeof source === 'object' && source !== null ? (source as Record<string, unknown>) : {};
  const params: AuthorizationParams = {};
  for (const [key, name] of Object.entries(NAMES) as [keyof AuthorizationParams, string][]) {
    const value = record[name];
    if (value === undefined) continue;
    if (typeof value !== 'string') return `The parameter ${name} must be sent once.`;
    params[key] = value;
  }
  const alias = record.redirect_url;
  if (alias !== undefined) {
    if (typeof alias !== 'string') return 'The parameter redirect_url must be sent once.';
    if (params.redirectUri !== undefined && params.redirectUri !== alias) return 'redirect_uri and redirect_url name different addresses.';
    params.redirectUri = alias;
  }
  return params;
}
