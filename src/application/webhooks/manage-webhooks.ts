import { randomBytes } from 'node:crypto';
import { inject, injectable } from 'tsyringe';
import { requireScope, type Actor } from '../../domain/actor';
import { DomainError } from '../../domain/domain-error';
import { parseAuthor } from '../../domain/note-query';
import { parseWebhookFields, type WebhookFields, type WebhookFilters } from '../../domain/webhook';
import { CLOCK, type Clock } from '../ports/clock';
import type { Page, PageRequest } from '../ports/paging';
import { NOTEMAP_VIEWS, type NotemapViews } from '../ports/notemap-views';
import { USER_VIEWS, type UserViews } from '../ports/user-views';
import { WEBHOOK_URL_CHECK, type WebhookUrlCheck } from '../ports/webhook-delivery';
import {
  WEBHOOK_SUBSCRIPTIONS, type WebhookAttemptRecord, type WebhookSubscription, type WebhookSubscriptions,
} from '../ports/webhook-store';
import { viewerOf } from '../viewer';

/** How many subscriptions one user may keep through one application. */
export const MAX_SUBSCRIPTIONS = 100;

/** The user and application a token speaks for: webhooks belong to both (scope `read`). */
function owner(actor: Actor): { userId: number; clientId: number } {
  const userId = requireScope(actor, 'read');
  if (actor.clientId === undefined || actor.clientId === null) {
    throw new DomainError('forbidden', 'webhooks belong to an application: use an access token issued to one');
  }
  return { userId, clientId: actor.clientId };
}

/** A new subscription, with the secret its deliveries are signed with (shown only now). */
export interface NewSubscription {
  subscription: WebhookSubscription;
  secret: string;
}

/**
 * Subscribes the token's user and application to events (docs/events.md): every bad field is named in one 400, the
 * URL's host must resolve to public addresses only (unless WEBHOOK_ALLOW_PRIVATE), the author and the notemap must
 * exist and be visible to the caller.
 */
@injectable()
export class SubscribeWebhook {
  constructor(
    @inject(WEBHOOK_SUBSCRIPTIONS) private readonly subscriptions: WebhookSubscriptions,
    @inject(WEBHOOK_URL_CHECK) private readonly urls: WebhookUrlCheck,
    @inject(USER_VIEWS) private readonly users: UserViews,
    @inject(NOTEMAP_VIEWS) private readonly notemaps: NotemapViews,
    @inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(actor: Actor, fields: WebhookFields & { author?: string }): Promise<NewSubscription> {
    const { userId, clientId } = owner(actor);
    const parsed = parseWebhookFields(fields);
    const filters: WebhookFilters = { ...parsed.filters };
    const problems: { name: string; problem: string }[] = [];
    const urlProblem = await this.urls.problem(parsed.url);
    if (urlProblem !== null) problems.push({ name: 'url', problem: urlProblem });
    const viewer = viewerOf(actor);
    if (fields.author !== undefined) {
      const ref = parseAuthor(String(fields.author));
      const author = ref === null ? null : 'id' in ref ? await this.users.get(viewer, ref.id) : await this.users.getByUsername(viewer, ref.username);
      if (author === null) problems.push({ name: 'author', problem: 'names no user (give an id or a username)' });
      else filters.authorId = author.id;
    }
    if (filters.notemapId !== undefined && await this.notemaps.get(viewer, filters.notemapId) === null) {
      problems.push({ name: 'notemap_id', problem: 'names no notemap' });
    }
    if (problems.length > 0) throw DomainError.invalid(problems);
    if ((await this.subscriptions.ofUserAndClient(userId, clientId)).length >= MAX_SUBSCRIPTIONS) {
      throw new DomainError('forbidden', `a user keeps at most ${MAX_SUBSCRIPTIONS} webhooks per application: delete one first`);
    }
    const secret = `whsec_${randomBytes(32).toString('base64')}`;
    const subscription = await this.subscriptions.create({
      userId, clientId, url: parsed.url, events: parsed.events, filters, scopes: [...actor.scopes], secret, createdAt: this.clock.now(),
    });
    return { subscription, secret };
  }
}

/** The subscriptions of the token's user and application, oldest first. */
@injectable()
export class ListWebhooks {
  constructor(@inject(WEBHOOK_SUBSCRIPTIONS) private readonly subscriptions: WebhookSubscriptions) {}

  execute(actor: Actor): Promise<WebhookSubscription[]> {
    const { userId, clientId } = owner(actor);
    return this.subscriptions.ofUserAndClient(userId, clientId);
  }
}

/** One subscription of the token's user and application; another's is 404, as if it did not exist. */
@injectable()
export class GetWebhook {
  constructor(@inject(WEBHOOK_SUBSCRIPTIONS) private readonly subscriptions: WebhookSubscriptions) {}

  async execute(actor: Actor, id: number): Promise<WebhookSubscription> {
    const { userId, clientId } = owner(actor);
    const subscription = await this.subscriptions.get(id);
    if (subscription === null || subscription.userId !== userId || subscription.clientId !== clientId) throw DomainError.notFound('webhook', id);
    return subscription;
  }
}

/** Ends a subscription of the token's user and application; its pending deliveries are dropped. */
@injectable()
export class DeleteWebhook {
  constructor(
    @inject(WEBHOOK_SUBSCRIPTIONS) private readonly subscriptions: WebhookSubscriptions,
    @inject(GetWebhook) private readonly get: GetWebhook,
  ) {}

  async execute(actor: Actor, id: number): Promise<void> {
    await this.get.execute(actor, id);
    if (!await this.subscriptions.delete(id)) throw DomainError.notFound('webhook', id);
  }
}

/** The attempts to deliver to one subscription of the token's user and application, newest first, a page at a time. */
@injectable()
export class ListWebhookDeliveries {
  constructor(
    @inject(WEBHOOK_SUBSCRIPTIONS) private readonly subscriptions: WebhookSubscriptions,
    @inject(GetWebhook) private readonly get: GetWebhook,
  ) {}

  async execute(actor: Actor, id: number, page: PageRequest): Promise<Page<WebhookAttemptRecord>> {
    await this.get.execute(actor, id);
    return this.subscriptions.attemptPage(id, page);
  }
}

/** What the owner of some applications sees of them: every subscription made through each, with its latest attempts. */
export interface ApplicationWebhooks {
  subscription: WebhookSubscription;
  attempts: WebhookAttemptRecord[];
}

/** For the applications page: the subscriptions made through these applications (the caller owns them), each with its last attempts. */
@injectable()
export class ListApplicationWebhooks {
  constructor(@inject(WEBHOOK_SUBSCRIPTIONS) private readonly subscriptions: WebhookSubscriptions) {}

  async execute(clientIds: readonly number[], attemptsEach: number): Promise<ApplicationWebhooks[]> {
    const subscriptions = await this.subscriptions.ofClients(clientIds);
    const attempts = await this.subscriptions.latestAttempts(subscriptions.map((s) => s.id), attemptsEach);
    return subscriptions.map((subscription) => ({ subscription, attempts: attempts.get(subscription.id) ?? [] }));
  }
}
