import { createTestApp, type TestApp } from '../support/test-app';
import { csrfToken, signUp, WebAgent } from '../support/web-agent';

/** The account forms are checked by their TypeBox schemas: one text value per field, other fields ignored. */
describe('web forms checked by their schemas', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ storage: 'memory' });
  });
  afterAll(() => t.close());

  /** Posts a raw urlencoded body with this agent's cookies and the page's CSRF token. */
  const postRaw = async (agent: WebAgent, url: string, page: Awaited<ReturnType<WebAgent['get']>>, body: string) => {
    const cookie = ['pn_csrf', 'pn_session'].filter((name) => agent.cookie(name) !== undefined).map((name) => `${name}=${agent.cookie(name) ?? ''}`).join('; ');
    return t.app.inject({
      method: 'POST', url, payload: `_csrf=${encodeURIComponent(csrfToken(page))}&${body}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
    });
  };

  it('shows the sign-up form again when a field is sent twice or bracketed, keeping nothing it cannot read', async () => {
    const agent = new WebAgent(t.app);
    const form = await agent.get('/signup');
    for (const body of ['username=twice&username=again&email=t%40example.com&password=long+enough', 'username%5Bx%5D=nested&email=t%40example.com&password=long+enough']) {
      const res = await postRaw(agent, '/signup', form, body);
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain('<li>Username must be sent once.</li>');
      expect(res.body).toContain('<form class="card" method="post" action="/signup"');
      expect(res.body).not.toContain('value="t@example.com"');
    }
  });

  it('ignores fields a form does not name, and reads a missing one as empty', async () => {
    const agent = new WebAgent(t.app);
    const form = await agent.get('/signup');
    const ok = await agent.post('/signup', { username: 'extra_fields', email: 'extra@example.com', password: 'long enough', shoe_size: '44', admin: ['1', '2'] }, form);
    expect(ok.statusCode).toBe(303);
    const missing = await new WebAgent(t.app).post('/signup', { email: 'nobody@example.com' }, form);
    // Another browser's token: the form is refused before anything else is looked at.
    expect(missing.statusCode).toBe(403);
    const own = await agent.post('/signup', { email: 'm@example.com' }, await agent.get('/signup'));
    expect(own.statusCode).toBe(400);
    expect(own.body).toContain('Username must be 2-30');
    expect(own.body).toContain('Password must be at least 8 characters.');
  });

  it('shows the log-in form again for a field sent twice, and for a missing password', async () => {
    await signUp(new WebAgent(t.app), 'form_member', 'the right password');
    const agent = new WebAgent(t.app);
    const page = await agent.get('/login');
    const twice = await postRaw(agent, '/login', page, 'username=form_member&password=the+right+password&password=again');
    expect(twice.statusCode).toBe(400);
    expect(twice.body).toContain('<li>Password must be sent once.</li>');
    expect(twice.cookies.find((c) => c.name === 'pn_session')).toBeUndefined();
    const missing = await agent.post('/login', { username: 'form_member' }, page);
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain('The username or password is wrong.');
    expect(missing.body).toContain('value="form_member"');
  });

  it('shows the registration form again, with the member’s applications, for a field sent twice', async () => {
    const agent = new WebAgent(t.app);
    await signUp(agent, 'form_builder');
    const page = await agent.get('/settings/applications');
    const res = await postRaw(agent, '/settings/applications', page, 'name=One&name=Two&redirect_uris=https%3A%2F%2Fa.example%2Fcb');
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('<li>Name: must be sent once.</li>');
    expect(res.body).toContain('Signed in as <strong>form_builder</strong>');
    expect(res.body).toContain('<button type="submit">Register application</button>');
  });

  it('answers a query parameter sent twice with an error page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/login?next=%2Fa&next=%2Fb' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('the parameter next must be sent once');
  });
});
