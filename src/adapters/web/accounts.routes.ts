import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DependencyContainer } from 'tsyringe';
import { LogIn } from '../../application/accounts/log-in';
import { LogOut } from '../../application/accounts/log-out';
import { SignUp } from '../../application/accounts/sign-up';
import { CONFIG, type Config } from '../../config-types';
import { DomainError } from '../../domain/domain-error';
import { logInPage, logOutPage, signUpPage } from '../page-kit/account.pages';
import { field, safeNext, seeOther, sendPage } from '../page-kit/web-response';
import { clearSessionCookie, secureCookies, SESSION_COOKIE, setSessionCookie } from '../page-kit/web-session';

/** Where a member lands after signing up or logging in without a page to return to. */
export const HOME = '/settings/applications';

/** `/signup`, `/login`, `/logout`: the session cookie is set or cleared, and every POST answers 303. */
export function registerAccountRoutes(scope: FastifyInstance, container: DependencyContainer): void {
  const config = container.resolve<Config>(CONFIG);
  const signUp = container.resolve(SignUp);
  const logIn = container.resolve(LogIn);
  const logOut = container.resolve(LogOut);
  const csrf = (request: FastifyRequest, reply: FastifyReply) => reply.generateCsrf({ secure: secureCookies(request, config.publicUrl) });

  scope.get('/signup', async (request, reply) => {
    const next = safeNext(field(request.query, 'next'));
    return sendPage(reply, 200, signUpPage({ csrf: csrf(request, reply), next }));
  });

  scope.post('/signup', { preHandler: scope.csrfProtection }, async (request, reply) => {
    const next = safeNext(field(request.body, 'next'));
    const values = { username: field(request.body, 'username') ?? '', email: field(request.body, 'email') ?? '' };
    try {
      const { session } = await signUp.execute({ ...values, password: field(request.body, 'password') ?? '' });
      setSessionCookie(reply, session.token, secureCookies(request, config.publicUrl));
      return seeOther(reply, next ?? HOME);
    } catch (error) {
      if (!(error instanceof DomainError) || (error.kind !== 'invalid' && error.kind !== 'conflict')) throw error;
      const problems = error.details.fields?.map((f) => `${label(f.name)} ${f.problem}.`) ?? [conflictMessage(error.message)];
      return sendPage(reply, error.kind === 'conflict' ? 409 : 400, signUpPage({ csrf: csrf(request, reply), next, values, problems }));
    }
  });

  scope.get('/login', async (request, reply) => {
    const next = safeNext(field(request.query, 'next'));
    return sendPage(reply, 200, logInPage({ csrf: csrf(request, reply), next }));
  });

  scope.post('/login', { preHandler: scope.csrfProtection }, async (request, reply) => {
    const next = safeNext(field(request.body, 'next'));
    const login = field(request.body, 'username') ?? '';
    try {
      const { session } = await logIn.execute(login, field(request.body, 'password') ?? '');
      // A fresh session id at every log-in, so a planted cookie never becomes a signed-in one.
      setSessionCookie(reply, session.token, secureCookies(request, config.publicUrl));
      return seeOther(reply, next ?? HOME);
    } catch (error) {
      if (!(error instanceof DomainError) || error.kind !== 'unauthenticated') throw error;
      return sendPage(reply, 400, logInPage({ csrf: csrf(request, reply), next, login, problems: [error.message] }));
    }
  });

  scope.get('/logout', async (request, reply) => {
    if (request.webUser === null) return seeOther(reply, '/login');
    return sendPage(reply, 200, logOutPage(request.webUser, csrf(request, reply)));
  });

  scope.post('/logout', { preHandler: scope.csrfProtection }, async (request, reply) => {
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

function conflictMessage(message: string): string {
  const sentence = message.charAt(0).toUpperCase() + message.slice(1);
  return sentence.endsWith('.') ? sentence : `${sentence}.`;
}
