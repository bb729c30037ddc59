import type { WebhookWorker } from '../../src/adapters/webhooks/webhook-worker';
import { WEBHOOK_SUBSCRIPTIONS, type WebhookSubscriptions } from '../../src/application/ports/webhook-store';
import { postNote } from '../support/notemap-helpers';
import { ALL_STORAGES, createTestApp } from '../support/test-app';
import { startReceiver, startWorker, until, type Receiver, type Received } from '../support/webhook-receiver';
import {
  consent, postForm, redirectParams, registerApp, signUp, WebAgent, type RegisteredApp,
} from '../support/web-agent';

const CALLBACK = 'https://grants.example/cb';
/** ACCESS_TOKEN_TTL_S of these apps: the tokens of the client-side flow (no refresh token) live this long. */
const TTL_S = 60;

interface Tokens {
  access_token: string;
  refresh_token?: string;
  scope: string;
}

/**
 * The common ground of both suites: an app whose clock runs `offset` ms ahead of the real one (so tokens expire and
 * retries fall due without waiting), an application registered by one member and authorised by another (the
 * subscriber), and an author whose notes the subscriber hears of.
 */
async function grantsApp(storage: (typeof ALL_STORAGES)[number]) {
  const state = { offset: 0 };
  const t = await createTestApp({
    storage, config: { webhookAllowPrivate: true, accessTokenTtlS: TTL_S }, clock: { now: () => new Date(Date.now() + state.offset) },
  });
  const owner = new WebAgent(t.app);
  await signUp(owner, 'grant_owner');
  const app = await registerApp(owner, { name: 'Granted app', redirectUris: [CALLBACK], allowImplicit: true });
  const subscriber = new WebAgent(t.app);
  await signUp(subscriber, 'grant_user');
  const author = await t.createUser('grant_author');
  const authorToken = await t.token(author, 'notes');
  const secretOf = (client: RegisteredApp) => ({ client_id: client.clientId, client_secret: client.clientSecret ?? '' });
  /** Tokens of the subscriber for the application, through the code flow (an access and a refresh token, `scope` granted). */
  const codeFlow = async (scope: string): Promise<Tokens> => {
    const redirect = await consent(subscriber, { client_id: app.clientId, redirect_uri: CALLBACK, response_type: 'code', scope }, { grant: scope.split(' ') });
    const code = redirectParams(redirect).get('code') ?? '';
    const res = await postForm(t.app, '/oauth/access_token', { grant_type: 'authorization_code', code, redirect_uri: CALLBACK, ...secretOf(app) });
    expect(res.statusCode).toBe(200);
    return res.json<Tokens>();
  };
  /** An access token of the subscriber through the client-side flow: no refresh token, it expires after TTL_S. */
  const clientSide = async (scope: string): Promise<string> => {
    const redirect = await consent(subscriber, { client_id: app.clientId, redirect_uri: CALLBACK, response_type: 'token', scope }, { grant: scope.split(' ') });
    const token = redirectParams(redirect).get('access_token');
    expect(token).toEqual(expect.any(String));
    return token!;
  };
  /** Where the receiver listens (set by the suite). */
  const receiverUrl = { value: '' };
  const subscribe = async (token: string, path: string) => {
    const res = await t.request({ method: 'POST', url: '/v2/webhooks', token, payload: { url: `${receiverUrl.value}${path}`, events: ['note.created'] } });
    expect({ status: res.statusCode, body: res.statusCode === 201 ? '' : res.body }).toEqual({ status: 201, body: '' });
    return res.json().data as { id: number };
  };
  return {
    t, state, owner, app, subscriber, author, authorToken, secretOf, codeFlow, clientSide, subscribe, receiverUrl,
    subscriptions: () => t.container.resolve<WebhookSubscriptions>(WEBHOOK_SUBSCRIPTIONS),
  };
}

// A subscription lasts as long as its user's grant to its application (the live access and refresh tokens of that
// user and application), and its deliveries carry only what that grant allows now (docs/events.md, Webhooks).
describe.each(ALL_STORAGES)('webhooks live by their grant over %s storage', (storage) => {
  let g: Awaited<ReturnType<typeof grantsApp>>;
  let worker: WebhookWorker;
  let receiver: Receiver;
  const errors: unknown[] = [];

  const at = (path: string) => receiver.received.filter((r) => r.path === path);
  const ids = (path: string) => at(path).map((r) => (JSON.parse(r.body) as { data: { id: number } }).data.id);
  /** Lets the worker run until it has nothing left, a few times over. */
  const settle = async () => {
    for (let i = 0; i < 3; i++) {
      worker.kick();
      await worker.idle();
    }
  };
  const note = (message: string, fields: Record<string, unknown> = {}) =>
    postNote(g.t, g.authorToken, { message, latitude: 38.7, longitude: -9.1, ...fields });
  const revoke = async (token: string) => {
    const res = await postForm(g.t.app, '/oauth/revoke', { token, ...g.secretOf(g.app) });
    expect(res.statusCode).toBe(200);
  };

  beforeAll(async () => {
    g = await grantsApp(storage);
    receiver = await startReceiver();
    g.receiverUrl.value = receiver.url;
    worker = startWorker(g.t.container, errors);
  });
  afterAll(async () => {
    await worker?.stop();
    await receiver?.close();
    await g?.t.close();
  });
  afterEach(() => {
    receiver.answer = () => 200;
    expect(errors).toEqual([]);
  });

  it('end when the application revokes its last token (RFC 7009): the subscription is deleted and nothing more is sent', async () => {
    const tokens = await g.codeFlow('readall');
    const hook = await g.subscribe(tokens.access_token, '/revoked');
    const before = await note('heard');
    await until(worker, () => at('/revoked').length >= 1);
    expect(ids('/revoked')).toEqual([before]);

    // Revoking the access token takes its refresh token with it: the grant has no live token left.
    await revoke(tokens.access_token);
    expect(await g.subscriptions().get(hook.id)).toBeNull();
    await note('not heard');
    await settle();
    expect(ids('/revoked')).toEqual([before]);
  });

  it('outlive a revoked token while another token of the grant lives', async () => {
    const first = await g.codeFlow('readall');
    const second = await g.codeFlow('readall');
    const hook = await g.subscribe(first.access_token, '/kept');
    await revoke(first.access_token);
    expect(await g.subscriptions().get(hook.id)).not.toBeNull();
    const heard = await note('still heard');
    await until(worker, () => at('/kept').length >= 1);
    expect(ids('/kept')).toEqual([heard]);
    await revoke(second.access_token);
    expect(await g.subscriptions().get(hook.id)).toBeNull();
  });

  it('end when the last token expires: nothing more is sent, with or without a new event, and the subscription goes', async () => {
    const token = await g.clientSide('readall');
    const hook = await g.subscribe(token, '/expires');
    const heard = await note('before the expiry');
    await until(worker, () => at('/expires').length >= 1);

    // A delivery waiting for its retry when the token expires is not sent any more.
    const retried = await g.subscribe(await g.clientSide('readall'), '/expires-retry');
    receiver.answer = (request: Received) => (request.path === '/expires-retry' ? 500 : 200);
    const failed = await note('failed once');
    await until(worker, () => at('/expires-retry').length >= 1);
    await settle();
    expect(ids('/expires')).toEqual([heard, failed]);
    receiver.answer = () => 200;

    g.state.offset += (TTL_S + 10) * 1000;
    await settle();
    expect(at('/expires-retry')).toHaveLength(1);
    expect(await g.subscriptions().get(retried.id)).toBeNull();
    await note('after the expiry');
    await settle();
    expect(ids('/expires')).toEqual([heard, failed]);
    expect(await g.subscriptions().get(hook.id)).toBeNull();
  });

  it('carry only what the grant allows now: once it is narrowed to `read`, private notes are no longer sent, public ones are', async () => {
    const wide = await g.codeFlow('readall');
    expect(wide.scope).toBe('read readall');
    await g.subscribe(wide.access_token, '/narrowed');
    const privateBefore = await note('for the subscriber', { visibility: 'recipients', recipients: 'grant_user' });
    const publicBefore = await note('for everyone');
    await until(worker, () => at('/narrowed').length >= 2);
    expect(ids('/narrowed').sort()).toEqual([privateBefore, publicBefore].sort());

    // A delivery of a private note waiting for its retry when the grant narrows is not sent any more either.
    const retry = await g.subscribe(wide.access_token, '/narrowed-retry');
    receiver.answer = (request: Received) => (request.path === '/narrowed-retry' ? 500 : 200);
    const privateFailed = await note('failed once, for the subscriber', { visibility: 'recipients', recipients: 'grant_user' });
    await until(worker, () => at('/narrowed-retry').length >= 1 && at('/narrowed').length >= 3);
    receiver.answer = () => 200;

    // The application refreshes with fewer scopes: the old tokens are revoked, the new ones hold `read` only.
    const narrower = await postForm(g.t.app, '/oauth/access_token', {
      grant_type: 'refresh_token', refresh_token: wide.refresh_token ?? '', scope: 'read', ...g.secretOf(g.app),
    });
    expect(narrower.statusCode).toBe(200);
    expect(narrower.json()).toMatchObject({ scope: 'read' });
    const privateAfter = await note('for the subscriber, again', { visibility: 'recipients', recipients: 'grant_user' });
    const publicAfter = await note('for everyone, again');
    await until(worker, () => at('/narrowed').length >= 4);
    g.state.offset += 10_000;
    await settle();
    expect(ids('/narrowed').sort()).toEqual([privateBefore, publicBefore, privateFailed, publicAfter].sort());
    expect(ids('/narrowed')).not.toContain(privateAfter);
    // The failed private note was not tried again (the public note after it is a new event, heard as it should be).
    expect(ids('/narrowed-retry')).toEqual([privateFailed, publicAfter]);
    // The subscriptions themselves stay: the grant lives.
    expect(await g.subscriptions().get(retry.id)).not.toBeNull();
  });
});

// `/settings/authorizations` lists an application while it holds a live token or a subscription of the member, so
// the member can always end what it receives; revoking there deletes both. No worker runs here: a subscription whose
// grant lapsed stays until the worker's sweep, and the page must show it meanwhile.
describe.each(ALL_STORAGES)('/settings/authorizations and webhooks over %s storage', (storage) => {
  let g: Awaited<ReturnType<typeof grantsApp>>;

  beforeAll(async () => {
    g = await grantsApp(storage);
    g.receiverUrl.value = 'http://127.0.0.1:9';
  });
  afterAll(async () => {
    await g?.t.close();
  });

  const cardOf = (body: string) => new RegExp(`<section class="card" aria-labelledby="auth-${g.app.clientId}">[\\s\\S]*?</section>`, 'u').exec(body)?.[0] ?? '';
  const textOf = (markup: string) => markup.replace(/<[^>]*>/gu, ' ').replace(/\s+/gu, ' ').trim();

  it('shows the application while only a subscription remains, and revoking there deletes it', async () => {
    const hook = await g.subscribe(await g.clientSide('readall'), '/page');
    const live = await g.subscriber.get('/settings/authorizations');
    expect(textOf(cardOf(live.body))).toContain('It has 1 webhook for your account');

    // The token expires; the subscription is still there (nothing swept it yet).
    g.state.offset += (TTL_S + 10) * 1000;
    expect(await g.subscriptions().get(hook.id)).not.toBeNull();
    const page = await g.subscriber.get('/settings/authorizations');
    expect(page.statusCode).toBe(200);
    const card = cardOf(page.body);
    expect(card).toContain('Granted app');
    expect(textOf(card)).toContain('It holds no live token any more, but still has 1 webhook for your account.');
    expect(page.body).not.toContain('No application holds access to your account.');

    const revoked = await g.subscriber.post(`/settings/authorizations/${g.app.clientId}/revoke`, {}, page);
    expect(revoked.statusCode).toBe(303);
    expect(await g.subscriptions().get(hook.id)).toBeNull();
    const after = await g.subscriber.get('/settings/authorizations');
    expect(after.body).toContain('No application holds access to your account.');
  });
});
