import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { DependencyContainer } from 'tsyringe';
import { ResendVerification } from '../../application/accounts/resend-verification';
import { VerifyEmail } from '../../application/accounts/verify-email';
import { seeOther, sendPage } from '../page-kit/web-response';
import { deadLinkPage, emailTakenPage, emailVerifiedPage, tooManyLinksPage, verifyEmailPage } from './account-link.page';
import { TokenQuery, VerifyEmailForm } from './account-mail.schemas';
import { CsrfOnlyForm } from './accounts.schemas';

const APPLICATIONS = '/settings/applications';

/**
 * E-mail verification: `/verify-email` (no sign-in needed: the link is the proof) and sending the link again from
 * the applications page (3 an hour). The change of address is a form of `/settings/security`.
 */
export function registerEmailVerificationRoutes(scope: FastifyInstance, container: DependencyContainer): void {
  const verifyEmail = container.resolve(VerifyEmail);
  const resend = container.resolve(ResendVerification);
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
}
