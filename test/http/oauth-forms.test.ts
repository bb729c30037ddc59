import { CLIENT_REPOSITORY, type ClientRepository } from '../../src/application/ports/client-repository';
import { DomainError } from '../../src/domain/domain-error';
import { createTestApp, type TestApp } from '../support/test-app';
import { consent, csrfToken, hiddenFields, postForm, redirectParams, registerApp, signUp, WebAgent, type RegisteredApp } from '../support/web-agent';

const CALLBACK = 'https://forms.example/cb';

/** The OAuth endpoints read their parameters through TypeBox schemas: each parameter once (RFC 6749 §3.1, §3.2). */
describe('OAuth parameters checked by their schemas', () => {
  let t: TestApp;
  let agent: WebAgent;
  let app: RegisteredApp;

  beforeAll(async () => {
    t = await createTestApp({ storage: 'memory' });
    agent = new WebAgent(t.app);
    await signUp(agent, 'forma');
    app = await registerApp(agent, { name: 'Forms', redirectUris: [CALLBACK] });
  });
  afterAll(() => t.close());

  const query = (extra = '') => `client_id=${app.clientId}&redirect_uri=${encodeURIComponent(CALLBACK)}&response_type=code${extra}`;
  const rawToken = (url: string, payload: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers } });
  const secretFields = () => `client_id=${app.clientId}&client_secret=${encodeURIComponent(app.clientSecret ?? '')}`;

  it('shows an error page, never a redirect, for an authorization parameter sent twice', async () => {
    for (const [extra, name] of [['&state=a&state=b', 'state'], [`&client_id=${app.clientId}`, 'client_id'], ['&scope=read&scope=write', 'scope']]) {
      const res = await agent.get(`/oauth/authorize?${query(extra)}`);
      expect(res.statusCode).toBe(400);
      expect(res.headers.location).toBeUndefined();
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toContain(`The parameter ${name} must be sent once.`);
      // The session is read before the parameters are checked: the page knows who is signed in.
      expect(res.body).toContain('Signed in as <strong>forma</strong>');
    }
  });

  it('refuses redirect_uri and redirect_url naming different addresses', async () => {
    const res = await agent.get(`/oauth/authorize?${query(`&redirect_url=${encodeURIComponent('https://other.example/cb')}`)}`);
    expect(res.statusCode).toBe(400);
    expect(res.headers.location).toBeUndefined();
    expect(res.body).toContain('The parameters redirect_uri and redirect_url name different addresses.');
  });

  it('refuses a consent form with a parameter sent twice, and issues no code', async () => {
    const page = await agent.get(`/oauth/authorize?${query('&state=once')}`);
    const fields = new URLSearchParams({ ...hiddenFields(page), decision: 'allow', _csrf: csrfToken(page) });
    fields.append('state', 'twice');
    const res = await t.app.inject({
      method: 'POST', url: '/oauth/authorize', payload: fields.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `pn_csrf=${agent.cookie('pn_csrf') ?? ''}; pn_session=${agent.cookie('pn_session') ?? ''}` },
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers.location).toBeUndefined();
    expect(res.body).toContain('The parameter state must be sent once.');
  });

  it('still takes several ticked scopes on the consent form', async () => {
    const redirect = await consent(agent, { client_id: app.clientId, redirect_uri: CALLBACK, response_type: 'code', scope: 'write contacts' }, { grant: ['write', 'contacts'] });
    const code = redirectParams(redirect).get('code') ?? '';
    const res = await postForm(t.app, '/oauth/access_token', {
      grant_type: 'authorization_code', code, redirect_uri: CALLBACK, client_id: app.clientId, client_secret: app.clientSecret ?? '',
    });
    expect(res.json()).toMatchObject({ scope: 'read write contacts' });
  });

  it('refuses a token parameter sent twice or bracketed, whatever its name', async () => {
    const cases: [string, string][] = [
      ['grant_type=authorization_code&code=a&code=b', 'code'],
      // Ajv's coercion would read `code[]=a` as `code=a`; here it is not the parameter `code`.
      ['grant_type=authorization_code&code%5B%5D=a', 'code'],
      ['grant_type=authorization_code&code%5Bx%5D=a', 'code'],
      ['grant_type=authorization_code&code=a&extension=1&extension=2', 'extension'],
    ];
    for (const [body, name] of cases) {
      const res = await rawToken('/oauth/access_token', `${body}&redirect_uri=x&${secretFields()}`);
      expect(res.statusCode).toBe(400);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json()).toEqual({ error: 'invalid_request', error_description: `the parameter ${name} must be sent once` });
    }
  });

  it('ignores an unknown token parameter sent once', async () => {
    const res = await rawToken('/oauth/access_token', `grant_type=authorization_code&code=made-up&redirect_uri=x&extension=1&${secretFields()}`);
    expect(res.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('answers a request without a form body as invalid_request', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/oauth/access_token' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'invalid_request' });
  });

  it('answers a failed HTTP Basic authentication with 401 and a Basic challenge', async () => {
    const basic = Buffer.from(`${app.clientId}:wrong`).toString('base64');
    const res = await rawToken('/oauth/access_token', 'grant_type=authorization_code&code=made-up&redirect_uri=x', { authorization: `Basic ${basic}` });
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Basic realm="place-notes"');
    expect(res.json()).toEqual({ error: 'invalid_client', error_description: expect.any(String) });
  });

  it('refuses a revocation parameter sent twice', async () => {
    const res = await rawToken('/oauth/revoke', `token=a&token=b&${secretFields()}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'invalid_request', error_description: 'the parameter token must be sent once' });
  });

  it('answers 503 temporarily_unavailable with Retry-After while the database is away', async () => {
    const clients = t.container.resolve<ClientRepository>(CLIENT_REPOSITORY);
    const outage = jest.spyOn(clients, 'findByClientId').mockRejectedValueOnce(new DomainError('unavailable', 'the database is unavailable; try again in a few seconds'));
    try {
      const res = await rawToken('/oauth/access_token', `grant_type=authorization_code&code=made-up&redirect_uri=x&${secretFields()}`);
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toEqual(expect.any(String));
      expect(res.json()).toEqual({ error: 'temporarily_unavailable', error_description: 'the database is unavailable; try again in a few seconds' });
    } finally {
      outage.mockRestore();
    }
  });
});
