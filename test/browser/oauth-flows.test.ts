import type { FastifyInstance } from 'fastify';
import * as oauth from 'oauth4webapi';
import type { Page } from 'playwright-core';
import type { Database } from '../../src/adapters/persistence/kysely/database';
import { buildApp } from '../../src/app';
import { buildContainer } from '../../src/container';
import { appContainers, markVerified } from '../support/app-containers';
import { launchChromium, startCallbackServer, type Browser, type CallbackServer } from '../support/browser';
import { testConfig } from '../support/test-config';
import { createTestDatabase } from '../support/test-database';

// Real Chromium against a listening server; the application side is oauth4webapi, an independent client library.
jest.setTimeout(60_000);

describe('OAuth in a real browser', () => {
  let database: Database;
  let app: FastifyInstance;
  let base: string;
  let browser: Browser;
  let callback: CallbackServer;
  let page: Page;
  let as: oauth.AuthorizationServer;
  let client: oauth.Client;
  let clientSecret: string;
  let accessToken: string;
  const insecure = { [oauth.allowInsecureRequests]: true };

  beforeAll(async () => {
    database = await createTestDatabase();
    const container = buildContainer(testConfig(), { kind: 'database', database });
    app = await buildApp(container);
    appContainers.set(app, container);
    base = await app.listen({ port: 0, host: '127.0.0.1' });
    // The issuer is PUBLIC_URL; oauth4webapi then requires `iss` in every authorization response (RFC 9207).
    as = {
      issuer: testConfig().publicUrl,
      authorization_response_iss_parameter_supported: true,
      authorization_endpoint: `${base}/oauth/authorize`,
      token_endpoint: `${base}/oauth/access_token`,
      revocation_endpoint: `${base}/oauth/revoke`,
    };
    callback = await startCallbackServer();
    browser = await launchChromium();
    page = await browser.context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await callback?.close();
    await app?.close();
    await database?.close();
  });

  /** Starts an authorization in the browser; returns the state and PKCE verifier the application keeps. */
  const startAuthorization = async (scope: string) => {
    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const url = new URL(as.authorization_endpoint ?? '');
    url.search = new URLSearchParams({
      client_id: client.client_id, redirect_uri: callback.redirectUri, response_type: 'code', scope, state,
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256',
    }).toString();
    await page.goto(url.toString());
    return { verifier, state };
  };

  const callApi = (method: string, path: string, token: string, body?: object) => fetch(`${base}${path}`, {
    method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body ? JSON.stringify(body) : undefined,
  });

  it('signs up', async () => {
    await page.goto(`${base}/signup`);
    await page.getByLabel('Username').fill('ana_browser');
    await page.getByLabel('Email').fill('ana@example.com');
    await page.getByLabel('Password').fill('a browser password');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.waitForURL(`${base}/settings/applications`);
    const signedIn = page.getByText('Signed in as');
    await signedIn.waitFor({ state: 'visible', timeout: 5_000 });
    expect(await signedIn.count()).toBe(1);
    expect(await page.locator('header').innerText()).toContain('Signed in as ana_browser');
    // Registering applications needs a verified address (test/browser/account-mail.test.ts follows the link itself).
    expect(await page.getByText('Verify your e-mail address first').count()).toBe(1);
    await markVerified(app, 'ana_browser');
    await page.reload();
  });

  it('registers an application and sees its secret once', async () => {
    await page.getByLabel('Name').fill('Browser Test App');
    await page.getByLabel('Redirect URIs').fill(callback.redirectUri);
    await page.getByRole('button', { name: 'Register application' }).click();
    await page.waitForURL(`${base}/settings/applications`);
    const clientId = (await page.locator('#new-client-id').innerText()).trim();
    clientSecret = (await page.locator('#new-client-secret').innerText()).trim();
    expect(clientId).toMatch(/^[0-9a-f]{32}$/);
    expect(clientSecret.length).toBeGreaterThanOrEqual(43);
    client = { client_id: clientId };
    await page.reload();
    expect(await page.locator('#new-client-secret').count()).toBe(0);
  });

  it('authorizes with one scope cleared, and the application exchanges the code and calls the API', async () => {
    const { verifier, state } = await startAuthorization('write contacts');
    expect(await page.title()).toContain('Allow Browser Test App to use your account?');
    const contacts = page.getByLabel('Follow and unfollow members for you');
    expect(await contacts.isChecked()).toBe(true);
    await contacts.uncheck();
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.waitForURL((url) => url.toString().startsWith(callback.redirectUri));

    const params = oauth.validateAuthResponse(as, client, new URL(page.url()), state);
    const response = await oauth.authorizationCodeGrantRequest(as, client, oauth.ClientSecretPost(clientSecret), params, callback.redirectUri, verifier, insecure);
    const tokens = await oauth.processAuthorizationCodeResponse(as, client, response);
    expect(tokens.token_type).toBe('bearer');
    expect(tokens.scope).toBe('read write');
    expect(tokens.user).toEqual({ id: expect.any(Number), username: 'ana_browser' });
    accessToken = tokens.access_token;

    const created = await callApi('POST', '/v2/notemaps', accessToken, { name: 'From the browser test' });
    expect(created.status).toBe(201);
    const follow = await callApi('POST', `/v2/users/${(tokens.user as { id: number }).id}/followers`, accessToken);
    expect(follow.status).toBe(403);
  });

  it('denies: the application hears access_denied with its state', async () => {
    const { state } = await startAuthorization('read');
    await page.getByRole('button', { name: 'Deny' }).click();
    await page.waitForURL((url) => url.toString().startsWith(callback.redirectUri));
    const url = new URL(page.url());
    expect(url.searchParams.get('error')).toBe('access_denied');
    expect(url.searchParams.get('state')).toBe(state);
    expect(() => oauth.validateAuthResponse(as, client, url, state)).toThrow(oauth.AuthorizationResponseError);
  });

  it('regenerates the secret: the old one is refused at once, the new one works', async () => {
    await page.goto(`${base}/settings/applications`);
    await page.getByRole('button', { name: 'Regenerate secret' }).click();
    await page.waitForURL(`${base}/settings/applications`);
    const fresh = (await page.locator('#new-client-secret').innerText()).trim();
    expect(fresh).not.toBe(clientSecret);

    const old = await startAuthorization('read');
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.waitForURL((url) => url.toString().startsWith(callback.redirectUri));
    const params = oauth.validateAuthResponse(as, client, new URL(page.url()), old.state);
    const refused = await oauth.authorizationCodeGrantRequest(as, client, oauth.ClientSecretPost(clientSecret), params, callback.redirectUri, old.verifier, insecure);
    await expect(oauth.processAuthorizationCodeResponse(as, client, refused)).rejects.toMatchObject({ error: 'invalid_client' });

    const again = await startAuthorization('read');
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.waitForURL((url) => url.toString().startsWith(callback.redirectUri));
    const ok = oauth.validateAuthResponse(as, client, new URL(page.url()), again.state);
    const response = await oauth.authorizationCodeGrantRequest(as, client, oauth.ClientSecretBasic(fresh), ok, callback.redirectUri, again.verifier, insecure);
    expect((await oauth.processAuthorizationCodeResponse(as, client, response)).scope).toBe('read');
    clientSecret = fresh;
  });

  it('revokes the authorization: the application’s tokens stop working', async () => {
    expect((await callApi('POST', '/v2/notemaps', accessToken, { name: 'still allowed' })).status).toBe(201);
    await page.goto(`${base}/settings/authorizations`);
    expect(await page.getByRole('heading', { name: 'Browser Test App' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Revoke access' }).click();
    await page.waitForURL(`${base}/settings/authorizations?revoked=1`);
    expect(await page.getByText('No application holds access to your account.').count()).toBe(1);
    const after = await callApi('POST', '/v2/notemaps', accessToken, { name: 'too late' });
    expect(after.status).toBe(401);
  });

  it('logs out and asks to log in at the next authorization', async () => {
    await page.goto(`${base}/logout`);
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(`${base}/login`);
    await startAuthorization('read');
    expect(await page.getByRole('button', { name: 'Log in' }).count()).toBe(1);
    await page.getByLabel('Username').fill('ana_browser');
    await page.getByLabel('Password').fill('a browser password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => url.pathname === '/oauth/authorize');
    expect(await page.getByRole('button', { name: 'Allow' }).count()).toBe(1);
  });
});
