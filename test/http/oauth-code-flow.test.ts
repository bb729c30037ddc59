import { TEST_PUBLIC_URL } from '../support/test-config';
import { ALL_STORAGES, createTestApp, type TestApp } from '../support/test-app';
import { csrfToken, hiddenFields, pkcePair, redirectParams, registerApp, signUp, WebAgent, type RegisteredApp } from '../support/web-agent';

const CALLBACK = 'https://client.example/callback';

describe.each(ALL_STORAGES)('the OAuth code flow over %s storage', (storage) => {
  let t: TestApp;
  let agent: WebAgent;
  let app: RegisteredApp;

  beforeAll(async () => {
    t = await createTestApp({ storage });
    agent = new WebAgent(t.app);
    await signUp(agent, 'olga');
    app = await registerApp(agent, { name: 'Olga’s <Maps>', redirectUris: [CALLBACK, 'http://localhost:8080/cb'] });
  });
  afterAll(() => t.close());

  const authorizeUrl = (params: Record<string, string>) =>
    `/oauth/authorize?${new URLSearchParams({ client_id: app.clientId, redirect_uri: CALLBACK, response_type: 'code', ...params }).toString()}`;

  /** Shows the consent page and allows it, keeping the given scopes checked. */
  const allow = async (params: Record<string, string>, grant: string[]) => {
    const consent = await agent.get(authorizeUrl(params));
    expect(consent.statusCode).toBe(200);
    return agent.post('/oauth/authorize', { ...hiddenFields(consent), grant, decision: 'allow' }, consent);
  };

  const exchange = (fields: Record<string, string>, headers: Record<string, string> = {}) => t.app.inject({
    method: 'POST', url: '/oauth/access_token', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(fields).toString(),
  });

  const codeFields = (code: string, extra: Record<string, string> = {}) => ({
    grant_type: 'authorization_code', code, redirect_uri: CALLBACK, client_id: app.clientId, client_secret: app.clientSecret ?? '', ...extra,
  });

  it('shows a consent page listing the requested scopes as check boxes, with Allow and Deny', async () => {
    const page = await agent.get(authorizeUrl({ scope: 'read write contacts', state: 'xyz' }));
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.body).toContain('Olga’s &lt;Maps&gt;');
    for (const scope of ['write', 'contacts']) expect(page.body).toMatch(new RegExp(`type="checkbox" id="grant-${scope}" name="grant" value="${scope}" checked`));
    expect(page.body).toContain('value="allow">Allow</button>');
    expect(page.body).toContain('value="deny" class="secondary">Deny</button>');
  });

  it('redirects with a code and the state unchanged, then exchanges it for the scopes granted and the user', async () => {
    const state = 'a b/c?d=e&f';
    const redirect = await allow({ scope: 'read write contacts', state }, ['write']);
    expect(redirect.statusCode).toBe(303);
    expect(redirect.headers['cache-control']).toBe('no-store');
    expect(redirect.headers['referrer-policy']).toBe('no-referrer');
    expect(redirect.headers.location).toMatch(/^https:\/\/client\.example\/callback\?/);
    const params = redirectParams(redirect);
    expect(params.get('state')).toBe(state);
    // RFC 9207: the issuer, so a client talking to several servers knows which one answered.
    expect(params.get('iss')).toBe(TEST_PUBLIC_URL);
    const code = params.get('code') ?? '';
    expect(code.length).toBeGreaterThanOrEqual(22);

    const res = await exchange(codeFields(code));
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    const body = res.json<Record<string, unknown>>();
    expect(body).toMatchObject({ token_type: 'bearer', scope: 'read write', user: { id: expect.any(Number), username: 'olga' } });
    expect(body.access_token).toEqual(expect.any(String));
    expect(body.refresh_token).toEqual(expect.any(String));
    expect(body).not.toHaveProperty('expires_in');

    const me = await t.request({ method: 'POST', url: '/v2/notemaps', token: String(body.access_token), payload: { name: 'Mine' } });
    expect(me.statusCode).toBe(201);
    const follow = await t.request({ method: 'POST', url: `/v2/users/${(body.user as { id: number }).id}/followers`, token: String(body.access_token) });
    expect(follow.statusCode).toBe(403);
  });

  it('accepts the client credentials by HTTP Basic', async () => {
    const code = redirectParams(await allow({}, [])).get('code') ?? '';
    // RFC 6749 §2.3.1: both parts are form-encoded before base64, as oauth4webapi does ("-" as %2D, "_" as %5F).
    const encoded = (app.clientSecret ?? '').replace(/[-_]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
    const basic = Buffer.from(`${app.clientId}:${encoded}`).toString('base64');
    const res = await exchange({ grant_type: 'authorization_code', code, redirect_uri: CALLBACK }, { authorization: `Basic ${basic}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ scope: 'read', user: { username: 'olga' } });
    const both = await exchange({ grant_type: 'authorization_code', code, redirect_uri: CALLBACK, client_secret: 'x' }, { authorization: `Basic ${basic}` });
    expect(both.json()).toMatchObject({ error: 'invalid_request' });
  });

  it('accepts redirect_url as the name of redirect_uri', async () => {
    const page = await agent.get(`/oauth/authorize?${new URLSearchParams({ client_id: app.clientId, redirect_url: CALLBACK, response_type: 'code' }).toString()}`);
    expect(page.statusCode).toBe(200);
    expect(hiddenFields(page).redirect_uri).toBe(CALLBACK);
  });

  it('refuses a reused code and revokes the tokens issued from it', async () => {
    const code = redirectParams(await allow({ scope: 'write' }, ['write'])).get('code') ?? '';
    const first = await exchange(codeFields(code));
    expect(first.statusCode).toBe(200);
    const { access_token: accessToken, refresh_token: refreshToken } = first.json<{ access_token: string; refresh_token: string }>();
    expect((await t.request({ method: 'POST', url: '/v2/notemaps', token: accessToken, payload: { name: 'x' } })).statusCode).toBe(201);

    const second = await exchange(codeFields(code));
    expect(second.statusCode).toBe(400);
    expect(second.json()).toEqual({ error: 'invalid_grant', error_description: expect.any(String) });
    const after = await t.request({ method: 'POST', url: '/v2/notemaps', token: accessToken, payload: { name: 'x' } });
    expect(after.statusCode).toBe(401);
    expect(after.headers['www-authenticate']).toContain('error="invalid_token"');
    const refreshed = await exchange({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: app.clientId, client_secret: app.clientSecret ?? '' });
    expect(refreshed.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('binds a code to its client and its redirect URI', async () => {
    const other = await registerApp(agent, { name: 'Other', redirectUris: [CALLBACK] });
    const code = redirectParams(await allow({}, [])).get('code') ?? '';
    const stolen = await exchange({ ...codeFields(code), client_id: other.clientId, client_secret: other.clientSecret ?? '' });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json()).toMatchObject({ error: 'invalid_grant' });

    const code2 = redirectParams(await allow({}, [])).get('code') ?? '';
    const wrongUri = await exchange(codeFields(code2, { redirect_uri: 'http://localhost:8080/cb' }));
    expect(wrongUri.statusCode).toBe(400);
    expect(wrongUri.json()).toMatchObject({ error: 'invalid_request' });
  });

  it('refuses a wrong client secret with invalid_client', async () => {
    const code = redirectParams(await allow({}, [])).get('code') ?? '';
    const res = await exchange(codeFields(code, { client_secret: 'not-the-secret' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'invalid_client', error_description: expect.any(String) });
    const basic = Buffer.from(`${app.clientId}:wrong`).toString('base64');
    const viaBasic = await exchange({ grant_type: 'authorization_code', code, redirect_uri: CALLBACK }, { authorization: `Basic ${basic}` });
    expect(viaBasic.statusCode).toBe(401);
    expect(viaBasic.headers['www-authenticate']).toMatch(/^Basic /);
  });

  it('enforces PKCE S256 when a challenge was sent', async () => {
    const { verifier, challenge } = pkcePair();
    const withPkce = { code_challenge: challenge, code_challenge_method: 'S256' };
    const missing = redirectParams(await allow(withPkce, [])).get('code') ?? '';
    const noVerifier = await exchange(codeFields(missing));
    expect(noVerifier.statusCode).toBe(400);
    expect(noVerifier.json()).toMatchObject({ error: 'invalid_grant', error_description: 'Missing parameter: `code_verifier`' });

    const wrong = redirectParams(await allow(withPkce, [])).get('code') ?? '';
    const badVerifier = await exchange(codeFields(wrong, { code_verifier: pkcePair().verifier }));
    expect(badVerifier.json()).toMatchObject({ error: 'invalid_grant' });

    const good = redirectParams(await allow(withPkce, [])).get('code') ?? '';
    expect((await exchange(codeFields(good, { code_verifier: verifier }))).statusCode).toBe(200);

    const plain = await agent.get(authorizeUrl({ code_challenge: challenge, code_challenge_method: 'plain', state: 's1' }));
    expect(plain.statusCode).toBe(303);
    expect(Object.fromEntries(redirectParams(plain))).toMatchObject({ error: 'invalid_request', state: 's1' });
  });

  it('lets a public client use the code flow only with PKCE', async () => {
    const pub = await registerApp(agent, { name: 'Public', redirectUris: [CALLBACK], isPublic: true });
    expect(pub.clientSecret).toBeNull();
    const base = { client_id: pub.clientId, redirect_uri: CALLBACK, response_type: 'code', state: 'p' };
    const without = await agent.get(`/oauth/authorize?${new URLSearchParams(base).toString()}`);
    expect(without.statusCode).toBe(303);
    expect(Object.fromEntries(redirectParams(without))).toMatchObject({ error: 'invalid_request', state: 'p' });

    const { verifier, challenge } = pkcePair();
    const consent = await agent.get(`/oauth/authorize?${new URLSearchParams({ ...base, code_challenge: challenge, code_challenge_method: 'S256' }).toString()}`);
    const redirect = await agent.post('/oauth/authorize', { ...hiddenFields(consent), decision: 'allow' }, consent);
    const code = redirectParams(redirect).get('code') ?? '';
    const noVerifier = await exchange({ grant_type: 'authorization_code', code, redirect_uri: CALLBACK, client_id: pub.clientId });
    // Without a verifier a public client has nothing to authenticate with.
    expect(noVerifier.statusCode).toBe(400);
    expect(noVerifier.json()).toMatchObject({ error: 'invalid_client' });
    const withSecret = await exchange({ grant_type: 'authorization_code', code, redirect_uri: CALLBACK, client_id: pub.clientId, client_secret: 'guess', code_verifier: verifier });
    expect(withSecret.json()).toMatchObject({ error: 'invalid_client' });

    const code2 = redirectParams(await agent.post('/oauth/authorize', { ...hiddenFields(consent), decision: 'allow' }, consent)).get('code') ?? '';
    const ok = await exchange({ grant_type: 'authorization_code', code: code2, redirect_uri: CALLBACK, client_id: pub.clientId, code_verifier: verifier });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ token_type: 'bearer', scope: 'read', user: { username: 'olga' } });
  });

  it('shows an error page and never redirects for an unknown client or a redirect URI not registered exactly', async () => {
    for (const url of [
      authorizeUrl({ redirect_uri: 'https://client.example/callback/' }),
      authorizeUrl({ redirect_uri: 'https://evil.example/callback' }),
      authorizeUrl({ redirect_uri: 'https://CLIENT.example/callback' }),
      authorizeUrl({ client_id: 'nope' }),
      `/oauth/authorize?${new URLSearchParams({ client_id: app.clientId, response_type: 'code' }).toString()}`,
    ]) {
      const res = await agent.get(url);
      expect(res.statusCode).toBe(400);
      expect(res.headers.location).toBeUndefined();
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-store');
    }
    const consent = await agent.get(authorizeUrl({}));
    const forged = await agent.post('/oauth/authorize', { ...hiddenFields(consent), redirect_uri: 'https://evil.example/cb', decision: 'allow' }, consent);
    expect(forged.statusCode).toBe(400);
    expect(forged.headers.location).toBeUndefined();
  });

  it('redirects Deny with access_denied and the state', async () => {
    const consent = await agent.get(authorizeUrl({ state: 'st8' }));
    const res = await agent.post('/oauth/authorize', { ...hiddenFields(consent), decision: 'deny' }, consent);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toMatch(/^https:\/\/client\.example\/callback\?/);
    expect(Object.fromEntries(redirectParams(res))).toEqual({ error: 'access_denied', error_description: expect.any(String), state: 'st8', iss: TEST_PUBLIC_URL });
  });

  it('refuses a consent POST without a valid CSRF token', async () => {
    const consent = await agent.get(authorizeUrl({ state: 'csrf' }));
    const fields = { ...hiddenFields(consent), decision: 'allow' };
    const none = await agent.post('/oauth/authorize', fields);
    expect(none.statusCode).toBe(403);
    expect(none.headers.location).toBeUndefined();
    expect(none.body).toContain('This form has expired');
    const forged = await agent.post('/oauth/authorize', { ...fields, _csrf: `${csrfToken(consent)}x` });
    expect(forged.statusCode).toBe(403);
    // Another browser's valid token does not fit this browser's secret.
    const stranger = new WebAgent(t.app);
    const strangerPage = await stranger.get('/login');
    const crossed = await agent.post('/oauth/authorize', { ...fields, _csrf: csrfToken(strangerPage) });
    expect(crossed.statusCode).toBe(403);
  });

  it('redirects request errors to the client once the redirect URI is trusted', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ response_type: 'bogus' }, 'unsupported_response_type'],
      [{ response_type: '' }, 'invalid_request'],
      [{ scope: 'read fly' }, 'invalid_scope'],
    ];
    for (const [params, error] of cases) {
      const res = await agent.get(authorizeUrl({ ...params, state: 'e' }));
      expect(res.statusCode).toBe(303);
      expect(Object.fromEntries(redirectParams(res))).toMatchObject({ error, state: 'e', iss: TEST_PUBLIC_URL });
    }
  });
});
