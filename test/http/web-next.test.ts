import { createTestApp, type TestApp } from '../support/test-app';
import { hiddenFields, signUp, WebAgent } from '../support/web-agent';

/**
 * `next` after log-in or sign-up: only a path that a browser resolves to this site's own origin (WHATWG URL,
 * against PUBLIC_URL). Each hostile form here was a same-looking path that a browser sends elsewhere.
 */
const HOSTILE = [
  '//evil.example/phish',
  '/\\evil.example/phish',
  '/\t/evil.example/phish',
  '\t//evil.example/phish',
  '/\n/evil.example/phish',
  ' //evil.example/phish',
  'https://evil.example/phish',
  '/\\\\evil.example/phish',
  'javascript:alert(document.cookie)',
  'http://pn.test@evil.example/phish',
  // Same origin as written, but the path resolves to `//evil.example/…`, which a browser reads as a host.
  '/.//evil.example/phish',
  '/%2e//evil.example/phish',
  '/x/..//evil.example/phish',
];

describe('the page to return to after log-in or sign-up', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ storage: 'memory' });
    await signUp(new WebAgent(t.app), 'returner', 'the right password');
  });
  afterAll(() => t.close());

  const logIn = async (next: string) => {
    const agent = new WebAgent(t.app);
    const page = await agent.get('/login');
    return agent.post('/login', { username: 'returner', password: 'the right password', next }, page);
  };

  it.each(HOSTILE)('never leaves the site for next=%j', async (next) => {
    const res = await logIn(next);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/settings/applications');
  });

  it('drops a hostile next from the log-in and sign-up pages too', async () => {
    for (const next of HOSTILE) {
      const query = `next=${encodeURIComponent(next)}`;
      expect(hiddenFields(await t.app.inject({ method: 'GET', url: `/login?${query}` })).next).toBeUndefined();
      expect(hiddenFields(await t.app.inject({ method: 'GET', url: `/signup?${query}` })).next).toBeUndefined();
    }
  });

  it('after sign-up as well', async () => {
    const agent = new WebAgent(t.app);
    const page = await agent.get('/signup');
    const res = await agent.post('/signup', { username: 'newcomer', email: 'newcomer@example.com', password: 'long enough', next: '/\t/evil.example/phish' }, page);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/settings/applications');
  });

  it.each([
    ['/settings/authorizations?revoked=1#list', '/settings/authorizations?revoked=1#list'],
    ['/oauth/authorize?client_id=abc&redirect_uri=https%3A%2F%2Fa.example%2Fcb&state=a+b', '/oauth/authorize?client_id=abc&redirect_uri=https%3A%2F%2Fa.example%2Fcb&state=a+b'],
    ['http://pn.test/settings/applications', '/settings/applications'],
    ['settings/authorizations', '/settings/authorizations'],
  ])('returns to the same-origin path %j', async (next, location) => {
    const res = await logIn(next);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(location);
  });
});
