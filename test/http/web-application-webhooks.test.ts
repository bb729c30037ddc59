import type { WebhookWorker } from '../../src/adapters/webhooks/webhook-worker';
import { postNote } from '../support/notemap-helpers';
import { ALL_STORAGES, createTestApp, type TestApp, type TestUser } from '../support/test-app';
import { startReceiver, startWorker, until, type Receiver, type Received } from '../support/webhook-receiver';
import {
  consent, postForm, redirectParams, registerApp, signUp, WebAgent, type RegisteredApp,
} from '../support/web-agent';

const CALLBACK = 'https://hooks.example/cb';

// The applications page shows, on each application's card, the webhooks its users subscribed through it (by
// whom, to what, with which filters) and their latest delivery attempts; nobody else's page shows them.
describe.each(ALL_STORAGES)('web: webhooks on /settings/applications over %s storage', (storage) => {
  let t: TestApp;
  let worker: WebhookWorker;
  let receiver: Receiver;
  let owner: WebAgent;
  let subscriber: WebAgent;
  let stranger: WebAgent;
  let app: RegisteredApp;
  let strangerApp: RegisteredApp;
  let author: TestUser;
  let authorToken: string;
  let subscriberToken: string;
  // The service's clock runs `offset` ms ahead of the real one, so a retry falls due without waiting.
  let offset = 0;
  const errors: unknown[] = [];

  /** A `read` token of the member signed in on `agent`, issued to `client` through the code flow. */
  const tokenThrough = async (agent: WebAgent, client: RegisteredApp): Promise<string> => {
    const code = redirectParams(await consent(agent, { client_id: client.clientId, redirect_uri: CALLBACK, response_type: 'code', scope: 'read' })).get('code') ?? '';
    const res = await postForm(t.app, '/oauth/access_token', {
      grant_type: 'authorization_code', code, redirect_uri: CALLBACK, client_id: client.clientId, client_secret: client.clientSecret ?? '',
    });
    expect(res.statusCode).toBe(200);
    return res.json<{ access_token: string }>().access_token;
  };
  const subscribe = async (payload: object) => {
    const res = await t.request({ method: 'POST', url: '/v2/webhooks', token: subscriberToken, payload });
    expect({ status: res.statusCode, body: res.statusCode === 201 ? '' : res.body }).toEqual({ status: 201, body: '' });
    return res.json().data as { id: number; url: string; createdAt: number };
  };
  const at = (path: string) => receiver.received.filter((r) => r.path === path);
  /** The card of one application on a member's page. */
  const cardOf = (body: string, clientId: string) =>
    new RegExp(`<section class="card" aria-labelledby="app-${clientId}">[\\s\\S]*?</section>`, 'u').exec(body)?.[0] ?? '';
  const pageOf = async (agent: WebAgent) => {
    const page = await agent.get('/settings/applications');
    expect(page.statusCode).toBe(200);
    return page.body;
  };
  /** The text of some markup, as read: blocks apart, other tags dropped, white space folded. */
  const textOf = (markup: string) => markup.replace(/<\/?(?:dl|dt|dd|ul|li|p|h\d)\b[^>]*>/gu, ' ').replace(/<[^>]*>/gu, '').replace(/\s+/gu, ' ').trim();

  beforeAll(async () => {
    t = await createTestApp({ storage, config: { webhookAllowPrivate: true }, clock: { now: () => new Date(Date.now() + offset) } });
    receiver = await startReceiver();
    worker = startWorker(t.container, errors);
    owner = new WebAgent(t.app);
    await signUp(owner, 'hook_owner');
    app = await registerApp(owner, { name: 'Hooked app', redirectUris: [CALLBACK] });
    subscriber = new WebAgent(t.app);
    await signUp(subscriber, 'hook_user');
    subscriberToken = await tokenThrough(subscriber, app);
    stranger = new WebAgent(t.app);
    await signUp(stranger, 'hook_stranger');
    strangerApp = await registerApp(stranger, { name: 'Stranger app', redirectUris: [CALLBACK] });
    author = await t.createUser('hook_author');
    authorToken = await t.token(author, 'notes');
  });
  afterAll(async () => {
    await worker?.stop();
    await receiver?.close();
    await t?.close();
  });
  afterEach(() => expect(errors).toEqual([]));

  it('says an application has no webhooks yet, and how one subscribes', async () => {
    const card = cardOf(await pageOf(owner), app.clientId);
    expect(card).toContain('Hooked app');
    expect(card).toContain('<h4 id="webhooks-');
    expect(textOf(card)).toContain('No webhooks yet: the application subscribes for its users with POST /v2/webhooks');
    expect(card).toContain('<a href="/docs">API reference</a>');
  });

  it('lists a subscription made through the application, by whom, with its filters and its latest attempts, newest first', async () => {
    const hook = await subscribe({ url: `${receiver.url}/hook`, events: ['note.created', 'note.updated'], bbox: '2,48,3,49', author: 'hook_author' });
    receiver.answer = (request: Received) => (request.path === '/hook' && at('/hook').length <= 1 ? 500 : 200);
    await postNote(t, authorToken, { message: 'a note for the hook', latitude: 48.85, longitude: 2.35 });
    await until(worker, () => at('/hook').length >= 1);
    // The retry falls due about 5 s after the failure.
    offset += 6_000;
    await until(worker, () => at('/hook').length >= 2);
    const eventId = String(at('/hook')[0]!.headers['webhook-id']);
    expect(eventId).toMatch(/^evt_\d+$/u);
    expect(at('/hook')[1]!.headers['webhook-id']).toBe(eventId);

    const card = cardOf(await pageOf(owner), app.clientId);
    expect(card).not.toContain('No webhooks yet');
    const item = new RegExp(`<li class="card" id="webhook-${hook.id}">[\\s\\S]*?</ul>\\s*</li>`, 'u').exec(card)?.[0] ?? '';
    expect(item).not.toBe('');
    expect(item).toContain(`<dt>URL</dt><dd><code>${receiver.url}/hook</code></dd>`);
    expect(item).toContain('<dt>Events</dt><dd><code>note.created</code>, <code>note.updated</code></dd>');
    expect(textOf(item)).toContain('Filters Only notes between longitudes 2 and 3 and latitudes 48 and 49 and notes by hook_author');
    expect(item).toContain('<a href="/users/hook_author">hook_author</a>');
    const created = new Date(hook.createdAt * 1000).toISOString().slice(0, 10);
    expect(textOf(item)).toContain(`Created ${created}`);
    expect(item).toContain('<dt>Made by</dt><dd><a href="/users/hook_user">hook_user</a></dd>');

    const attempts = [...item.matchAll(/<li><time datetime="([^"]+)">[\s\S]*?<\/li>/gu)].map((m) => textOf(m[0]));
    expect(attempts).toEqual([
      expect.stringMatching(new RegExp(`^\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d UTC: ${eventId} note\\.created, attempt 2: 200 delivered$`, 'u')),
      expect.stringMatching(new RegExp(`^\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d UTC: ${eventId} note\\.created, attempt 1: 500 failed: answered 500$`, 'u')),
    ]);
    // The same attempts the API's delivery log gives the subscriber.
    const log = (await t.request({ method: 'GET', url: `/v2/webhooks/${hook.id}/deliveries`, token: subscriberToken })).json().data as { at: number }[];
    const times = [...item.matchAll(/<li><time datetime="([^"]+)">/gu)].map((m) => Math.floor(Date.parse(m[1]!) / 1000));
    expect(times).toEqual(log.map((a) => a.at));
  });

  it('shows the webhooks on the page of the application\'s owner only', async () => {
    const mine = cardOf(await pageOf(owner), app.clientId);
    expect(mine).toContain(`${receiver.url}/hook`);
    for (const other of [subscriber, stranger]) {
      const body = await pageOf(other);
      expect(body).not.toContain(`${receiver.url}/hook`);
      expect(body).not.toContain('evt_');
      expect(body).not.toContain(app.clientId);
    }
    expect(textOf(cardOf(await pageOf(stranger), strangerApp.clientId))).toContain('No webhooks yet');
  });

  it('escapes what the subscriber sent', async () => {
    const url = `${receiver.url}/x?a=<script>alert("hook")</script>&b='<img src=x onerror=alert(1)>'`;
    const hook = await subscribe({ url, events: ['user.followed'] });
    expect(hook.url).toBe(url);
    const card = cardOf(await pageOf(owner), app.clientId);
    expect(card).not.toContain('<script>');
    expect(card).not.toContain('<img');
    expect(card).toContain(`<code>${receiver.url}/x?a&#61;&lt;script&gt;alert(&quot;hook&quot;)&lt;/script&gt;&amp;b&#61;&#39;&lt;img src&#61;x onerror&#61;alert(1)&gt;&#39;</code>`);
    expect(textOf(card)).toContain('Filters None: every event its user may see');
    expect(textOf(card)).toContain('No delivery yet.');
  });
});
