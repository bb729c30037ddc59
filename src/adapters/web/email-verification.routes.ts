import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DependencyContainer } from 'tsyringe';
import { ChangeEmail } from '../../application/accounts/change-email';
import { EmailStatus } from '../../application/accounts/email-status';
import { ResendVerification } from '../../application/accounts/resend-verification';
import { VerifyEmail } from '../../application/accounts/verify-email';
import type { DomainError } from '../../domain/domain-error';
import { shapedAs } from '../page-kit/forms';
import type { FormErrorPage } from '../page-kit/web-errors';
import { seeOther, sendPage } from '../page-kit/web-response';
import { deadLinkPage, emailTakenPage, emailVerifiedPage, tooManyLinksPage, verifyEmailPage } from './account-link.page';
import { ChangeEmailForm, TokenQuery, VerifyEmailForm } from './account-mail.schemas';
import { accountSettingsPage } from './account-settings.page';
import { CsrfOnlyForm } from './accounts.schemas';
import { emailChangeSection } from './components/email-change-section';

/** Where the e-mail change form lives for now (it moves to /settings/security with the security page). */
const SETTINGS = '/settings/account';
const APPLICATIONS = '/settings/applications';

/**
 * E-mail verification and the change of address: `/verify-email` (no sign-in needed: the link is the proof),
 * sending the link again from the applications page (3 an hour), and `POST /settings/security/email`.
 */
export function registerEmailVerificationRoutes(scope: FastifyInstance, container: DependencyContainer): void {
  const verifyEmail = container.resolve(VerifyEmail);
  const resend = container.resolve(ResendVerification);
  const changeEmail = container.resolve(ChangeEmail);
  const emailStatus = container.resolve(EmailStatus);
  const pages = scope.withTypeProvider<TypeBoxTypeProvider>();

  pages.get('/verify-email', { schema: { querystring: TokenQuery } }, async (request, reply) => {
    const token = request.query.token ?? '';
    const status = token === '' ? 'unknown' : await verifyEmail.check(token);
    if (status !== 'valid') {
      const dead = deadLinkPage(request.webUser, status, 'verify');
      return sendPage(reply, dead.status, dead.page);
    }
    return sendPage(reply, 200, verifyEmailPage(request.webUser, reply.csrfToken(), token));
  });

  pages.post('/verify-email', { schema: { body: VerifyEmailForm }, preHandler: scope.csrfProtection }, async (request, reply) => {
    const token = request.body.token ?? '';
    const result = token === '' ? { kind: 'unknown' as const } : await verifyEmail.execute(token);
    if (result.kind === 'verified') return seeOther(reply, '/email-verified');
    if (result.kind === 'taken') return sendPage(reply, 409, emailTakenPage(request.webUser));
    const dead = deadLinkPage(request.webUser, result.kind, 'verify');
    return sendPage(reply, dead.status, dead.page);
  });

  pages.get('/email-verified', async (request, reply) => sendPage(reply, 200, emailVerifiedPage(request.webUser)));

  pages.post(`${APPLICATIONS}/verification`, { schema: { body: CsrfOnlyForm }, preHandler: scope.csrfProtection }, async (request, reply) => {
    const user = request.webUser;
    if (user === null) return seeOther(reply, `/login?next=${encodeURIComponent(APPLICATIONS)}`);
    const result = await resend.execute(user.id);
    if (result.kind === 'throttled') {
      reply.header('retry-after', String(result.retryAfterS));
      return sendPage(reply, 429, tooManyLinksPage(user));
    }
    return seeOther(reply, result.kind === 'sent' ? `${APPLICATIONS}?verification=sent` : APPLICATIONS);
  });

  /** The account page again with the e-mail section showing what is wrong (a wrong password, a taken address: 400). */
  const changeAgain = async (error: DomainError, request: FastifyRequest, reply: FastifyReply): Promise<FormErrorPage | null> => {
    const user = request.webUser;
    if (error.kind !== 'invalid' || user === null) return null;
    const form = shapedAs(ChangeEmailForm, request.body);
    const problems = error.details.fields?.map((f) => `${f.name === 'email' ? 'The new e-mail address' : 'The password'} ${f.problem}.`) ?? [error.message];
    const status = await emailStatus.execute(user.id);
    const csrf = reply.csrfToken();
    const section = emailChangeSection({ csrf, ...status, values: { email: form?.email ?? '' }, problems });
    return { status: 400, page: accountSettingsPage(user, csrf, [], section) };
  };

  pages.post('/settings/security/email', {
    schema: { body: ChangeEmailForm }, preHandler: scope.csrfProtection, config: { formErrorPage: changeAgain },
  }, async (request, reply) => {
    const user = request.webUser;
    if (user === null) return seeOther(reply, `/login?next=${encodeURIComponent(SETTINGS)}`);
    const result = await changeEmail.execute(user.id, { email: request.body.email ?? '', password: request.body.password ?? '' });
    if (result.kind !== 'link_sent') {
      reply.header('retry-after', String(result.retryAfterS));
      const status = await emailStatus.execute(user.id);
      const csrf = reply.csrfToken();
      const minutes = Math.ceil(result.retryAfterS / 60);
      const later = `Try again in ${minutes === 1 ? '1 minute' : `${minutes} minutes`}.`;
      const problem = result.kind === 'throttled'
        ? `Too many wrong passwords for this account. ${later}`
        : `You asked to change the address 3 times in the last hour, which is as many as we send links for. ${later}`;
      return sendPage(reply, 429, accountSettingsPage(user, csrf, [], emailChangeSection({ csrf, ...status, problems: [problem] })));
    }
    return seeOther(reply, `${SETTINGS}?email-change=sent#email`);
  });
}
