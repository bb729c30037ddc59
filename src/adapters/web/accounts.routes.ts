import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DependencyContainer } from 'tsyringe';
import { LogIn } from '../../application/accounts/log-in';
import { LogOut } from '../../application/accounts/log-out';
import { SignUp } from '../../application/accounts/sign-up';
import { CONFIG, type Config } from '../../config-types';
import type { DomainError } from '../../domain/domain-error';
import { logInPage, logOutPage, signUpPage } from '../page-kit/account.pages';
import { sentence, shapedAs } from '../page-kit/forms';
import type { FormErrorPage } from '../page-kit/web-errors';
import { safeNext, seeOther, sendPage } from '../page-kit/web-response';
import { clearSessionCookie, secureCookies, SESSION_COOKIE, setSessionCookie } from '../page-kit/web-session';
import { CsrfOnlyForm, LogInForm, NextQuery, SignUpForm } from './accounts.schemas';
import { askForCode, originOf } from './two-step-sign-in.routes';

/** Where a member lands after signing up or logging in without a page to return to. */
export const HOME = '/settings/applications';

/** `/signup`, `/login`, `/logout`: the session cookie is set or cleared, and every POST answers 303. */
export function registerAccountRoutes(scope: FastifyInstance, container: DependencyContainer): void {
  const config = container.resolve<Config>(CONFIG);
  const signUp = container.resolve(SignUp);
  const logIn = container.resolve(LogIn);
  const logOut = container.resolve(LogOut);
  const pages = scope.withTypeProvider<TypeBoxTypeProvider>();

  /** The sign-up form again, with what was typed (never the password) and what is wrong with it. */
  const signUpAgain = (error: DomainError, request: FastifyRequest, reply: FastifyReply): FormErrorPage | null => {
    if (error.kind !== 'invalid' && error.kind !== 'conflict') return null;
    const form = shapedAs(SignUpForm, request.body);
    const problems = error.details.fields?.map((f) => `${label(f.name)} ${f.problem}.`) ?? [sentence(error.message)];
    const values = { username: form?.username ?? '', email: form?.email ?? '' };
    return { status: error.kind === 'conflict' ? 409 : 400, page: signUpPage({ csrf: reply.csrfToken(), next: safeNext(form?.next, config.publicUrl), values, problems }) };
  };

  /** The log-in form again: a wrong pair is one message, whichever part is wrong. */
  const logInAgain = (error: DomainError, request: FastifyRequest, reply: FastifyReply): FormErrorPage | null => {
    if (error.kind !== 'unauthenticated' && error.kind !== 'invalid') return null;
    const form = shapedAs(LogInForm, request.body);
    const problems = error.kind === 'invalid' ? error.details.fields?.map((f) => `${label(f.name)} ${f.problem}.`) ?? [sentence(error.message)] : [error.message];
    return { status: 400, page: logInPage({ csrf: reply.csrfToken(), next: safeNext(form?.next, config.publicUrl), login: form?.username ?? '', problems }) };
  };

  pages.get('/signup', { schema: { querystring: NextQuery } }, async (request, reply) =>
    sendPage(reply, 200, signUpPage({ csrf: reply.csrfToken(), next: safeNext(request.query.next, config.publicUrl) })));

  pages.post('/signup', {
    schema: { body: SignUpForm }, preHandler: scope.csrfProtection, config: { formErrorPage: signUpAgain },
  }, async (request, reply) => {
    const { username = '', email = '', password = '' } = request.body;
    const result = await signUp.execute({ username, email, password }, originOf(request));
    if (result.kind === 'throttled') {
      reply.header('retry-after', String(result.retryAfterS));
      const minutes = Math.ceil(result.retryAfterS / 60);
      const problems = [`Too many accounts were made from your address in the last hour. Try again in ${minutes === 1 ? '1 minute' : `${minutes} minutes`}.`];
      return sendPage(reply, 429, signUpPage({ csrf: reply.csrfToken(), next: safeNext(request.body.next, config.publicUrl), values: { username, email }, problems }));
    }
    const { session } = result;
    setSessionCookie(reply, session.token, secureCookies(request, config.publicUrl));
    // A new CSRF secret with the new session: one planted before sign-up is worthless after it.
    reply.rotateCsrf();
    return seeOther(reply, safeNext(request.body.next, config.publicUrl) ?? HOME);
  });

  pages.get('/login', { schema: { querystring: NextQuery } }, async (request, reply) =>
    sendPage(reply, 200, logInPage({ csrf: reply.csrfToken(), next: safeNext(request.query.next, config.publicUrl) })));

  pages.post('/login', {
    schema: { body: LogInForm }, preHandler: scope.csrfProtection, config: { formErrorPage: logInAgain },
  }, async (request, reply) => {
    const { username = '', password = '' } = request.body;
    const next = safeNext(request.body.next, config.publicUrl);
    const result = await logIn.execute(username, password, originOf(request));
    if (result.kind === 'throttled') {
      const problems = [`Too many failed log-in attempts for this account. Try again in ${minutes(result.retryAfterS)}.`];
      reply.header('retry-after', String(result.retryAfterS));
      return sendPage(reply, 429, logInPage({ csrf: reply.csrfToken(), next, login: username, problems }));
    }
    // Two-step sign-in on: the password opened a challenge, not a session.
    if (result.kind === 'code_needed') return askForCode(request, reply, result.challenge.token, next, config.publicUrl);
    // A fresh session id and CSRF secret at every log-in, so neither a planted session nor a planted secret survives it.
    setSessionCookie(reply, result.session.token, secureCookies(request, config.publicUrl));
    reply.rotateCsrf();
    return seeOther(reply, next ?? HOME);
  });

  pages.get('/logout', async (request, reply) => {
    if (request.webUser === null) return seeOther(reply, '/login');
    return sendPage(reply, 200, logOutPage(request.webUser, reply.csrfToken()));
  });

  pages.post('/logout', { schema: { body: CsrfOnlyForm }, preHandler: scope.csrfProtection }, async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) await logOut.execute(token);
    clearSessionCookie(reply, secureCookies(request, config.publicUrl));
    return seeOther(reply, '/login');
  });
}

const LABELS: Record<string, string> = { username: 'Username', email: 'Email', password: 'Password', name: 'Name' };

function label(name: string): string {
  return LABELS[name] ?? name;
}

function minutes(seconds: number): string {
  const m = Math.ceil(seconds / 60);
  return m === 1 ? '1 minute' : `${m} minutes`;
}
