import { sha256Hex } from '../../src/application/auth/secrets';
import { CLIENT_REPOSITORY, type ClientRepository } from '../../src/application/ports/client-repository';
import { createTestApp, type TestApp } from '../support/test-app';
import { postForm, registerApp, signUp, textOf, WebAgent } from '../support/web-agent';

describe('web: /settings/applications', () => {
  let t: TestApp;
  let agent: WebAgent;

  beforeAll(async () => {
    t = await createTestApp();
    agent = new WebAgent(t.app);
    await signUp(agent, 'builder');
  });
  afterAll(() => t.close());

  /** What the token endpoint makes of these client credentials (a made-up code: only authentication matters). */
  const authenticates = async (clientId: string, clientSecret: string) => {
    const res = await postForm(t.app, '/oauth/access_token', {
      grant_type: 'authorization_code', code: 'no-such-code', redirect_uri: 'https://b.example/cb', client_id: clientId, client_secret: clientSecret,
    });
    return res.json<{ error: string }>().error !== 'invalid_client';
  };

  it('asks to log in first', async () => {
    const res = await new WebAgent(t.app).get('/settings/applications');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/login?next=%2Fsettings%2Fapplications');
  });

  it('registers an application with its redirect URIs and shows the secret once, storing only its hash', async () => {
    const page = await agent.get('/settings/applications');
    expect(page.body).toContain('<label for="name">Name</label>');
    expect(page.body).toContain('<label for="redirect_uris">Redirect URIs</label>');
    expect(page.body).toContain('<button type="submit">Register application</button>');
    const posted = await agent.post('/settings/applications', {
      name: 'Builder <b>app</b>', redirect_uris: 'https://b.example/cb\r\nhttp://localhost:3001/callback', allow_implicit: '1',
    }, page);
    expect(posted.statusCode).toBe(303);
    expect(posted.headers.location).toBe('/settings/applications');

    const shown = await agent.get('/settings/applications');
    const clientId = textOf(shown, 'new-client-id') ?? '';
    const secret = textOf(shown, 'new-client-secret') ?? '';
    expect(clientId).toMatch(/^[0-9a-f]{32}$/);
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(shown.body).toContain('Builder &lt;b&gt;app&lt;/b&gt;');
    expect(shown.body).toContain('<code>http://localhost:3001/callback</code>');
    expect(shown.body).toContain('<button type="submit" class="secondary"');

    const again = await agent.get('/settings/applications');
    expect(again.body).toContain(clientId);
    expect(again.body).not.toContain(secret);
    const stored = await t.container.resolve<ClientRepository>(CLIENT_REPOSITORY).findByClientId(clientId);
    expect(stored).toMatchObject({ secretHash: sha256Hex(secret), redirectUris: ['https://b.example/cb', 'http://localhost:3001/callback'], allowImplicit: true });
    expect(await authenticates(clientId, secret)).toBe(true);
  });

  it('explains what is wrong with a registration', async () => {
    const page = await agent.get('/settings/applications');
    const res = await agent.post('/settings/applications', { name: '', redirect_uris: 'ftp://x.example/\nhttps://ok.example/#frag' }, page);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('role="alert"');
    expect(res.body).toContain('Name: must be 1-100 characters.');
    expect(res.body).toContain('must be an absolute http(s) URL without a fragment');
    expect(res.body).toContain('ftp://x.example/');
  });

  it('regenerates a secret: the old one stops working at once', async () => {
    const app = await registerApp(agent, { redirectUris: ['https://b.example/cb'] });
    const old = app.clientSecret ?? '';
    const page = await agent.get('/settings/applications');
    const res = await agent.post(`/settings/applications/${app.clientId}/secret`, {}, page);
    expect(res.statusCode).toBe(303);
    const shown = await agent.get('/settings/applications');
    expect(textOf(shown, 'new-client-id')).toBe(app.clientId);
    const fresh = textOf(shown, 'new-client-secret') ?? '';
    expect(fresh).not.toBe(old);
    expect(await authenticates(app.clientId, old)).toBe(false);
    expect(await authenticates(app.clientId, fresh)).toBe(true);
  });

  it('lets nobody else regenerate the secret, and refuses it without a CSRF token', async () => {
    const app = await registerApp(agent, { redirectUris: ['https://b.example/cb'] });
    const stranger = new WebAgent(t.app);
    await signUp(stranger, 'stranger');
    const page = await stranger.get('/settings/applications');
    const res = await stranger.post(`/settings/applications/${app.clientId}/secret`, {}, page);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const forged = await agent.post(`/settings/applications/${app.clientId}/secret`, {});
    expect(forged.statusCode).toBe(403);
    expect(await authenticates(app.clientId, app.clientSecret ?? '')).toBe(true);
  });

  it('leaves the client-side flow off unless its box is ticked', async () => {
    const page = await agent.get('/settings/applications');
    expect(page.body).toContain('<input id="allow_implicit" name="allow_implicit" type="checkbox" value="1">');
    expect(page.body).toContain('<label for="allow_implicit">Allow the client-side flow');
    const posted = await agent.post('/settings/applications', { name: 'Default', redirect_uris: 'https://d.example/cb' }, page);
    expect(posted.statusCode).toBe(303);
    const clientId = textOf(await agent.get('/settings/applications'), 'new-client-id') ?? '';
    expect(await t.container.resolve<ClientRepository>(CLIENT_REPOSITORY).findByClientId(clientId)).toMatchObject({ allowImplicit: false });
    const implicit = await agent.get(`/oauth/authorize?${new URLSearchParams({ client_id: clientId, redirect_uri: 'https://d.example/cb', response_type: 'token', state: 'off' }).toString()}`);
    expect(implicit.statusCode).toBe(303);
    const params = new URL(implicit.headers.location as string).searchParams;
    expect(params.get('error')).toBe('unauthorized_client');
    expect(params.get('state')).toBe('off');

    const shown = await agent.get('/settings/applications');
    expect(shown.body).toContain('<dt>Client-side flow</dt><dd>Turned off</dd>');
  });

  it('registers a public client without a secret or a Regenerate button', async () => {
    const before = (await agent.get('/settings/applications')).body.match(/Regenerate secret/g)?.length ?? 0;
    const app = await registerApp(agent, { name: 'Mobile', redirectUris: ['https://m.example/cb'], isPublic: true, allowImplicit: false });
    expect(app.clientSecret).toBeNull();
    const page = await agent.get('/settings/applications');
    expect(page.body.match(/Regenerate secret/g)?.length ?? 0).toBe(before);
    expect(page.body).toContain('Public (no secret; PKCE required)');
    const stored = await t.container.resolve<ClientRepository>(CLIENT_REPOSITORY).findByClientId(app.clientId);
    expect(stored).toMatchObject({ secretHash: null, allowImplicit: false });
  });
});
