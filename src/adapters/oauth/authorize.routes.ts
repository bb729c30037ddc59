import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DependencyContainer } from 'tsyringe';
import type { Static } from 'typebox';
import {
  CheckAuthorizationRequest, type AuthorizationParams, type AuthorizationRequest, type RedirectedError,
} from '../../application/auth/check-authorization-request';
import { IssueAuthorizationCode } from '../../application/auth/issue-authorization-code';
import { IssueImplicitToken } from '../../application/auth/issue-implicit-token';
import { CONFIG, type Config } from '../../config-types';
import { DomainError } from '../../domain/domain-error';
import { grantedScopes } from '../../domain/oauth-grant';
import { errorPage, logInPage } from '../page-kit/account.pages';
import { sentence } from '../page-kit/forms';
import type { FormErrorPage } from '../page-kit/web-errors';
import { seeOther, sendPage } from '../page-kit/web-response';
import { consentPage } from './consent.page';
import { AuthorizeQuery, ConsentForm } from './oauth.schemas';
import { redirectTo } from './redirect-uri';

const PATH = '/oauth/authorize';

/**
 * `GET /oauth/authorize` shows a log-in form or the consent page; the consent form posts back here.
 * A bad client or redirect URI is an error page and never a redirect (docs/oauth.md, RFC 6749 §4.1.2.1).
 */
export function registerAuthorizeRoutes(scope: FastifyInstance, container: DependencyContainer): void {
  const config = container.resolve<Config>(CONFIG);
  const check = container.resolve(CheckAuthorizationRequest);
  const issueCode = container.resolve(IssueAuthorizationCode);
  const issueImplicitToken = container.resolve(IssueImplicitToken);
  const pages = scope.withTypeProvider<TypeBoxTypeProvider>();
  // RFC 9207: every authorization response, success or error, names the issuer, so a client that uses several
  // authorization servers can tell which one answered (mix-up attacks).
  const issuer = config.publicUrl;

  /** Parameters that cannot be read (sent twice, two redirect URIs): an error page, since no redirect URI can be trusted. */
  const unreadable = (error: DomainError, request: FastifyRequest): FormErrorPage | null =>
    error.kind === 'invalid' ? { status: 400, page: errorPage(request.webUser, 'Authorization failed', sentence(error.message)) } : null;

  /** Checks the parameters; answers the error page or error redirect itself and returns null then. */
  const checked = async (fields: AuthorizationFields, request: FastifyRequest, reply: FastifyReply): Promise<AuthorizationRequest | null> => {
    const result = await check.execute(authorizationParams(fields));
    if (result.kind === 'valid') return result.request;
    if (result.kind === 'page_error') await sendPage(reply, 400, errorPage(request.webUser, 'Authorization failed', result.message));
    else await seeOther(reply, errorRedirect(result.error, issuer));
    return null;
  };

  pages.get(PATH, { schema: { querystring: AuthorizeQuery }, config: { formErrorPage: unreadable } }, async (request, reply) => {
    const authorization = await checked(request.query, request, reply);
    if (authorization === null) return reply;
    const user = request.webUser;
    if (user === null) {
      const reason = `Log in to let ${authorization.client.name} use your Place Notes account.`;
      return sendPage(reply, 200, logInPage({ csrf: reply.csrfToken(), next: request.url, reason }));
    }
    return sendPage(reply, 200, consentPage(user, reply.csrfToken(), authorization));
  });

  pages.post(PATH, {
    schema: { body: ConsentForm }, preHandler: scope.csrfProtection, config: { formErrorPage: unreadable },
  }, async (request, reply) => {
    const authorization = await checked(request.body, request, reply);
    if (authorization === null) return reply;
    const user = request.webUser;
    // The session ended while the consent page was open: start again from the log-in form.
    if (user === null) return seeOther(reply, `${PATH}?${new URLSearchParams(requestParams(authorization)).toString()}`);
    const { redirectUri, state } = authorization;
    if (request.body.decision !== 'allow') {
      return seeOther(reply, errorRedirect({ redirectUri, error: 'access_denied', description: 'the user denied access', state }, issuer));
    }
    const scopes = grantedScopes(authorization.scopes, [request.body.grant ?? []].flat());
    if (authorization.responseType === 'token') {
      const issued = await issueImplicitToken.execute(authorization.client.id, user.id, scopes);
      return seeOther(reply, redirectTo(redirectUri, {
        access_token: issued.accessToken,
        token_type: 'bearer',
        scope: issued.scope,
        expires_in: issued.lifetimeS === null ? null : String(issued.lifetimeS),
        state,
        iss: issuer,
      }));
    }
    const { code } = await issueCode.execute({
      clientId: authorization.client.id,
      userId: user.id,
      redirectUri,
      scopes,
      codeChallenge: authorization.codeChallenge,
      codeChallengeMethod: authorization.codeChallengeMethod,
    });
    return seeOther(reply, redirectTo(redirectUri, { code, state, iss: issuer }));
  });
}

type AuthorizationFields = Static<typeof AuthorizeQuery>;

/** The parameters of a checked request, to start the flow again after the session ended. */
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

function errorRedirect(error: Omit<RedirectedError, 'error'> & { error: RedirectedError['error'] | 'access_denied' }, issuer: string): string {
  return redirectTo(error.redirectUri, { error: error.error, error_description: error.description, state: error.state, iss: issuer });
}

/** The request's parameters as the use case reads them; `redirect_url` is another name for `redirect_uri`. */
function authorizationParams(fields: AuthorizationFields): AuthorizationParams {
  if (fields.redirect_uri !== undefined && fields.redirect_url !== undefined && fields.redirect_uri !== fields.redirect_url) {
    throw new DomainError('invalid', 'the parameters redirect_uri and redirect_url name different addresses');
  }
  return {
    clientId: fields.client_id,
    redirectUri: fields.redirect_uri ?? fields.redirect_url,
    responseType: fields.response_type,
    scope: fields.scope,
    state: fields.state,
    codeChallenge: fields.code_challenge,
    codeChallengeMethod: fields.code_challenge_method,
  };
}
