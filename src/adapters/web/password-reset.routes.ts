import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DependencyContainer } from 'tsyringe';
import { RequestPasswordReset } from '../../application/accounts/request-password-reset';
import { ResetPassword } from '../../application/accounts/reset-password';
import { CONFIG, type Config } from '../../config-types';
import type { DomainError } from '../../domain/domain-error';
import { shapedAs } from '../page-kit/forms';
import type { FormErrorPage } from '../page-kit/web-errors';
import { seeOther, sendPage } from '../page-kit/web-response';
import { clearSessionCookie, secureCookies } from '../page-kit/web-session';
import { deadLinkPage } from './account-link.page';
import { ForgotPasswordForm, ResetPasswordForm, TokenQuery } from './account-mail.schemas';
import { forgotPasswordPage, resetRequestedPage } from './forgot-password.page';
import { passwordResetDonePage, resetPasswordPage } from './reset-password.page';

/**
 * "Forgot your password?": `/forgot-password` answers every name with the same redirect to the same page (the mail is
 * queued, never sent, in the request), and `/reset-password?token=…` sets a new password once, within the hour.
 */
export function registerPasswordResetRoutes(scope: FastifyInstance, container: DependencyContainer): void {
  const config = container.resolve<Config>(CONFIG);
  const requestReset = container.resolve(RequestPasswordReset);
  const resetPassword = container.resolve(ResetPassword);
  const pages = scope.withTypeProvider<TypeBoxTypeProvider>();

  pages.get('/forgot-password', async (request, reply) => sendPage(reply, 200, forgotPasswordPage(request.webUser, reply.csrfToken())));

  pages.post('/forgot-password', { schema: { body: ForgotPasswordForm }, preHandler: scope.csrfProtection }, async (request, reply) => {
    await requestReset.execute(request.body.login ?? '');
    return seeOther(reply, '/forgot-password/sent');
  });

  pages.get('/forgot-password/sent', async (request, reply) => sendPage(reply, 200, resetRequestedPage(request.webUser)));

  pages.get('/reset-password', { schema: { querystring: TokenQuery } }, async (request, reply) => {
    const token = request.query.token ?? '';
    const status = token === '' ? 'unknown' : await resetPassword.check(token);
    if (status !== 'valid') {
      const dead = deadLinkPage(request.webUser, status, 'reset');
      return sendPage(reply, dead.status, dead.page);
    }
    return sendPage(reply, 200, resetPasswordPage(request.webUser, reply.csrfToken(), token));
  });

  /** The form again with what is wrong with the new password (400). */
  const resetAgain = (error: DomainError, request: FastifyRequest, reply: FastifyReply): FormErrorPage | null => {
    if (error.kind !== 'invalid') return null;
    const form = shapedAs(ResetPasswordForm, request.body);
    const problems = error.details.fields?.map((f) => `The new ${f.name} ${f.problem}.`) ?? [error.message];
    return { status: 400, page: resetPasswordPage(request.webUser, reply.csrfToken(), form?.token ?? '', problems) };
  };

  pages.post('/reset-password', {
    schema: { body: ResetPasswordForm }, preHandler: scope.csrfProtection, config: { formErrorPage: resetAgain },
  }, async (request, reply) => {
    const token = request.body.token ?? '';
    const result = token === '' ? { kind: 'unknown' as const } : await resetPassword.execute(token, request.body.password ?? '');
    if (result.kind !== 'reset') {
      const dead = deadLinkPage(request.webUser, result.kind, 'reset');
      return sendPage(reply, dead.status, dead.page);
    }
    // Every session of the account ended, this browser's too (if it was signed in to it).
    if (request.webUser?.id === result.userId) clearSessionCookie(reply, secureCookies(request, config.publicUrl));
    return seeOther(reply, '/reset-password/done');
  });

  pages.get('/reset-password/done', async (_request, reply) => sendPage(reply, 200, passwordResetDonePage()));
}
