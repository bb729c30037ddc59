import { CSRF_COOKIE } from '../../src/adapters/page-kit/csrf';
import { SESSION_COOKIE } from '../../src/adapters/page-kit/web-session';
import { buildApp } from '../../src/app';
import { buildContainer } from '../../src/container';
import { testConfig } from '../support/test-config';
import { decodeEntities, signUp, WebAgent } from '../support/web-agent';
import { createMailTestApp, type MailTestApp } from '../support/mail-app';
import { linkIn } from '../support/smtp-test-server';
import { TEST_PUBLIC_URL } from '../support/test-config';

// E-mail verification (§18) through the whole stack, with mail sent by the worker to a real SMTP server: the sign-up's
// link, the "Verify" button, single use, expiry, a newer link cancelling the older, the applications form closed to
// unverified accounts and the link sent again at most 3 times an hour.
jest.setTimeout(60_000);

const PASSWORD = 'correct horse battery';
const path = (link: string) => link.slice(TEST_PUBLIC_URL.length);

describe('e-mail verification', () => {
  let m: MailTestApp;
  beforeAll(async () => { m = await createMailTestApp(); });
  afterAll(() => m.close());

  /** A new member signed up on the web (not verified), and the mails to their address so far. */
  async function member(username: string): Promise<{ agent: WebAgent; email: string }> {
    const agent = new WebAgent(m.t.app);
    expect((await signUp(agent, username, PASSWORD, { verified: false })).statusCode).toBe(303);
    await m.deliver();
    return { agent, email: `${username}@example.com` };
  }

  /** Opens a verification link and presses "Verify" (as the same or another browser). */
  async function verify(agent: WebAgent, link: string) {
    const page = await agent.get(path(link));
    expect(page.statusCode).toBe(200);
    return agent.post('/verify-email', { token: new URL(link).searchParams.get('token') ?? '' }, page);
  }

  it('sends a link at sign-up that verifies the address once, through a page with a button, without signing in', async () => {
    const { agent, email } = await member('vera');
    const [mail] = await m.smtp.waitFor(email);
    expect(mail).toMatchObject({ envelopeTo: [email], to: email, subject: 'Verify your e-mail address for Place Notes', from: expect.stringContaining('no-reply@pn.test') });
    const link = linkIn(mail!, `${TEST_PUBLIC_URL}/verify-email?token=`);
    // Opening the link changes nothing (mail scanners open links): the page asks for the button.
    const stranger = new WebAgent(m.t.app);
    const page = await stranger.get(path(link));
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<button type="submit">Verify</button>');
    expect(page.body).toContain('name="_csrf"');
    expect((await agent.get('/settings/applications')).body).toContain('Verify your e-mail address first');
    // Without its CSRF token the button does nothing.
    expect((await stranger.post('/verify-email', { token: new URL(link).searchParams.get('token') ?? '' })).statusCode).toBe(403);

    const verified = await stranger.post('/verify-email', { token: new URL(link).searchParams.get('token') ?? '' }, page);
    expect(verified.statusCode).toBe(303);
    expect(verified.headers.location).toBe('/email-verified');
    expect((await stranger.get('/email-verified')).body).toContain('Your e-mail address is verified');
    const applications = await agent.get('/settings/applications');
    expect(applications.body).toContain('Register application');
    expect(applications.body).not.toContain('Verify your e-mail address first');

    const again = await stranger.get(path(link));
    expect(again.statusCode).toBe(410);
    expect(again.body).toContain('This link was already used');
  });

  it('keeps an unverified account from registering applications, and says how to verify', async () => {
    const { agent } = await member('nora');
    const page = await agent.get('/settings/applications');
    expect(page.body).toContain('Verify your e-mail address first');
    expect(page.body).toContain('nora@example.com');
    expect(page.body).not.toContain('action="/settings/applications" novalidate');
    const posted = await agent.post('/settings/applications', { name: 'Sneaky', redirect_uris: 'https://a.example/cb' }, page);
    expect(posted.statusCode).toBe(403);
    expect(posted.body).toContain('Verify your e-mail address first');
    expect(decodeEntities((await agent.get('/settings/applications')).body)).toContain('You have not registered an application yet.');
  });

  it('sends the link again at most 3 times an hour per account (429 past it), each new link cancelling the older', async () => {
    const { agent, email } = await member('resa');
    const first = linkIn((await m.smtp.waitFor(email))[0]!, `${TEST_PUBLIC_URL}/verify-email?token=`);
    for (let n = 1; n <= 3; n += 1) {
      const page = await agent.get('/settings/applications');
      const sent = await agent.post('/settings/applications/verification', {}, page);
      expect(sent.statusCode).toBe(303);
      expect(sent.headers.location).toBe('/settings/applications?verification=sent');
      // One at a time, so the mails arrive in the order they were asked for.
      await m.deliver();
      await m.smtp.waitFor(email, n + 1);
    }
    expect((await agent.get('/settings/applications?verification=sent')).body).toContain('A new link is on its way to <strong>resa@example.com</strong>');
    const refused = await agent.post('/settings/applications/verification', {}, await agent.get('/settings/applications'));
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    await m.deliver();
    const mails = await m.smtp.waitFor(email, 4);
    expect(mails).toHaveLength(4);

    // Only the newest link works.
    const older = await agent.get(path(first));
    expect(older.statusCode).toBe(410);
    expect(older.body).toContain('A newer link was sent');
    const newest = linkIn(mails[3]!, `${TEST_PUBLIC_URL}/verify-email?token=`);

    // An hour later the count starts again.
    m.clock.advance(3601);
    expect((await agent.post('/settings/applications/verification', {}, await agent.get('/settings/applications'))).statusCode).toBe(303);
    await m.deliver();
    const latest = linkIn((await m.smtp.waitFor(email, 5))[4]!, `${TEST_PUBLIC_URL}/verify-email?token=`);
    expect((await agent.get(path(newest))).statusCode).toBe(410);
    expect((await verify(agent, latest)).statusCode).toBe(303);
  });

  it('holds the limit across instances: a second server on the same database refuses the 4th', async () => {
    const { agent } = await member('twin');
    const other = await buildApp(buildContainer(testConfig({ smtpUrl: m.smtp.url }), { kind: 'database', database: m.t.database! }, { clock: m.clock }));
    try {
      // The same browser (session and CSRF cookies) reaching the other instance.
      const there = new WebAgent(other);
      for (const name of [SESSION_COOKIE, CSRF_COOKIE]) there.setCookie(name, agent.cookie(name) ?? '');
      for (const a of [agent, there, agent]) {
        expect((await a.post('/settings/applications/verification', {}, await a.get('/settings/applications'))).statusCode).toBe(303);
      }
      expect((await there.post('/settings/applications/verification', {}, await there.get('/settings/applications'))).statusCode).toBe(429);
      expect((await agent.post('/settings/applications/verification', {}, await agent.get('/settings/applications'))).statusCode).toBe(429);
    } finally {
      await other.close();
    }
  });

  it('lets a link expire after 24 hours', async () => {
    const { email } = await member('late');
    const link = linkIn((await m.smtp.waitFor(email))[0]!, `${TEST_PUBLIC_URL}/verify-email?token=`);
    m.clock.advance(24 * 3600 - 1);
    expect((await new WebAgent(m.t.app).get(path(link))).statusCode).toBe(200);
    m.clock.advance(1);
    const page = await new WebAgent(m.t.app).get(path(link));
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain('This link has expired');
  });

  it('answers an unknown or missing token clearly, 404', async () => {
    const agent = new WebAgent(m.t.app);
    for (const url of ['/verify-email?token=not-a-token-we-sent', '/verify-email']) {
      const page = await agent.get(url);
      expect(page.statusCode).toBe(404);
      expect(page.body).toContain('This link is not valid');
    }
    const form = await agent.get('/forgot-password');
    const posted = await agent.post('/verify-email', { token: 'made-up' }, form);
    expect(posted.statusCode).toBe(404);
  });

  it('makes an account verified once through the link, so it can register applications', async () => {
    const { agent, email } = await member('ivo');
    const link = linkIn((await m.smtp.waitFor(email))[0]!, `${TEST_PUBLIC_URL}/verify-email?token=`);
    expect((await verify(agent, link)).statusCode).toBe(303);
    const page = await agent.get('/settings/applications');
    const posted = await agent.post('/settings/applications', { name: 'Mine', redirect_uris: 'https://a.example/cb' }, page);
    expect(posted.statusCode).toBe(303);
    // Nothing more to send: a verified account asking again gets no mail.
    await agent.post('/settings/applications/verification', {}, await agent.get('/settings/applications'));
    await m.deliver();
    expect(m.smtp.to(email)).toHaveLength(1);
  });
});
