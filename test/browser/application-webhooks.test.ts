import type { BrowserContext, BrowserContextOptions, Locator, Page } from 'playwright-core';
import type { WebhookWorker } from '../../src/adapters/webhooks/webhook-worker';
import { StartSession } from '../../src/application/accounts/start-session';
import { SESSION_COOKIE } from '../../src/adapters/page-kit/web-session';
import { launchChromiumBrowser, type Chromium } from '../support/browser';
import { postNote } from '../support/notemap-helpers';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app';
import { startReceiver, startWorker, until, type Receiver, type Received } from '../support/webhook-receiver';
import { consent, postForm, redirectParams, registerApp, signUp, WebAgent, type RegisteredApp } from '../support/web-agent';

// The webhooks on /settings/applications in real Chromium: the owner of an application sees, on its card, a
// subscription made through it (its URL, its events) and its delivery attempts, a failed one and the retry that
// got through; the page passes axe-core and does not scroll sideways 360 px wide.
jest.setTimeout(120_000);

const CALLBACK = 'https://hooks.example/cb';
/** Where the subscription sends its events: long, as a real receiver's often is, to try the page's wrapping 360 px wide. */
const HOOK_PATH = '/hooks/place-notes/incoming-events-for-the-hooked-application?source=place-notes&tenant=a-rather-long-tenant-name';
/** An attempt's line as the page shows it: `2025-01-31 12:34:56 UTC: evt_1 note.created, attempt 2: 200 delivered`. */
const ATTEMPT_LINE = (eventId: string, rest: string) =>
  new RegExp(`^\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d UTC: ${eventId} note\\.created, attempt ${rest}$`, 'u');

describe('webhooks on the applications page in real Chromium', () => {
  let t: TestApp;
  let worker: WebhookWorker;
  let receiver: Receiver;
  let chromium: Chromium;
  let base: string;
  let owner: TestUser;
  let app: RegisteredApp;
  let hookUrl: string;
  let eventId: string;
  // The service's clock runs `offset` ms ahead of the real one, so the retry falls due without waiting.
  let offset = 0;
  const errors: unknown[] = [];

  beforeAll(async () => {
    t = await createTestApp({ config: { webhookAllowPrivate: true }, clock: { now: () => new Date(Date.now() + offset) } });
    receiver = await startReceiver();
    worker = startWorker(t.container, errors);

    // The owner registers the application; another member allows it, and it subscribes for her to a receiver of the test's.
    const ownerAgent = new WebAgent(t.app);
    await signUp(ownerAgent, 'hook_owner');
    app = await registerApp(ownerAgent, { name: 'Hooked app', redirectUris: [CALLBACK] });
    owner = { id: (await t.request({ method: 'GET', url: '/v2/users/by_username/hook_owner' })).json().data.id as number, username: 'hook_owner' };
    const subscriber = new WebAgent(t.app);
    await signUp(subscriber, 'hook_user');
    const code = redirectParams(await consent(subscriber, { client_id: app.clientId, redirect_uri: CALLBACK, response_type: 'code', scope: 'read' })).get('code') ?? '';
    const exchanged = await postForm(t.app, '/oauth/access_token', {
      grant_type: 'authorization_code', code, redirect_uri: CALLBACK, client_id: app.clientId, client_secret: app.clientSecret ?? '',
    });
    expect(exchanged.statusCode).toBe(200);
    const subscriberToken = exchanged.json<{ access_token: string }>().access_token;
    hookUrl = `${receiver.url}${HOOK_PATH}`;
    const subscribed = await t.request({ method: 'POST', url: '/v2/webhooks', token: subscriberToken, payload: { url: hookUrl, events: ['note.created', 'note.updated'] } });
    expect({ status: subscribed.statusCode, body: subscribed.statusCode === 201 ? '' : subscribed.body }).toEqual({ status: 201, body: '' });

    // The receiver fails the first delivery (500) and takes the retry (200).
    const hooked = () => receiver.received.filter((r) => r.path === HOOK_PATH);
    receiver.answer = (request: Received) => (request.path === HOOK_PATH && hooked().length <= 1 ? 500 : 200);
    const author = await t.createUser('hook_author');
    await postNote(t, await t.token(author, 'notes'), { message: 'a note for the hook', latitude: 48.85, longitude: 2.35 });
    await until(worker, () => hooked().length >= 1);
    // The retry falls due about 5 s after the failure.
    offset += 6_000;
    await until(worker, () => hooked().length >= 2);
    eventId = String(hooked()[0]!.headers['webhook-id']);
    expect(eventId).toMatch(/^evt_\d+$/u);

    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    chromium = await launchChromiumBrowser();
  });
  afterAll(async () => {
    await chromium?.close();
    await worker?.stop();
    await receiver?.close();
    await t?.close();
  });
  afterEach(() => expect(errors).toEqual([]));

  /** A browser context signed in as the owner (a session made as logging in makes one). */
  const ownerContext = async (options: BrowserContextOptions = {}): Promise<BrowserContext> => {
    const context = await chromium.newContext(options);
    const { token } = await t.container.resolve(StartSession).execute(owner.id);
    await context.addCookies([{ name: SESSION_COOKIE, value: token, url: base }]);
    return context;
  };
  const openPage = async (context: BrowserContext): Promise<Page> => {
    const page = await context.newPage();
    const response = await page.goto(`${base}/settings/applications`);
    expect(response?.status()).toBe(200);
    return page;
  };
  /** The application's webhooks as the user finds them: the list named "Webhooks" in the application's region. */
  const webhooksOn = (page: Page): Locator =>
    page.getByRole('region', { name: 'Hooked app' }).getByRole('list', { name: 'Webhooks', exact: true });
  /** Text as rendered, white space folded. */
  const shown = async (locator: Locator): Promise<string> => (await locator.innerText()).replace(/\s+/gu, ' ').trim();

  /** Checks the subscription and both its attempts are on screen, each within `width` px when one is given. */
  const expectWebhookShown = async (page: Page, width?: number): Promise<void> => {
    const webhooks = webhooksOn(page);
    const subscription = webhooks.locator(':scope > li');
    expect(await subscription.count()).toBe(1);
    const url = subscription.locator('dt:text-is("URL") + dd');
    const events = subscription.locator('dt:text-is("Events") + dd');
    const attempts = subscription.getByRole('list', { name: 'Latest deliveries' }).getByRole('listitem');
    expect(await shown(url)).toBe(hookUrl);
    expect(await shown(events)).toBe('note.created, note.updated');
    expect(await attempts.count()).toBe(2);
    // Newest first: the retry that got through, then the failure.
    expect(await shown(attempts.nth(0))).toMatch(ATTEMPT_LINE(eventId, '2: 200 delivered'));
    expect(await shown(attempts.nth(1))).toMatch(ATTEMPT_LINE(eventId, '1: 500 failed: answered 500'));
    for (const [what, locator] of [
      ['the URL', url], ['the events', events], ['the delivered attempt', attempts.nth(0)], ['the failed attempt', attempts.nth(1)],
      ['the status 200', attempts.nth(0).locator('strong', { hasText: '200' })], ['the status 500', attempts.nth(1).locator('strong', { hasText: '500' })],
    ] as const) {
      // Rendered (innerText reads even a hidden element's text), then on screen once scrolled to.
      expect({ what, visible: await locator.isVisible() }).toEqual({ what, visible: true });
      await locator.scrollIntoViewIfNeeded();
      const box = await locator.boundingBox();
      expect({ what, sized: box !== null && box.width >= 1 && box.height >= 1 }).toEqual({ what, sized: true });
      if (width !== undefined && box !== null) expect({ what, left: box.x >= 0, right: box.x + box.width <= width + 0.5 }).toEqual({ what, left: true, right: true });
    }
  };

  it('shows the owner the subscription\'s URL, its events and both attempts with their statuses', async () => {
    const context = await ownerContext();
    try {
      await expectWebhookShown(await openPage(context));
    } finally {
      await context.close();
    }
  });

  it('is usable 360 px wide: no horizontal scrolling, the webhook and its attempts in view', async () => {
    const context = await ownerContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    try {
      const page = await openPage(context);
      const width = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, body: document.body.scrollWidth }));
      expect(width.scroll).toBeLessThanOrEqual(360);
      expect(width.body).toBeLessThanOrEqual(360);
      await expectWebhookShown(page, 360);
    } finally {
      await context.close();
    }
  });

  it('has no serious or critical accessibility violation (axe-core)', async () => {
    // Only this context bypasses the page's CSP, to inject axe.
    const context = await ownerContext({ bypassCSP: true });
    try {
      const page = await openPage(context);
      // axe-core runs on the page with the webhook on it.
      expect(await webhooksOn(page).locator(':scope > li').count()).toBe(1);
      await page.addScriptTag({ path: require.resolve('axe-core') });
      const violations = await page.evaluate(async () => {
        const results = await window.axe.run(document, { resultTypes: ['violations'] });
        return results.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
      });
      const line = (v: (typeof violations)[number]) => `${v.impact} ${v.id} — ${v.help} — at ${v.targets.join(', ')}`;
      const isSerious = (v: (typeof violations)[number]) => v.impact === 'serious' || v.impact === 'critical';
      const others = violations.filter((v) => !isSerious(v)).map(line);
      if (others.length > 0) process.stdout.write(`axe-core, moderate and minor, on /settings/applications:\n${others.join('\n')}\n`);
      expect(violations.filter(isSerious).map(line)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

/** The page's globals the in-page functions here use (the project's TypeScript has no DOM library). */
declare const document: { documentElement: { scrollWidth: number }; body: { scrollWidth: number } };
declare const window: { axe: { run(context: unknown, options: { resultTypes: string[] }): Promise<{ violations: Violation[] }> } };

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}
