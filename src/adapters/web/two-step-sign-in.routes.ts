import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DependencyContainer } from 'tsyringe';
import { CompleteSignIn } from '../../application/accounts/complete-sign-in';
import { SIGN_IN_CHALLENGE_S } from '../../application/accounts/log-in';
import type { SessionOrigin } from '../../application/accounts/start-session';
import { CONFIG, type Config } from '../../config-types';
import type { DomainError } from '../../domain/domain-error';
import { shapedAs } from '../page-kit/forms';
import type { FormErrorPage } from '../page-kit/web-errors';
import { safeNext, seeOther, sendPage } from '../page-kit/web-response';
import { secureCookies, setSessionCookie } from '../page-kit/web-session';
import { NextQuery } from './accounts.schemas';
import { SignInCodeForm } from './security-settings.schemas';
import { SIGN_IN_CODE_PAGE, signInCodePage } from './sign-in-code.page';

/** The challenge between the password and the code (decision `sign-in-challenge`); only the code's page reads it. */
const CHALLENGE_COOKIE = 'pn_sign_in';

/** Where a sign-in came from, for the list of signed-in browsers. */
export function originOf(request: FastifyRequest): SessionOrigin {
  return { userAgent: request.headers['user-agent'] ?? null, address: request.ip };
}

/** After a right password with two-step sign-in on: the challenge's cookie, and on to the code's page. */
export function askForCode(request: FastifyRequest, reply: FastifyReply, token: string, next: string | null, publicUrl: string): FastifyReply {
  reply.setCookie(CHALLENGE_COOKIE, token, {
    path: SIGN_IN_CODE_PAGE, httpOnly: true, sameSite: 'lax', secure: secureCookies(request, publicUrl), maxAge: SIGN_IN_CHALLENGE_S,
  });
  return seeOther(reply, next === null ? SIGN_IN_CODE_PAGE : `${SIGN_IN_CODE_PAGE}?next=${encodeURIComponent(next)}`);
}

/** `/login/code`: the code (or a recovery code) after the password; a right one signs the browser in. */
export function registerTwoStepSignInRoutes(scope: FastifyInstance, container: DependencyContainer, home: string): void {
  const config = container.resolve<Config>(CONFIG);
  const completeSignIn = container.resolve(CompleteSignIn);
  const pages = scope.withTypeProvider<TypeBoxTypeProvider>();
  const startAgain = (reply: FastifyReply, next: string | null) => seeOther(reply, next === null ? '/login' : `/login?next=${encodeURIComponent(next)}`);

  pages.get(SIGN_IN_CODE_PAGE, { schema: { querystring: NextQuery } }, async (request, reply) => {
    const next = safeNext(request.query.next, config.publicUrl);
    if (request.cookies[CHALLENGE_COOKIE] === undefined) return startAgain(reply, next);
    return sendPage(reply, 200, signInCodePage(reply.csrfToken(), next));
  });

  /** The code's page again: a wrong code is 400. */
  const codeAgain = (error: DomainError, request: FastifyRequest, reply: FastifyReply): FormErrorPage | null => {
    if (error.kind !== 'invalid') return null;
    const next = safeNext(shapedAs(SignInCodeForm, request.body)?.next, config.publicUrl);
    return { status: 400, page: signInCodePage(reply.csrfToken(), next, ['That code is not right, or it was used already. Try the next code your app shows.']) };
  };

  pages.post(SIGN_IN_CODE_PAGE, {
    schema: { body: SignInCodeForm }, preHandler: scope.csrfProtection, config: { formErrorPage: codeAgain },
  }, async (request, reply) => {
    const next = safeNext(request.body.next, config.publicUrl);
    const result = await completeSignIn.execute(request.cookies[CHALLENGE_COOKIE] ?? '', request.body.code ?? '', originOf(request));
    if (result.kind === 'expired') return startAgain(reply, next);
    if (result.kind === 'throttled') {
      const minutes = Math.ceil(result.retryAfterS / 60);
      reply.header('retry-after', String(result.retryAfterS));
      return sendPage(reply, 429, signInCodePage(reply.csrfToken(), next, [
        `Too many failed log-in attempts for this account. Try again in ${minutes === 1 ? '1 minute' : `${minutes} minutes`}.`,
      ]));
    }
    const secure = secureCookies(request, config.publicUrl);
    reply.clearCookie(CHALLENGE_COOKIE, { path: SIGN_IN_CODE_PAGE, httpOnly: true, sameSite: 'lax', secure });
    // As at every log-in: a fresh session id and CSRF secret.
    setSessionCookie(reply, result.session.token, secure);
    reply.rotateCsrf();
    return seeOther(reply, next ?? home);
  });
}
