import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { buildContainer } from '../../src/container';
import { createConfiguredApp } from '../support/configured-app';
import { testConfig } from '../support/test-config';
import { csrfToken, signUp, WebAgent } from '../support/web-agent';

/** A token for a CSRF secret the attacker chose, made as @fastify/csrf makes them: `salt-SHA256(salt-secret)`. */
function forgedToken(secret: string): string {
  const salt = 'c2FsdHNh';
  return `${salt}-${createHash('sha256').update(`${salt}-${secret}`, 'ascii').digest('base64url')}`;
}

const PLANTED = 'a-secret-the-attacker-planted-on-a-sibling-host';

describe('the CSRF cookie', () => {
  const apps: FastifyInstance[] = [];
  const app = async (overrides: Parameters<typeof createConfiguredApp>[0] = {}) => {
    const made = await createConfiguredApp(overrides);
    apps.push(made);
    return made;
  };
  afterAll(async () => {
    for (const made of apps) await made.close();
  });

  /** A sign-up form posted with only the cookies and token given. */
  const postSignUp = (target: FastifyInstance, username: string, cookie: string, token: string, headers: Record<string, string> = {}) =>
    target.inject({
      method: 'POST', url: '/signup',
      payload: new URLSearchParams({ _csrf: token, username, email: `${username}@example.com`, password: 'long enough' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie, ...headers },
    });

  it('is __Host-pn_csrf, Secure, host-only and for path / when the public URL is https', async () => {
    const https = await app({ publicUrl: 'https://notes.example' });
    const page = await https.inject({ method: 'GET', url: '/signup' });
    const cookie = page.cookies.find((c) => c.name === '__Host-pn_csrf');
    expect(cookie).toMatchObject({ secure: true, path: '/', httpOnly: true, sameSite: 'Lax' });
    expect(cookie?.domain).toBeUndefined();
    expect(page.cookies.find((c) => c.name === 'pn_csrf')).toBeUndefined();
    const agent = new WebAgent(https);
    expect((await agent.post('/signup', { username: 'hosted', email: 'hosted@example.com', password: 'long enough' }, await agent.get('/signup'))).statusCode).toBe(303);
  });

  it('is __Host-pn_csrf behind a TLS-terminating proxy with an https public URL, and pn_csrf over plain HTTP', async () => {
    const proxied = await app({ trustProxy: true, publicUrl: 'https://notes.example' });
    const secure = await proxied.inject({ method: 'GET', url: '/login', headers: { 'x-forwarded-proto': 'https' } });
    expect(secure.cookies.find((c) => c.name === '__Host-pn_csrf')).toMatchObject({ secure: true, path: '/', httpOnly: true });
    expect(secure.cookies.find((c) => c.name === 'pn_csrf')).toBeUndefined();
    const plainApp = await app();
    const plain = await plainApp.inject({ method: 'GET', url: '/login' });
    expect(plain.cookies.find((c) => c.name === 'pn_csrf')).toMatchObject({ path: '/', httpOnly: true });
    expect(plain.cookies.find((c) => c.name === 'pn_csrf')?.secure).toBeFalsy();
  });

  it('keeps the name the public URL gives it, Secure when a request comes over HTTPS (an http public URL behind a proxy)', async () => {
    // The public URL decides the name (the plugin names its cookie once); a deployment serving HTTPS sets an https one.
    const proxied = await app({ trustProxy: true });
    const secure = await proxied.inject({ method: 'GET', url: '/login', headers: { 'x-forwarded-proto': 'https' } });
    expect(secure.cookies.find((c) => c.name === 'pn_csrf')).toMatchObject({ secure: true, path: '/', httpOnly: true, sameSite: 'Lax' });
    expect(secure.cookies.find((c) => c.name === '__Host-pn_csrf')).toBeUndefined();
    const plain = await proxied.inject({ method: 'GET', url: '/login' });
    expect(plain.cookies.find((c) => c.name === 'pn_csrf')?.secure).toBeFalsy();
    const agent = new WebAgent(proxied);
    const page = await agent.get('/signup');
    const posted = await proxied.inject({
      method: 'POST', url: '/signup',
      payload: new URLSearchParams({ _csrf: csrfToken(page), username: 'proxied', email: 'proxied@example.com', password: 'long enough' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `pn_csrf=${agent.cookie('pn_csrf') ?? ''}`, 'x-forwarded-proto': 'https' },
    });
    expect(posted.statusCode).toBe(303);
  });

  it('under HTTPS never reads a secret planted without the prefix', async () => {
    const plainApp = await app();
    // Over plain HTTP the planted secret is the browser's secret: the form goes through (the token is well made).
    expect((await postSignUp(plainApp, 'planted_http', `pn_csrf=${PLANTED}`, forgedToken(PLANTED))).statusCode).toBe(303);
    const https = await app({ publicUrl: 'https://notes.example' });
    const refused = await postSignUp(https, 'planted_https', `pn_csrf=${PLANTED}`, forgedToken(PLANTED));
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toContain('This form has expired');
    // Behind a proxy too, and whatever prefixed secret the browser holds besides.
    const proxied = await app({ publicUrl: 'https://notes.example', trustProxy: true });
    const own = await proxied.inject({ method: 'GET', url: '/signup', headers: { 'x-forwarded-proto': 'https' } });
    const hostCookie = own.cookies.find((c) => c.name === '__Host-pn_csrf')?.value ?? '';
    const alsoRefused = await postSignUp(proxied, 'planted_proxy', `pn_csrf=${PLANTED}; __Host-pn_csrf=${hostCookie}`, forgedToken(PLANTED), { 'x-forwarded-proto': 'https' });
    expect(alsoRefused.statusCode).toBe(403);
    expect(alsoRefused.body).toContain('This form has expired');
  });

  it('gets a new secret at log-in: a token from before no longer works', async () => {
    const plainApp = await app();
    await signUp(new WebAgent(plainApp), 'rotator', 'rotator password');
    const agent = new WebAgent(plainApp);
    const page = await agent.get('/login');
    const before = agent.cookie('pn_csrf');
    const loggedIn = await agent.post('/login', { username: 'rotator', password: 'rotator password' }, page);
    expect(loggedIn.statusCode).toBe(303);
    const after = agent.cookie('pn_csrf');
    expect(after).toEqual(expect.any(String));
    expect(after).not.toBe(before);
    const stale = await agent.post('/logout', { _csrf: csrfToken(page) });
    expect(stale.statusCode).toBe(403);
    expect((await agent.post('/logout', {}, await agent.get('/logout'))).statusCode).toBe(303);
  });

  it('gets a new secret at sign-up', async () => {
    const https = await app({ publicUrl: 'https://notes.example' });
    const agent = new WebAgent(https);
    const page = await agent.get('/signup');
    const before = agent.cookie('__Host-pn_csrf');
    const res = await agent.post('/signup', { username: 'fresh_secret', email: 'fresh@example.com', password: 'long enough' }, page);
    expect(res.statusCode).toBe(303);
    expect(res.cookies.find((c) => c.name === '__Host-pn_csrf')).toMatchObject({ secure: true, path: '/' });
    expect(agent.cookie('__Host-pn_csrf')).not.toBe(before);
    expect((await agent.post('/logout', { _csrf: csrfToken(page) })).statusCode).toBe(403);
  });

  it('answers a refused form once: no second reply, no error logged', async () => {
    const lines: string[] = [];
    const logStream = new Writable({ write(chunk: Buffer, _encoding, done) { lines.push(chunk.toString()); done(); } });
    const logged = await buildApp(buildContainer(testConfig(), { kind: 'memory' }), { logLevel: 'info', logStream });
    apps.push(logged);
    await logged.ready();
    const page = await logged.inject({ method: 'GET', url: '/login' });
    const cookie = `pn_csrf=${page.cookies.find((c) => c.name === 'pn_csrf')?.value ?? ''}`;
    expect((await postSignUp(logged, 'forged', cookie, 'not-a-token')).statusCode).toBe(403);
    expect((await postSignUp(logged, 'twice', cookie, csrfToken(page), {})).statusCode).toBe(303);
    const twice = await logged.inject({
      method: 'POST', url: '/signup', payload: `_csrf=${encodeURIComponent(csrfToken(page))}&username=a&username=b`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
    });
    expect(twice.statusCode).toBe(400);
    const levels = lines.map((line) => (JSON.parse(line) as { level: number; msg: string }));
    expect(levels.filter((l) => l.level >= 40)).toEqual([]);
  });
});
