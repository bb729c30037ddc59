import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { DependencyContainer } from 'tsyringe';
import type { WebhookAttemptRecord, WebhookSubscription } from '../../../application/ports/webhook-store';
import {
  DeleteWebhook, GetWebhook, ListWebhookDeliveries, ListWebhooks, MAX_SUBSCRIPTIONS, SubscribeWebhook,
} from '../../../application/webhooks/manage-webhooks';
import { WEBHOOK_EVENT_TYPES, webhookEventId, type WebhookFilters } from '../../../domain/webhook';
import { IdParams } from '../common.schemas';
import { EmptyEnvelope, ListEnvelope, SingleEnvelope, empty, list, single } from '../envelope';
import { parseId } from '../ids';
import { PagingQuery, pageBody, toPageRequest } from '../paging';

const unixSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

const Filters = Type.Object({
  bbox: Type.Optional(Type.String({ description: '`minLon,minLat,maxLon,maxLat`: only notes inside.' })),
  near: Type.Optional(Type.String({ description: '`lat,lon`: only notes within `radius` metres.' })),
  radius: Type.Optional(Type.Number()),
  notemap_id: Type.Optional(Type.Integer({ description: 'Only notes this notemap holds.' })),
  author: Type.Optional(Type.Integer({ description: 'Only notes by this user (id).' })),
}, { description: 'What the subscription hears of: every filter given must hold. Empty: every note its user may read.' });

const Webhook = Type.Object({
  id: Type.Integer(),
  url: Type.String(),
  events: Type.Array(Type.String({ enum: [...WEBHOOK_EVENT_TYPES] })),
  filters: Filters,
  createdAt: Type.Integer({ description: 'Unix seconds.' }),
  secret: Type.Optional(Type.String({ description: 'Only in the answer to its creation: `whsec_` + base64. Sign checks use it; keep it.' })),
});

const WebhookBody = Type.Object({
  url: Type.String({ maxLength: 2000, description: 'Where events are posted: `https://…`, or `http://` to a public address.' }),
  events: Type.Array(Type.String({ maxLength: 40 }), { maxItems: 20, description: `One or more of ${WEBHOOK_EVENT_TYPES.join(', ')}.` }),
  bbox: Type.Optional(Type.String({ maxLength: 200 })),
  near: Type.Optional(Type.String({ maxLength: 100 })),
  radius: Type.Optional(Type.Number()),
  notemap_id: Type.Optional(Type.Union([Type.Integer(), Type.String({ maxLength: 20 })])),
  author: Type.Optional(Type.Union([Type.Integer(), Type.String({ maxLength: 100 })])),
});

const Attempt = Type.Object({
  eventId: Type.String({ description: 'The event\'s id, also its `webhook-id`.' }),
  type: Type.String({ enum: [...WEBHOOK_EVENT_TYPES] }),
  attempt: Type.Integer({ minimum: 1, description: '1 for the first attempt of this event, 2 for its first retry…' }),
  status: Type.Union([Type.Integer(), Type.Null()], { description: 'The receiver\'s HTTP status; null when it gave none.' }),
  error: Type.Union([Type.String(), Type.Null()], { description: 'Why the attempt failed; null when delivered (a 2xx).' }),
  at: Type.Integer({ description: 'Unix seconds.' }),
});


/** The filters as a client gives them back: the same parameters, each normalised. */
function presentFilters(filters: WebhookFilters): Record<string, string | number> {
  const shown: Record<string, string | number> = {};
  if (filters.bbox !== undefined) shown.bbox = [filters.bbox.minLon, filters.bbox.minLat, filters.bbox.maxLon, filters.bbox.maxLat].join(',');
  if (filters.near !== undefined) {
    shown.near = `${filters.near.center.latitude},${filters.near.center.longitude}`;
    shown.radius = filters.near.radius;
  }
  if (filters.notemapId !== undefined) shown.notemap_id = filters.notemapId;
  if (filters.authorId !== undefined) shown.author = filters.authorId;
  return shown;
}

function presentWebhook(subscription: WebhookSubscription, secret?: string) {
  return {
    id: subscription.id,
    url: subscription.url,
    events: subscription.events,
    filters: presentFilters(subscription.filters),
    createdAt: unixSeconds(subscription.createdAt),
    ...(secret === undefined ? {} : { secret }),
  };
}

function presentAttempt(attempt: WebhookAttemptRecord) {
  return {
    eventId: webhookEventId(attempt.eventId), type: attempt.type, attempt: attempt.attempt, status: attempt.status, error: attempt.error,
    at: unixSeconds(attempt.at),
  };
}

/** Webhook subscriptions (**ext**, docs/events.md): each belongs to the token's user and application. */
export function registerWebhookRoutes(app: FastifyInstance, container: DependencyContainer): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const subscribe = container.resolve(SubscribeWebhook);
  const listWebhooks = container.resolve(ListWebhooks);
  const getWebhook = container.resolve(GetWebhook);
  const deleteWebhook = container.resolve(DeleteWebhook);
  const listDeliveries = container.resolve(ListWebhookDeliveries);

  api.post('/v2/webhooks', {
    config: { scope: 'read' },
    schema: {
      summary: 'Subscribe to events (a webhook)', tags: ['webhooks'],
      description: 'Subscribes the token\'s user and application (scope `read`) to `events`, delivered by POST to `url`, signed by the Standard '
        + 'Webhooks scheme. Note events honour the filters (`bbox`, `near`+`radius`, `notemap_id`, `author`) and what the user may read (non-public '
        + 'notes only when the token holds `readall`, and only while the application\'s live tokens of the user still do). The subscription lasts '
        + 'as long as the application holds a live access or refresh token of the user: when the last is revoked or expires, it is deleted. '
        + '`url` must be https, or http to a public address: a host that resolves to a private, loopback or link-local address, or an IPv6 '
        + `address embedding an IPv4 one, is 400 (\`url\`). Answers 201 with the subscription and its \`secret\`, shown only here. At most ${MAX_SUBSCRIPTIONS} `
        + 'per user and application.',
      body: WebhookBody, response: { 201: SingleEnvelope(Webhook) },
    },
  }, async (request, reply) => {
    const { author, notemap_id: notemapId, ...fields } = request.body;
    const { subscription, secret } = await subscribe.execute(request.actor, {
      ...fields, ...(notemapId === undefined ? {} : { notemap_id: notemapId }), ...(author === undefined ? {} : { author: String(author) }),
    });
    reply.code(201).header('location', `/v2/webhooks/${subscription.id}`);
    return single(presentWebhook(subscription, secret), 201);
  });

  api.get('/v2/webhooks', {
    config: { scope: 'read' },
    schema: {
      summary: 'Get your webhooks', tags: ['webhooks'],
      description: 'The subscriptions of the token\'s user and application (scope `read`), oldest first; never their secrets.',
      response: { 200: ListEnvelope(Webhook) },
    },
  }, async (request) => {
    const subscriptions = await listWebhooks.execute(request.actor);
    return list(subscriptions.map((s) => presentWebhook(s)), subscriptions.length, null);
  });

  api.get('/v2/webhooks/:id', {
    config: { scope: 'read' },
    schema: {
      summary: 'Get a webhook', tags: ['webhooks'],
      description: 'One subscription of the token\'s user and application (scope `read`); another\'s is 404.',
      params: IdParams, response: { 200: SingleEnvelope(Webhook) },
    },
  }, async (request) => single(presentWebhook(await getWebhook.execute(request.actor, parseId(request.params.id, 'webhook')))));

  api.delete('/v2/webhooks/:id', {
    config: { scope: 'read' },
    schema: {
      summary: 'Delete a webhook', tags: ['webhooks'],
      description: 'Ends a subscription of the token\'s user and application (scope `read`); deliveries not made yet are dropped.',
      params: IdParams, response: { 200: EmptyEnvelope },
    },
  }, async (request) => {
    await deleteWebhook.execute(request.actor, parseId(request.params.id, 'webhook'));
    return empty();
  });

  api.get('/v2/webhooks/:id/deliveries', {
    config: { scope: 'read' },
    schema: {
      summary: 'Get a webhook\'s delivery attempts', tags: ['webhooks'],
      description: 'The attempts to deliver to one subscription of the token\'s user and application (scope `read`), newest first, paged '
        + 'like every list (`offset`, `limit`; `meta.count` is how many attempts the log holds, kept 7 days): the event\'s id and type, the '
        + 'attempt\'s number, the receiver\'s status or the error, and when.',
      params: IdParams, querystring: Type.Object(PagingQuery), response: { 200: ListEnvelope(Attempt) },
    },
  }, async (request) => {
    const page = toPageRequest(request.query);
    const attempts = await listDeliveries.execute(request.actor, parseId(request.params.id, 'webhook'), page);
    return pageBody(request, page, attempts, presentAttempt);
  });
}
