import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DependencyContainer } from 'tsyringe';
import { ChangeEmail } from '../../application/accounts/change-email';
import { ChangePassword } from '../../application/accounts/change-password';
import { EmailStatus } from '../../application/accounts/email-status';
import type { SessionUser } from '../../application/accounts/find-session-user';
import { EndOtherSessions, EndSession } from '../../application/accounts/end-sessions';
import { ReadSecuritySettings } from '../../application/accounts/security-settings';
import { TurnOffTwoStep } from '../../application/accounts/turn-off-two-step';
import { NewTwoStepKey, TurnOnTwoStep } from '../../application/accounts/turn-on-two-step';
import { CONFIG, type Config } from '../../config-types';
import type { DomainError } from '../../domain/domain-error';
import { shapedAs } from '../page-kit/forms';
import type { FormErrorPage } from '../page-kit/web-errors';
import { seeOther, sendPage } from '../page-kit/web-response';
import { secureCookies, SESSION_COOKIE } from '../page-kit/web-session';
import { ChangeEmailForm, SecurityPageQuery } from './account-mail.schemas';
import { CsrfOnlyForm } from './accounts.schemas';
import type { EmailChangeSection } from './components/email-change-section';
import { qrCode } from './components/qr-code';
import { SECURITY_PAGE, securityPage, twoStepSetupPage, type SecurityProblems } from './security-settings.page';
import { ChangePasswordForm, SessionParams, TurnOffTwoStepForm, TurnOnTwoStepForm } from './security-settings.schemas';

/**
 * Carries the new recovery codes across the 303 to the page that shows them, once; the server keeps only their
 * hashes. The cookie lives in the browser that turned two-step sign-in on, for a minute at most.
 */
const CODES_COOKIE = 'pn_recovery_codes';
const CODES_MAX_AGE_S = 60;

const LABELS: Record<string, string> = {
  current_password: 'Current password', new_password: 'New password', password: 'Password', code: 'Code', key: 'Key',
};

/** `/settings/security`: change the password and the e-mail address, see and sign out browsers, turn two-step sign-in on and off. */
export function registerSecuritySettingsRoutes(scope: FastifyInstance, container: DependencyContainer): void {
  const config = container.resolve<Config>(CONFIG);
  const read = container.resolve(ReadSecuritySettings);
  const changePassword = container.resolve(ChangePassword);
  const endSession = container.resolve(EndSession);
  const endOthers = container.resolve(EndOtherSessions);
  const newKey = container.resolve(NewTwoStepKey);
  const turnOn = container.resolve(TurnOnTwoStep);
  const turnOff = container.resolve(TurnOffTwoStep);
  const changeEmail = container.resolve(ChangeEmail);
  const emailStatus = container.resolve(EmailStatus);
  const pages = scope.withTypeProvider<TypeBoxTypeProvider>();
  const logInFirst = (reply: FastifyReply, path = SECURITY_PAGE) => seeOther(reply, `/login?next=${encodeURIComponent(path)}`);
  const sessionToken = (request: FastifyRequest) => request.cookies[SESSION_COOKIE] ?? '';

  /** The e-mail section's data: the address now, and what a change just asked left to show. */
  const emailOf = async (userId: number, shown: Omit<EmailChangeSection, 'csrf' | 'email' | 'verified'> = {}) =>
    ({ ...await emailStatus.execute(userId), ...shown });
  const page = async (reply: FastifyReply, status: number, user: SessionUser, extra: { problems?: SecurityProblems; email?: Omit<EmailChangeSection, 'csrf' | 'email' | 'verified'> } = {}) =>
    sendPage(reply, status, securityPage({
      user, csrf: reply.csrfToken(), currentSessionId: user.sessionId, settings: await read.execute(user.id),
      email: await emailOf(user.id, extra.email), problems: extra.problems ?? null,
    }));

  /** The page again with a form's problems (400), for the forms that name them. */
  const again = (form: SecurityProblems['form']) => async (error: DomainError, request: FastifyRequest, reply: FastifyReply): Promise<FormErrorPage | null> => {
    const user = request.webUser;
    if ((error.kind !== 'invalid' && error.kind !== 'conflict') || user === null) return null;
    const problems = error.details.fields?.map((f) => `${LABELS[f.name] ?? f.name} ${f.problem}.`) ?? [error.message];
    return {
      status: error.kind === 'conflict' ? 409 : 400,
      page: securityPage({
        user, csrf: reply.csrfToken(), currentSessionId: user.sessionId, settings: await read.execute(user.id), email: await emailOf(user.id), problems: { form, problems },
      }),
    };
  };
  const throttled = (reply: FastifyReply, user: SessionUser, form: SecurityProblems['form'], retryAfterS: number) => {
    reply.header('retry-after', String(retryAfterS));
    const minutes = Math.ceil(retryAfterS / 60);
    return page(reply, 429, user, { problems: { form, problems: [`Too many wrong tries for this account. Try again in ${minutes === 1 ? '1 minute' : `${minutes} minutes`}.`] } });
  };

  pages.get(SECURITY_PAGE, { schema: { querystring: SecurityPageQuery } }, async (request, reply) => {
    const user = request.webUser;
    if (user === null) return logInFirst(reply);
    const fresh = request.cookies[CODES_COOKIE];
    if (fresh !== undefined) reply.clearCookie(CODES_COOKIE, { path: SECURITY_PAGE, secure: secureCookies(request, config.publicUrl) });
    const settings = await read.execute(user.id);
    const recoveryCodes = fresh !== undefined && settings.twoStep !== null ? fresh.split('.').filter((c) => /^[a-z2-7-]{19}$/u.test(c)) : null;
    const email = await emailOf(user.id, { linkSent: request.query['email-change'] === 'sent' });
    return sendPage(reply, 200, securityPage({ user, csrf: reply.csrfToken(), currentSessionId: user.sessionId, settings, email, recoveryCodes }));
  });

  /** The page again with the e-mail section showing what is wrong (a wrong password, a taken address: 400). */
  const changeEmailAgain = async (error: DomainError, request: FastifyRequest, reply: FastifyReply): Promise<FormErrorPage | null> => {
    const user = request.webUser;
    if (error.kind !== 'invalid' || user === null) return null;
    const form = shapedAs(ChangeEmailForm, request.body);
    const problems = error.details.fields?.map((f) => `${f.name === 'email' ? 'The new e-mail address' : 'The password'} ${f.problem}.`) ?? [error.message];
    return {
      status: 400,
      page: securityPage({
        user, csrf: reply.csrfToken(), currentSessionId: user.sessionId, settings: await read.execute(user.id),
        email: await emailOf(user.id, { values: { email: form?.email ?? '' }, problems }),
      }),
    };
  };

  pages.post(`${SECURITY_PAGE}/email`, {
    schema: { body: ChangeEmailForm }, preHandler: scope.csrfProtection, config: { formErrorPage: changeEmailAgain },
  }, async (request, reply) => {
    const user = request.webUser;
    if (user === null) return logInFirst(reply);
    const result = await changeEmail.execute(user.id, { email: request.body.email ?? '', password: request.body.password ?? '' });
    if (result.kind !== 'link_sent') {
      reply.header('retry-after', String(result.retryAfterS));
      const minutes = Math.ceil(result.retryAfterS / 60);
      const later = `Try again in ${minutes === 1 ? '1 minute' : `${minutes} minutes`}.`;
      const problem = result.kind === 'throttled'
        ? `Too many wrong passwords for this account. ${later}`
        : `You asked to change the address 3 times in the last hour, which is as many as we send links for. ${later}`;
      return page(reply, 429, user, { email: { problems: [problem] } });
    }
    return seeOther(reply, `${SECURITY_PAGE}?email-change=sent#email`);
  });

  pages.post(`${SECURITY_PAGE}/password`, {
    schema: { body: ChangePasswordForm }, preHandler: scope.csrfProtection, config: { formErrorPage: again('password') },
  }, async (request, reply) => {
    const user = request.webUser;
    if (user === null) return logInFirst(reply);
    const result = await changePassword.execute(user.id, sessionToken(request), request.body.current_password ?? '', request.body.new_password ?? '');
    if (result.kind === 'throttled') return throttled(reply, user, 'password', result.retryAfterS);
    return seeOther(reply, SECURITY_PAGE);
  });

  pages.post(`${SECURITY_PAGE}/sessions/:id/sign-out`, {
    schema: { params: SessionParams, body: CsrfOnlyForm }, preHandler: scope.csrfProtection,
  }, async (request, reply) => {
    const user = request.webUser;
    if (user === null) return logInFirst(reply);
    await endSession.execute(user.id, Number(request.params.id));
    return seeOther(reply, SECURITY_PAGE);
  });

  pages.post(`${SECURITY_PAGE}/sessions/sign-out-others`, { schema: { body: CsrfOnlyForm }, preHandler: scope.csrfProtection }, async (request, reply) => {
    const user = request.webUser;
    if (user === null) return logInFirst(reply);
    await endOthers.execute(user.id, sessionToken(request));
    return seeOther(reply, SECURITY_PAGE);
  });

  const TWO_STEP = `${SECURITY_PAGE}/two-step`;
  pages.get(TWO_STEP, async (request, reply) => {
    const user = request.webUser;
    if (user === null) return logInFirst(reply, TWO_STEP);
    if ((await read.execute(user.id)).twoStep !== null) return seeOther(reply, SECURITY_PAGE);
    const { key, uri } = newKey.execute(user.username);
    return sendPage(reply, 200, twoStepSetupPage(user, reply.csrfToken(), { key, qr: qrCode(uri, 'QR code of the key for your authenticator app') }));
  });

  /** The set-up page again, with the same key, and what is wrong with the code. */
  const setupAgain = (error: DomainError, request: FastifyRequest, reply: FastifyReply): FormErrorPage | null => {
    const user = request.webUser;
    const key = shapedAs(TurnOnTwoStepForm, request.body)?.key;
    if (error.kind !== 'invalid' || user === null || key === undefined || error.details.fields?.some((f) => f.name === 'key') !== false) return null;
    const problems = error.details.fields.map((f) => `${LABELS[f.name] ?? f.name} ${f.problem}.`);
    const qr = qrCode(newKey.uriOf(key, user.username), 'QR code of the key for your authenticator app');
    return { status: 400, page: twoStepSetupPage(user, reply.csrfToken(), { key, qr, problems }) };
  };

  pages.post(TWO_STEP, {
    schema: { body: TurnOnTwoStepForm }, preHandler: scope.csrfProtection, config: { formErrorPage: setupAgain },
  }, async (request, reply) => {
    const user = request.webUser;
    if (user === null) return logInFirst(reply, TWO_STEP);
    const { recoveryCodes } = await turnOn.execute(user.id, request.body.key ?? '', request.body.code ?? '');
    reply.setCookie(CODES_COOKIE, recoveryCodes.join('.'), {
      path: SECURITY_PAGE, httpOnly: true, sameSite: 'strict', secure: secureCookies(request, config.publicUrl), maxAge: CODES_MAX_AGE_S,
    });
    return seeOther(reply, SECURITY_PAGE);
  });

  pages.post(`${TWO_STEP}/off`, {
    schema: { body: TurnOffTwoStepForm }, preHandler: scope.csrfProtection, config: { formErrorPage: again('two-step-off') },
  }, async (request, reply) => {
    const user = request.webUser;
    if (user === null) return logInFirst(reply);
    const result = await turnOff.execute(user.id, request.body.password ?? '', request.body.code ?? '');
    if (result.kind === 'throttled') return throttled(reply, user, 'two-step-off', result.retryAfterS);
    return seeOther(reply, SECURITY_PAGE);
  });
}
