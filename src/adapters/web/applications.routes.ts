import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DependencyContainer } from 'tsyringe';
import { EmailStatus } from '../../application/accounts/email-status';
import { ListApplications } from '../../application/accounts/list-applications';
import { RegenerateClientSecret } from '../../application/accounts/regenerate-client-secret';
import { SetClientSideFlow } from '../../application/accounts/set-client-side-flow';
import { CreateClient } from '../../application/auth/create-client';
import type { OAuthClient } from '../../application/auth/oauth-client';
import { GetUser } from '../../application/users/get-user';
import { ListApplicationWebhooks } from '../../application/webhooks/manage-webhooks';
import { CONFIG, type Config } from '../../config-types';
import { sessionActor } from '../../domain/actor';
import { DomainError } from '../../domain/domain-error';
import { shapedAs } from '../page-kit/forms';
import type { FormErrorPage } from '../page-kit/web-errors';
import { seeOther, sendPage } from '../page-kit/web-response';
import { secureCookies } from '../page-kit/web-session';
import {
  applicationsPage, ATTEMPTS_SHOWN, type ApplicationWebhook, type ApplicationWebhooksView, type FreshCredentials,
} from './applications.page';
import { CsrfOnlyForm } from './accounts.schemas';
import { ClientIdParams, ClientSideFlowForm, RegisterApplicationForm, VerificationQuery } from './applications.schemas';

const PAGE = '/settings/applications';
/**
 * Carries a new secret across the 303 to the page that shows it, once. The server never stores the
 * secret itself: the cookie lives in the browser that registered the application, for a minute at most.
 */
const FRESH_COOKIE = 'pn_new_client';
const FRESH_MAX_AGE_S = 60;

/**
 * `/settings/applications`: register an application, see client ids, regenerate a secret, turn the client-side flow on or off,
 * and see the webhooks made through each application (by any of its users) with their latest deliveries.
 */
export function registerApplicationRoutes(scope: FastifyInstance, container: DependencyContainer): void {
  const config = container.resolve<Config>(CONFIG);
  const listApplications = container.resolve(ListApplications);
  const createClient = container.resolve(CreateClient);
  const regenerate = container.resolve(RegenerateClientSecret);
  const setClientSideFlow = container.resolve(SetClientSideFlow);
  const listApplicationWebhooks = container.resolve(ListApplicationWebhooks);
  const getUser = container.resolve(GetUser);
  const emailStatus = container.resolve(EmailStatus);
  const emailOf = async (userId: number, linkSent = false) => {
    const status = await emailStatus.execute(userId);
    return { address: status.email, verified: status.verified, linkSent };
  };
  const secure = (request: FastifyRequest) => secureCookies(request, config.publicUrl);
  const remember = (request: FastifyRequest, reply: FastifyReply, fresh: FreshCredentials) => {
    reply.setCookie(FRESH_COOKIE, `${fresh.clientId}.${fresh.clientSecret ?? ''}`, {
      path: PAGE, httpOnly: true, sameSite: 'strict', secure: secure(request), maxAge: FRESH_MAX_AGE_S,
    });
  };

  const pages = scope.withTypeProvider<TypeBoxTypeProvider>();

  /** The webhooks of the member's applications, and the usernames of the users they name (who made them, the authors they filter by). */
  const webhooksOf = async (userId: number, applications: readonly OAuthClient[]): Promise<ApplicationWebhooksView> => {
    const found = applications.length === 0 ? [] : await listApplicationWebhooks.execute(applications.map((a) => a.id), ATTEMPTS_SHOWN);
    const byClient = new Map<number, ApplicationWebhook[]>();
    const userIds = new Set<number>();
    for (const webhook of found) {
      const { clientId, userId: maker, filters } = webhook.subscription;
      const ofClient = byClient.get(clientId) ?? [];
      ofClient.push(webhook);
      byClient.set(clientId, ofClient);
      userIds.add(maker);
      if (filters.authorId !== undefined) userIds.add(filters.authorId);
    }
    const actor = sessionActor(userId);
    const usernames = new Map<number, string>();
    await Promise.all([...userIds].map(async (id) => {
      try {
        usernames.set(id, (await getUser.execute(actor, { id })).username);
      } catch (error) {
        // A user deleted since: the page says so rather than failing.
        if (!(error instanceof DomainError) || error.kind !== 'not_found') throw error;
      }
    }));
    return { byClient, usernames };
  };

  /** The registration form again, with what was typed and what is wrong with it. */
  const registerAgain = async (error: DomainError, request: FastifyRequest, reply: FastifyReply): Promise<FormErrorPage | null> => {
    const user = request.webUser;
    if (error.kind !== 'invalid' || user === null) return null;
    const form = shapedAs(RegisterApplicationForm, request.body);
    const values = {
      name: form?.name ?? '', redirectUris: form?.redirect_uris ?? '', isPublic: form?.public !== undefined, allowImplicit: form?.allow_implicit !== undefined,
    };
    const problems = error.details.fields?.map((f) => `${FIELD_LABELS[f.name] ?? f.name}: ${f.problem}.`) ?? [error.message];
    const applications = await listApplications.execute(user.id);
    const webhooks = await webhooksOf(user.id, applications);
    return { status: 400, page: applicationsPage({ user, csrf: reply.csrfToken(), applications, webhooks, fresh: null, values, problems, email: await emailOf(user.id) }) };
  };

  pages.get(PAGE, { schema: { querystring: VerificationQuery } }, async (request, reply) => {
    const user = request.webUser;
    if (user === null) return seeOther(reply, `/login?next=${encodeURIComponent(PAGE)}`);
    const applications = await listApplications.execute(user.id);
    const fresh = readFresh(request.cookies[FRESH_COOKIE], applications.map((a) => a.clientId));
    if (request.cookies[FRESH_COOKIE] !== undefined) reply.clearCookie(FRESH_COOKIE, { path: PAGE, secure: secure(request) });
    const webhooks = await webhooksOf(user.id, applications);
    const email = await emailOf(user.id, request.query.verification === 'sent');
    return sendPage(reply, 200, applicationsPage({ user, csrf: reply.csrfToken(), applications, webhooks, fresh, email }));
  });

  pages.post(PAGE, {
    schema: { body: RegisterApplicationForm }, preHandler: scope.csrfProtection, config: { formErrorPage: registerAgain },
  }, async (request, reply) => {
    const user = request.webUser;
    if (user === null) return seeOther(reply, `/login?next=${encodeURIComponent(PAGE)}`);
    const email = await emailOf(user.id);
    // An unverified account registers no application on the web (the CLI may); the page says why and offers a new link.
    if (!email.verified) {
      const applications = await listApplications.execute(user.id);
      const webhooks = await webhooksOf(user.id, applications);
      return sendPage(reply, 403, applicationsPage({ user, csrf: reply.csrfToken(), applications, webhooks, fresh: null, email }));
    }
    const form = request.body;
    const created = await createClient.execute({
      ownerId: user.id,
      name: form.name ?? '',
      redirectUris: (form.redirect_uris ?? '').split(/\s+/u).filter((uri) => uri !== ''),
      public: form.public !== undefined,
      allowImplicit: form.allow_implicit !== undefined,
    });
    remember(request, reply, created);
    return seeOther(reply, PAGE);
  });

  pages.post(`${PAGE}/:clientId/secret`, {
    schema: { params: ClientIdParams, body: CsrfOnlyForm }, preHandler: scope.csrfProtection,
  }, async (request, reply) => {
    const user = request.webUser;
    if (user === null) return seeOther(reply, `/login?next=${encodeURIComponent(PAGE)}`);
    remember(request, reply, await regenerate.execute(user.id, request.params.clientId));
    return seeOther(reply, PAGE);
  });

  pages.post(`${PAGE}/:clientId/client-side`, {
    schema: { params: ClientIdParams, body: ClientSideFlowForm }, preHandler: scope.csrfProtection,
  }, async (request, reply) => {
    const user = request.webUser;
    if (user === null) return seeOther(reply, `/login?next=${encodeURIComponent(PAGE)}`);
    await setClientSideFlow.execute(user.id, request.params.clientId, request.body.allow === 'on');
    return seeOther(reply, PAGE);
  });
}

/** How the registration form names the fields the use case and the schema report. */
const FIELD_LABELS: Record<string, string> = {
  name: 'Name', redirect_uri: 'Redirect URIs', redirect_uris: 'Redirect URIs', public: 'Public client', allow_implicit: 'Allow the client-side flow',
};

/** The fresh credentials the cookie carries, when they name one of the member's own applications. */
function readFresh(cookie: string | undefined, own: readonly string[]): FreshCredentials | null {
  if (cookie === undefined) return null;
  const dot = cookie.indexOf('.');
  if (dot <= 0) return null;
  const clientId = cookie.slice(0, dot);
  const secret = cookie.slice(dot + 1);
  return own.includes(clientId) ? { clientId, clientSecret: secret === '' ? null : secret } : null;
}
