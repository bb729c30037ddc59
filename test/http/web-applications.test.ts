import { sha256Hex } from '../../src/application/auth/secrets';
import { CLIENT_REPOSITORY, type ClientRepository } from '../../src/application/ports/client-repository';
import { createTestApp, type TestApp } from '../support/test-app';
import { hiddenFields, postForm, redirectParams, registerApp, signUp, textOf, WebAgent } from '../support/web-agent';

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

  describe('turning the client-side flow on and off', () => {
    const implicitRedirect = (clientId: string, state: string) =>
      agent.get(`/oauth/authorize?${new URLSearchParams({ client_id: clientId, redirect_uri: 'https://c.example/cb', response_type: 'token', state }).toString()}`);
    const stored = (clientId: string) => t.container.resolve<ClientRepository>(CLIENT_REPOSITORY).findByClientId(clientId);
    /** The card of one application on the page. */
    const cardOf = (body: string, clientId: string) => new RegExp(`<section class="card" aria-labelledby="app-${clientId}">[\\s\\S]*?</section>`, 'u').exec(body)?.[0] ?? '';

    it('allows it on an existing application, then turns it off again', async () => {
      const app = await registerApp(agent, { name: 'Later', redirectUris: ['https://c.example/cb'] });
      const page = await agent.get('/settings/applications');
      const card = cardOf(page.body, app.clientId);
      expect(card).toContain('<dt>Client-side flow</dt><dd>Turned off</dd>');
      expect(card).toContain(`<form method="post" action="/settings/applications/${app.clientId}/client-side">`);
      expect(card).toContain('name="allow" value="on" aria-describedby="app-' + app.clientId + '">Allow the client-side flow</button>');
      expect(redirectParams(await implicitRedirect(app.clientId, 'before')).get('error')).toBe('unauthorized_client');

      const on = await agent.post(`/settings/applications/${app.clientId}/client-side`, { allow: 'on' }, page);
      expect(on.statusCode).toBe(303);
      expect(on.headers.location).toBe('/settings/applications');
      expect(await stored(app.clientId)).toMatchObject({ allowImplicit: true });
      const shown = await agent.get('/settings/applications');
      const onCard = cardOf(shown.body, app.clientId);
      expect(onCard).toContain('<dt>Client-side flow</dt><dd>Allowed (read-only tokens)</dd>');
      expect(onCard).toContain('name="allow" value="off" aria-describedby="app-' + app.clientId + '">Turn off the client-side flow</button>');
      // The consent page of the client-side flow, and a token in the redirect once allowed.
      const consentPage = await implicitRedirect(app.clientId, 'on');
      expect(consentPage.statusCode).toBe(200);
      const allowed = await agent.post('/oauth/authorize', { ...hiddenFields(consentPage), decision: 'allow' }, consentPage);
      expect(allowed.statusCode).toBe(303);
      expect(redirectParams(allowed).get('access_token')).toEqual(expect.any(String));
      expect(redirectParams(allowed).get('state')).toBe('on');

      const off = await agent.post(`/settings/applications/${app.clientId}/client-side`, { allow: 'off' }, shown);
      expect(off.statusCode).toBe(303);
      expect(await stored(app.clientId)).toMatchObject({ allowImplicit: false });
      const refused = await implicitRedirect(app.clientId, 'off');
      expect(refused.statusCode).toBe(303);
      expect(redirectParams(refused).get('error')).toBe('unauthorized_client');
      expect(redirectParams(refused).get('state')).toBe('off');
      expect(cardOf((await agent.get('/settings/applications')).body, app.clientId)).toContain('Allow the client-side flow</button>');
    });

    it('lets nobody else turn it on, and refuses a form without a CSRF token or with another value', async () => {
      const app = await registerApp(agent, { name: 'Mine', redirectUris: ['https://c.example/cb'] });
      const stranger = new WebAgent(t.app);
      await signUp(stranger, 'flow_stranger');
      const strangerPage = await stranger.get('/settings/applications');
      const theirs = await stranger.post(`/settings/applications/${app.clientId}/client-side`, { allow: 'on' }, strangerPage);
      expect(theirs.statusCode).toBe(404);
      expect(theirs.headers['content-type']).toMatch(/^text\/html/);
      const unknown = await agent.post('/settings/applications/0123456789abcdef0123456789abcdef/client-side', { allow: 'on' }, await agent.get('/settings/applications'));
      expect(unknown.statusCode).toBe(404);

      const forged = await agent.post(`/settings/applications/${app.clientId}/client-side`, { allow: 'on' });
      expect(forged.statusCode).toBe(403);
      expect(forged.body).toContain('This form has expired');
      const crossed = await agent.post(`/settings/applications/${app.clientId}/client-side`, { allow: 'on' }, strangerPage);
      expect(crossed.statusCode).toBe(403);
      const odd = await agent.post(`/settings/applications/${app.clientId}/client-side`, { allow: 'yes' }, await agent.get('/settings/applications'));
      expect(odd.statusCode).toBe(400);
      const anonymous = await new WebAgent(t.app).post(`/settings/applications/${app.clientId}/client-side`, { allow: 'on' });
      expect(anonymous.statusCode).toBe(403);
      expect(await stored(app.clientId)).toMatchObject({ allowImplicit: false });
    });
  });

  it('registers a public client without a secret or a Regenerate button', async () => {
    const before = (await agent.get('/settings/applications')).body.match(/Regenerate secret/g)?.length ?? 0;
    const app = await registerApp(agent, { name: 'Mobile', redirectUris: ['https://m.example/cb'], isPublic: true });
    expect(app.clientSecret).toBeNull();
    const page = await agent.get('/settings/applications');
    expect(page.body.match(/Regenerate secret/g)?.length ?? 0).toBe(before);
    expect(page.body).toContain('Public (no secret; PKCE required)');
    const stored = await t.container.resolve<ClientRepository>(CLIENT_REPOSITORY).findByClientId(app.clientId);
    expect(stored).toMatchObject({ secretHash: null, allowImplicit: false });
  });
});
