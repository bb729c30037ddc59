import { MEMORY_STORE, type MemoryStore } from '../../src/adapters/persistence/memory/memory-store';
import { createConfiguredApp } from '../support/configured-app';
import { TEST_PUBLIC_URL } from '../support/test-config';
import { ALL_STORAGES, createTestApp, type TestApp } from '../support/test-app';
import {
  consent, pkcePair, postForm, redirectParams, registerApp, signUp, WebAgent, type RegisteredApp,
} from '../support/web-agent';

const CALLBACK = 'https://life.example/cb';

describe.each(ALL_STORAGES)('OAuth token life over %s storage', (storage) => {
  let t: TestApp;
  let agent: WebAgent;
  let app: RegisteredApp;

  beforeAll(async () => {
    t = await createTestApp({ storage });
    agent = new WebAgent(t.app);
    await signUp(agent, 'lena');
    app = await registerApp(agent, { name: 'Life', redirectUris: [CALLBACK], allowImplicit: true });
  });
  afterAll(() => t.close());

  const params = (extra: Record<string, string> = {}) => ({ client_id: app.clientId, redirect_uri: CALLBACK, response_type: 'code', ...extra });
  const secretOf = (client: RegisteredApp) => ({ client_id: client.clientId, client_secret: client.clientSecret ?? '' });
  const tokens = async (scope = 'write', grant = ['write']) => {
    const code = redirectParams(await consent(agent, params({ scope }), { grant })).get('code') ?? '';
    const res = await postForm(t.app, '/oauth/access_token', { grant_type: 'authorization_code', code, redirect_uri: CALLBACK, ...secretOf(app) });
    expect(res.statusCode).toBe(200);
    return res.json<{ access_token: string; refresh_token: string; scope: string }>();
  };
  const canWrite = async (token: string) =>
    (await t.request({ method: 'POST', url: '/v2/notemaps', token, payload: { name: 'probe' } })).statusCode;
  const refresh = (refreshToken: string, client: Record<string, string> = secretOf(app)) =>
    postForm(t.app, '/oauth/access_token', { grant_type: 'refresh_token', refresh_token: refreshToken, ...client });

  describe('client-side flow', () => {
    it('puts a read-only token, its type, scope and the state in the redirect query', async () => {
      const page = await agent.get(`/oauth/authorize?${new URLSearchParams(params({ response_type: 'token', scope: 'readall write', state: 'imp' })).toString()}`);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('value="readall" checked');
      expect(page.body).not.toContain('value="write"');
      const redirect = await consent(agent, params({ response_type: 'token', scope: 'readall write', state: 'imp' }), { grant: ['readall'] });
      expect(redirect.statusCode).toBe(303);
      expect(redirect.headers['cache-control']).toBe('no-store');
      const query = Object.fromEntries(redirectParams(redirect));
      expect(query).toEqual({ access_token: expect.any(String), token_type: 'bearer', scope: 'read readall', state: 'imp', iss: TEST_PUBLIC_URL });
      expect(new URL(redirect.headers.location as string).hash).toBe('');
      expect(await canWrite(query.access_token ?? '')).toBe(403);
      const read = await t.request({ method: 'GET', url: '/v2/notes', token: query.access_token });
      expect(read.statusCode).toBe(200);
    });

    it('is refused when the application turned it off', async () => {
      const off = await registerApp(agent, { name: 'No implicit', redirectUris: [CALLBACK] });
      const res = await agent.get(`/oauth/authorize?${new URLSearchParams({ client_id: off.clientId, redirect_uri: CALLBACK, response_type: 'token', state: 'x' }).toString()}`);
      expect(res.statusCode).toBe(303);
      expect(Object.fromEntries(redirectParams(res))).toMatchObject({ error: 'unauthorized_client', state: 'x', iss: TEST_PUBLIC_URL });
    });
  });

  describe('refresh tokens', () => {
    it('exchange a refresh token once for new tokens with the same scope', async () => {
      const first = await tokens();
      const res = await refresh(first.refresh_token);
      expect(res.statusCode).toBe(200);
      const second = res.json<{ access_token: string; refresh_token: string; scope: string; user: unknown }>();
      expect(second).toMatchObject({ token_type: 'bearer', scope: 'read write', user: { username: 'lena' } });
      expect(second.refresh_token).not.toBe(first.refresh_token);
      expect(await canWrite(second.access_token)).toBe(201);
      const narrower = await postForm(t.app, '/oauth/access_token', { grant_type: 'refresh_token', refresh_token: second.refresh_token, scope: 'read', ...secretOf(app) });
      expect(narrower.statusCode).toBe(200);
      expect(narrower.json()).toMatchObject({ scope: 'read' });
    });

    it('rotate: using a refresh token revokes it and the access token issued with it', async () => {
      const first = await tokens();
      const second = (await refresh(first.refresh_token)).json<{ access_token: string; refresh_token: string }>();
      expect(await canWrite(first.access_token)).toBe(401);
      expect(await canWrite(second.access_token)).toBe(201);
      const third = await refresh(second.refresh_token);
      expect(third.statusCode).toBe(200);
      expect(await canWrite(second.access_token)).toBe(401);
    });

    it('revoke the whole family when a used refresh token comes back, and nothing else', async () => {
      const first = await tokens();
      const second = (await refresh(first.refresh_token)).json<{ access_token: string; refresh_token: string }>();
      const third = (await refresh(second.refresh_token)).json<{ access_token: string; refresh_token: string }>();
      const otherGrant = await tokens();
      expect(await canWrite(third.access_token)).toBe(201);

      const replay = await refresh(first.refresh_token);
      expect(replay.statusCode).toBe(400);
      expect(replay.json()).toMatchObject({ error: 'invalid_grant' });
      // Every token descended from that authorization is revoked: the attacker's or the client's, whichever is which.
      expect(await canWrite(third.access_token)).toBe(401);
      expect((await refresh(third.refresh_token)).json()).toMatchObject({ error: 'invalid_grant' });
      // Another authorization of the same member and application is another family.
      expect(await canWrite(otherGrant.access_token)).toBe(201);
      expect((await refresh(otherGrant.refresh_token)).statusCode).toBe(200);
    });

    it('treat two concurrent uses of one refresh token as a replay: one answer at most, and no live token after', async () => {
      const first = await tokens();
      const answers = await Promise.all([refresh(first.refresh_token), refresh(first.refresh_token)]);
      const statuses = answers.map((a) => a.statusCode).sort();
      expect(statuses[1]).toBe(400);
      for (const answer of answers.filter((a) => a.statusCode === 200)) {
        const issued = answer.json<{ access_token: string; refresh_token: string }>();
        expect(await canWrite(issued.access_token)).toBe(401);
        expect((await refresh(issued.refresh_token)).json()).toMatchObject({ error: 'invalid_grant' });
      }
    });

    it('needs the client’s secret, except from a public client', async () => {
      const first = await tokens();
      expect((await refresh(first.refresh_token, { client_id: app.clientId })).json()).toMatchObject({ error: 'invalid_client' });
      const other = await registerApp(agent, { name: 'Other', redirectUris: [CALLBACK] });
      expect((await refresh(first.refresh_token, secretOf(other))).json()).toMatchObject({ error: 'invalid_grant' });

      const pub = await registerApp(agent, { name: 'Pub', redirectUris: [CALLBACK], isPublic: true });
      const { verifier, challenge } = pkcePair();
      const redirect = await consent(agent, { client_id: pub.clientId, redirect_uri: CALLBACK, response_type: 'code', code_challenge: challenge, code_challenge_method: 'S256' });
      const issued = await postForm(t.app, '/oauth/access_token', {
        grant_type: 'authorization_code', code: redirectParams(redirect).get('code') ?? '', redirect_uri: CALLBACK, client_id: pub.clientId, code_verifier: verifier,
      });
      const res = await refresh(issued.json<{ refresh_token: string }>().refresh_token, { client_id: pub.clientId });
      expect(res.statusCode).toBe(200);
    });
  });

  describe('revocation (RFC 7009)', () => {
    const revoke = (token: string, client: Record<string, string> = secretOf(app), extra: Record<string, string> = {}) =>
      postForm(t.app, '/oauth/revoke', { token, ...client, ...extra });

    it('revokes an access token together with its refresh token', async () => {
      const issued = await tokens();
      // Used first, so its look-up is cached: the revocation must end it all the same.
      expect(await canWrite(issued.access_token)).toBe(201);
      const res = await revoke(issued.access_token);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(await canWrite(issued.access_token)).toBe(401);
      expect((await refresh(issued.refresh_token)).json()).toMatchObject({ error: 'invalid_grant' });
    });

    it('revokes a refresh token together with its access token, by HTTP Basic too', async () => {
      const issued = await tokens();
      const basic = Buffer.from(`${app.clientId}:${app.clientSecret ?? ''}`).toString('base64');
      expect(await canWrite(issued.access_token)).toBe(201);
      const res = await postForm(t.app, '/oauth/revoke', { token: issued.refresh_token, token_type_hint: 'refresh_token' }, { authorization: `Basic ${basic}` });
      expect(res.statusCode).toBe(200);
      expect(await canWrite(issued.access_token)).toBe(401);
    });

    it('answers 200 for an unknown token and leaves another client’s token alone', async () => {
      expect((await revoke('no-such-token')).statusCode).toBe(200);
      const issued = await tokens();
      const other = await registerApp(agent, { name: 'Thief', redirectUris: [CALLBACK] });
      expect((await revoke(issued.access_token, secretOf(other))).statusCode).toBe(200);
      expect(await canWrite(issued.access_token)).toBe(201);
    });

    it('refuses a wrong client secret and a missing token', async () => {
      const issued = await tokens();
      const wrong = await revoke(issued.access_token, { client_id: app.clientId, client_secret: 'nope' });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toEqual({ error: 'invalid_client', error_description: expect.any(String) });
      expect(await canWrite(issued.access_token)).toBe(201);
      const missing = await postForm(t.app, '/oauth/revoke', secretOf(app));
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({ error: 'invalid_request' });
    });
  });

  describe('/settings/authorizations', () => {
    it('lists the applications holding access and revokes one: tokens, refresh tokens and unused codes end', async () => {
      const viewer = new WebAgent(t.app);
      await signUp(viewer, 'revoker');
      const grant = async () => {
        const code = redirectParams(await consent(viewer, params({ scope: 'write contacts' }), { grant: ['write', 'contacts'] })).get('code') ?? '';
        return postForm(t.app, '/oauth/access_token', { grant_type: 'authorization_code', code, redirect_uri: CALLBACK, ...secretOf(app) })
          .then((r) => r.json<{ access_token: string; refresh_token: string }>());
      };
      const issued = await grant();
      expect(await canWrite(issued.access_token)).toBe(201);
      const pendingCode = redirectParams(await consent(viewer, params())).get('code') ?? '';

      const page = await viewer.get('/settings/authorizations');
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<h2 id="auth-');
      expect(page.body).toContain('>Life</h2>');
      expect(page.body).toContain('Follow and unfollow members for you');
      expect(page.body).toContain('Revoke access</button>');

      const res = await viewer.post(`/settings/authorizations/${app.clientId}/revoke`, {}, page);
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/settings/authorizations?revoked=1');
      expect(await canWrite(issued.access_token)).toBe(401);
      expect((await refresh(issued.refresh_token)).json()).toMatchObject({ error: 'invalid_grant' });
      const late = await postForm(t.app, '/oauth/access_token', { grant_type: 'authorization_code', code: pendingCode, redirect_uri: CALLBACK, ...secretOf(app) });
      expect(late.json()).toMatchObject({ error: 'invalid_grant' });
      const after = await viewer.get('/settings/authorizations?revoked=1');
      expect(after.body).toContain('Access revoked.');
      expect(after.body).toContain('No application holds access to your account.');
      // Someone else's grant to the same application is untouched.
      expect(await canWrite((await tokens()).access_token)).toBe(201);
    });
  });

  describe('token endpoint errors (RFC 6749 §5.2)', () => {
    const cases: [string, Record<string, string>, number, string][] = [
      ['an unknown grant type', { grant_type: 'urn:example:teleport' }, 400, 'unsupported_grant_type'],
      // RFC 6749 §5.2: the server does not support these, though the library knows them.
      ['the password grant', { grant_type: 'password', username: 'lena', password: 'x' }, 400, 'unsupported_grant_type'],
      ['the client credentials grant', { grant_type: 'client_credentials' }, 400, 'unsupported_grant_type'],
      ['no grant type', {}, 400, 'invalid_request'],
      ['no code', { grant_type: 'authorization_code', redirect_uri: CALLBACK }, 400, 'invalid_request'],
      ['an unknown code', { grant_type: 'authorization_code', code: 'made-up', redirect_uri: CALLBACK }, 400, 'invalid_grant'],
    ];
    it.each(cases)('answers %s', async (_name, fields, status, error) => {
      const res = await postForm(t.app, '/oauth/access_token', { ...secretOf(app), ...fields });
      expect(res.statusCode).toBe(status);
      expect(res.json()).toEqual({ error, error_description: expect.any(String) });
      expect(res.headers['cache-control']).toBe('no-store');
    });

    it('takes form bodies only, each parameter once', async () => {
      const json = await t.app.inject({ method: 'POST', url: '/oauth/access_token', payload: { grant_type: 'authorization_code', ...secretOf(app) } });
      expect(json.statusCode).toBe(400);
      expect(json.json()).toMatchObject({ error: 'invalid_request' });
      const text = await t.app.inject({ method: 'POST', url: '/oauth/access_token', headers: { 'content-type': 'text/plain' }, payload: 'x' });
      expect(text.json()).toMatchObject({ error: 'invalid_request' });
      const twice = await t.app.inject({
        method: 'POST', url: '/oauth/access_token', headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `grant_type=authorization_code&code=a&code=b&client_id=${app.clientId}`,
      });
      expect(twice.json()).toMatchObject({ error: 'invalid_request', error_description: 'the parameter code must be sent once' });
    });
  });

  if (storage === 'memory') {
    it('refuses a code older than 10 minutes', async () => {
      const code = redirectParams(await consent(agent, params())).get('code') ?? '';
      const store = t.container.resolve<MemoryStore>(MEMORY_STORE);
      const stored = store.state.authorizationCodes.at(-1);
      if (!stored) throw new Error('no code stored');
      expect(stored.expiresAt.getTime() - stored.createdAt.getTime()).toBe(600_000);
      stored.expiresAt = new Date(Date.now() - 1000);
      const res = await postForm(t.app, '/oauth/access_token', { grant_type: 'authorization_code', code, redirect_uri: CALLBACK, ...secretOf(app) });
      expect(res.json()).toEqual({ error: 'invalid_grant', error_description: 'Invalid grant: authorization code has expired' });
    });
  }
});

describe('ACCESS_TOKEN_TTL_S', () => {
  it('gives access tokens a lifetime, announced as expires_in', async () => {
    const app = await createConfiguredApp({ accessTokenTtlS: 3600 });
    try {
      const agent = new WebAgent(app);
      await signUp(agent, 'timed');
      const client = await registerApp(agent, { redirectUris: [CALLBACK], allowImplicit: true });
      const code = redirectParams(await consent(agent, { client_id: client.clientId, redirect_uri: CALLBACK, response_type: 'code' })).get('code') ?? '';
      const res = await postForm(app, '/oauth/access_token', {
        grant_type: 'authorization_code', code, redirect_uri: CALLBACK, client_id: client.clientId, client_secret: client.clientSecret ?? '',
      });
      expect(res.json()).toMatchObject({ expires_in: expect.any(Number) });
      expect(Math.abs(res.json<{ expires_in: number }>().expires_in - 3600)).toBeLessThanOrEqual(2);
      const implicit = await consent(agent, { client_id: client.clientId, redirect_uri: CALLBACK, response_type: 'token' });
      expect(Number(redirectParams(implicit).get('expires_in'))).toBeGreaterThan(3590);
    } finally {
      await app.close();
    }
  });
});
