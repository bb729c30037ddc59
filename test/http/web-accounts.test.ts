import type { UserRepository } from '../../src/application/ports/user-repository';
import { USER_REPOSITORY } from '../../src/application/ports/user-repository';
import { createConfiguredApp } from '../support/configured-app';
import { createTestApp, type TestApp } from '../support/test-app';
import { csrfToken, hiddenFields, signUp, WebAgent } from '../support/web-agent';

describe('web accounts: sign-up, log-in, log-out', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('serves an accessible sign-up form with a CSRF token', async () => {
    const page = await new WebAgent(t.app).get('/signup');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<html lang="en">');
    expect(page.body).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    for (const [id, label] of [['username', 'Username'], ['email', 'Email'], ['password', 'Password']]) {
      expect(page.body).toContain(`<label for="${id}">${label}</label>`);
    }
    expect(page.body).toContain('<button type="submit">Sign up</button>');
    expect(csrfToken(page)).toMatch(/\S{20,}/);
    const csrfCookie = page.cookies.find((c) => c.name === 'pn_csrf');
    expect(csrfCookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    const css = await t.app.inject({ method: 'GET', url: /href="(\/assets\/web\.[0-9a-f]{12}\.css)"/u.exec(page.body)?.[1] ?? 'no style sheet' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
  });

  it('signs up with a hashed password and a session cookie, then answers 303', async () => {
    const agent = new WebAgent(t.app);
    const res = await signUp(agent, 'signer', 'a long password');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/settings/applications');
    const session = res.cookies.find((c) => c.name === 'pn_session');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(session?.secure).toBeFalsy();
    const credentials = await t.container.resolve<UserRepository>(USER_REPOSITORY).findCredentials('signer');
    expect(credentials?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const home = await agent.get('/settings/applications');
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('Signed in as <strong>signer</strong>');
  });

  it('shows what is wrong with a sign-up, keeping what was typed', async () => {
    const agent = new WebAgent(t.app);
    const form = await agent.get('/signup');
    const bad = await agent.post('/signup', { username: 'x', email: 'nope', password: 'short' }, form);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('role="alert"');
    expect(bad.body).toContain('Username must be 2-30');
    expect(bad.body).toContain('Email must be an e-mail address.');
    expect(bad.body).toContain('Password must be at least 8 characters.');
    expect(bad.body).toContain('value="nope"');
    await signUp(new WebAgent(t.app), 'taken');
    const again = await agent.post('/signup', { username: 'Taken', email: 'other@example.com', password: 'long enough' }, bad);
    expect(again.statusCode).toBe(409);
    expect(again.body).toMatch(/taken/);
  });

  it('refuses a sign-up or log-in form without a valid CSRF token', async () => {
    const agent = new WebAgent(t.app);
    const none = await agent.post('/signup', { username: 'nocsrf', email: 'nocsrf@example.com', password: 'long enough' });
    expect(none.statusCode).toBe(403);
    expect(none.body).toContain('This form has expired');
    const page = await agent.get('/login');
    agent.forget('pn_csrf');
    const noSecret = await agent.post('/login', { username: 'signer', password: 'a long password' }, page);
    expect(noSecret.statusCode).toBe(403);
  });

  it('logs in by username or e-mail, returns to a local page only, and refuses a wrong password', async () => {
    await signUp(new WebAgent(t.app), 'logger', 'the right password');
    const agent = new WebAgent(t.app);
    const page = await agent.get('/login?next=%2Fsettings%2Fauthorizations');
    expect(hiddenFields(page).next).toBe('/settings/authorizations');
    const wrong = await agent.post('/login', { username: 'logger', password: 'the wrong password', next: '/settings/authorizations' }, page);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('The username or password is wrong.');
    expect(wrong.cookies.find((c) => c.name === 'pn_session')).toBeUndefined();
    const unknown = await agent.post('/login', { username: 'nobody', password: 'the right password' }, page);
    expect(unknown.body).toContain('The username or password is wrong.');

    const ok = await agent.post('/login', { username: 'LOGGER@example.com', password: 'the right password', next: '/settings/authorizations' }, page);
    expect(ok.statusCode).toBe(303);
    expect(ok.headers.location).toBe('/settings/authorizations');
    const elsewhere = await new WebAgent(t.app).post('/login', { username: 'logger', password: 'the right password', next: '//evil.example/' }, page);
    expect(elsewhere.statusCode).toBe(403);
    const other = new WebAgent(t.app);
    const otherPage = await other.get('/login');
    const offsite = await other.post('/login', { username: 'logger', password: 'the right password', next: '//evil.example/' }, otherPage);
    expect(offsite.headers.location).toBe('/settings/applications');
  });

  it('logs out: the session ends at once and the pages ask to log in again', async () => {
    const agent = new WebAgent(t.app);
    await signUp(agent, 'leaver');
    const session = agent.cookie('pn_session') ?? '';
    const page = await agent.get('/logout');
    expect(page.body).toContain('<button type="submit">Log out</button>');
    const res = await agent.post('/logout', {}, page);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/login');
    expect(agent.cookie('pn_session')).toBeUndefined();
    const replay = new WebAgent(t.app);
    replay.setCookie('pn_session', session);
    const settings = await replay.get('/settings/applications');
    expect(settings.statusCode).toBe(303);
    expect(settings.headers.location).toBe('/login?next=%2Fsettings%2Fapplications');
  });

  it('shows the log-in form at /oauth/authorize, then comes back to it', async () => {
    const owner = new WebAgent(t.app);
    await signUp(owner, 'appmaker');
    const form = await owner.get('/settings/applications');
    await owner.post('/settings/applications', { name: 'Maker', redirect_uris: 'https://maker.example/cb' }, form);
    const clientId = /<code id="new-client-id">([0-9a-f]+)<\/code>/u.exec((await owner.get('/settings/applications')).body)?.[1] ?? '';

    await signUp(new WebAgent(t.app), 'visitor', 'visitor password');
    const agent = new WebAgent(t.app);
    const url = `/oauth/authorize?${new URLSearchParams({ client_id: clientId, redirect_uri: 'https://maker.example/cb', response_type: 'code', state: 's' }).toString()}`;
    const login = await agent.get(url);
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    expect(login.body).toContain('Log in to let Maker use your Place Notes account.');
    expect(login.body).toContain('<button type="submit">Log in</button>');
    expect(hiddenFields(login).next).toBe(url);
    const back = await agent.post('/login', { ...hiddenFields(login), username: 'visitor', password: 'visitor password' }, login);
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(url);
    const consent = await agent.get(url);
    expect(consent.body).toContain('<button type="submit" name="decision" value="allow">Allow</button>');
  });
});

describe('web cookies under HTTPS', () => {
  it('marks the session and CSRF cookies Secure when the public URL is https', async () => {
    const app = await createConfiguredApp({ publicUrl: 'https://notes.example' });
    try {
      const agent = new WebAgent(app);
      const form = await agent.get('/signup');
      // Secure cookies carry the __Host- prefix (RFC 6265bis): host-only, path /, never planted over HTTP.
      expect(form.cookies.find((c) => c.name === '__Host-pn_csrf')?.secure).toBe(true);
      const res = await agent.post('/signup', { username: 'secure', email: 'secure@example.com', password: 'long enough' }, form);
      expect(res.cookies.find((c) => c.name === 'pn_session')?.secure).toBe(true);
    } finally {
      await app.close();
    }
  });

  it('marks them Secure behind a TLS-terminating proxy when TRUST_PROXY is on', async () => {
    const app = await createConfiguredApp({ trustProxy: true });
    try {
      const page = await app.inject({ method: 'GET', url: '/login', headers: { 'x-forwarded-proto': 'https' } });
      // The public URL (http here) names the CSRF cookie; the request's protocol makes it Secure.
      expect(page.cookies.find((c) => c.name === 'pn_csrf')?.secure).toBe(true);
    } finally {
      await app.close();
    }
  });
});
