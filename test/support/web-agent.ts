import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { DependencyContainer } from 'tsyringe';
import { StartSession } from '../../src/application/accounts/start-session';
import { SESSION_COOKIE } from '../../src/adapters/page-kit/web-session';
import { appContainers, markVerified } from './app-containers';

/** A browser over `app.inject`: keeps cookies, reads CSRF tokens out of forms, posts forms. */
export class WebAgent {
  private readonly cookies = new Map<string, string>();

  /** `headers` go with every request (a browser's User-Agent, say). */
  constructor(readonly app: FastifyInstance, private readonly headers: Record<string, string> = {}) {}

  async get(url: string): Promise<LightMyRequestResponse> {
    return this.keep(await this.app.inject({ method: 'GET', url, headers: this.requestHeaders() }));
  }

  /** Posts a form as a browser does; `csrfFrom` is the page whose form token to send (omit to send none). */
  async post(url: string, fields: Record<string, string | string[]>, csrfFrom?: LightMyRequestResponse): Promise<LightMyRequestResponse> {
    const form = new URLSearchParams();
    if (csrfFrom !== undefined) form.append('_csrf', csrfToken(csrfFrom));
    for (const [name, value] of Object.entries(fields)) {
      for (const v of Array.isArray(value) ? value : [value]) form.append(name, v);
    }
    return this.keep(await this.app.inject({
      method: 'POST', url, payload: form.toString(),
      headers: { ...this.requestHeaders(), 'content-type': 'application/x-www-form-urlencoded' },
    }));
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  setCookie(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  forget(name: string): void {
    this.cookies.delete(name);
  }

  private requestHeaders(): Record<string, string> {
    if (this.cookies.size === 0) return { ...this.headers };
    return { ...this.headers, cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
  }

  private keep(response: LightMyRequestResponse): LightMyRequestResponse {
    for (const c of response.cookies) {
      const expired = c.maxAge === 0 || (c.expires !== undefined && c.expires.getTime() <= Date.now());
      if (expired || c.value === '') this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return response;
  }
}

/** The CSRF token of the (first) form on a page. */
export function csrfToken(page: LightMyRequestResponse): string {
  const match = /name="_csrf" value="([^"]+)"/u.exec(page.body);
  if (!match?.[1]) throw new Error(`no CSRF token on the page (status ${page.statusCode})`);
  return match[1];
}

/** Every hidden field of the (first) form on a page. */
export function hiddenFields(page: LightMyRequestResponse): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const m of page.body.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/gu)) {
    if (m[1] !== undefined && m[1] !== '_csrf') fields[m[1]] = decodeEntities(m[2] ?? '');
  }
  return fields;
}

export function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39|#96|#61);/gu, (_, e: string) =>
    ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#96': '`', '#61': '=' })[e] ?? '');
}

/** Text of the element with this id. */
export function textOf(page: LightMyRequestResponse, id: string): string | undefined {
  const match = new RegExp(`id="${id}"[^>]*>([^<]*)<`, 'u').exec(page.body);
  return match?.[1] === undefined ? undefined : decodeEntities(match[1]);
}

/** A PKCE verifier and its S256 challenge. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export interface RegisteredApp {
  clientId: string;
  clientSecret: string | null;
}

/**
 * Signs a new member up in this agent (the agent is then signed in). The address is then marked verified, as its
 * link would, unless `verified: false` (the tests of verification itself).
 */
export async function signUp(
  agent: WebAgent, username: string, password = 'correct horse battery', options: { verified?: boolean } = {},
): Promise<LightMyRequestResponse> {
  const form = await agent.get('/signup');
  const response = await agent.post('/signup', { username, email: `${username}@example.com`, password }, form);
  // Apps built without createTestApp (another configuration) have no container to reach: left unverified there.
  if (response.statusCode === 303 && options.verified !== false && appContainers.has(agent.app)) await markVerified(agent.app, username);
  return response;
}

/** Registers an application for the signed-in member and reads its credentials off the page; the client-side flow only with `allowImplicit`. */
export async function registerApp(
  agent: WebAgent,
  fields: { name?: string; redirectUris: string[]; isPublic?: boolean; allowImplicit?: boolean },
): Promise<RegisteredApp> {
  const page = await agent.get('/settings/applications');
  const form: Record<string, string> = { name: fields.name ?? 'Test app', redirect_uris: fields.redirectUris.join('\n') };
  if (fields.isPublic) form.public = '1';
  if (fields.allowImplicit === true) form.allow_implicit = '1';
  const posted = await agent.post('/settings/applications', form, page);
  if (posted.statusCode !== 303) throw new Error(`registering failed: ${posted.statusCode} ${posted.body}`);
  const shown = await agent.get('/settings/applications');
  const clientId = textOf(shown, 'new-client-id') ?? /<code>([0-9a-f]{32})<\/code>/u.exec(shown.body)?.[1];
  if (clientId === undefined) throw new Error('no client_id on the page');
  return { clientId, clientSecret: textOf(shown, 'new-client-secret') ?? null };
}

/** The query parameters of a redirect's Location. */
export function redirectParams(response: LightMyRequestResponse): URLSearchParams {
  const location = response.headers.location;
  if (typeof location !== 'string') throw new Error(`no Location (status ${response.statusCode})`);
  return new URL(location).searchParams;
}

/** Runs one authorization through the consent page and returns the redirect (303). */
export async function consent(
  agent: WebAgent,
  params: Record<string, string>,
  decision: { grant?: string[]; deny?: boolean } = {},
): Promise<LightMyRequestResponse> {
  const page = await agent.get(`/oauth/authorize?${new URLSearchParams(params).toString()}`);
  if (page.statusCode !== 200) throw new Error(`no consent page: ${page.statusCode} ${page.headers.location ?? ''}`);
  return agent.post('/oauth/authorize', { ...hiddenFields(page), grant: decision.grant ?? [], decision: decision.deny ? 'deny' : 'allow' }, page);
}

/** A form POST to the token (or revocation) endpoint. */
export function postForm(app: FastifyInstance, url: string, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, payload: new URLSearchParams(fields).toString(),
  });
}

/** Signs an agent in as an existing user, without a password: a session made by the use case log-in ends in. */
export async function signInAs(agent: WebAgent, container: DependencyContainer, userId: number): Promise<void> {
  const { token } = await container.resolve(StartSession).execute(userId);
  agent.setCookie(SESSION_COOKIE, token);
}
