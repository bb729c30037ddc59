import type { LightMyRequestResponse } from 'fastify';
import { TOTP } from 'otpauth';
import type { HandClock } from './hand-clock';
import { decodeEntities, textOf, type WebAgent } from './web-agent';

/** The TOTP code of a key at the clock's time, as an authenticator app computes it. */
export function totpCode(key: string, clock: HandClock): string {
  return new TOTP({ secret: key.replace(/\s/gu, ''), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: clock.now().getTime() });
}

/** Turns two-step sign-in on for the signed-in agent; answers the key shown and the recovery codes shown once. */
export async function turnOnTwoStep(agent: WebAgent, clock: HandClock): Promise<{ key: string; recoveryCodes: string[]; setup: LightMyRequestResponse }> {
  const setup = await agent.get('/settings/security/two-step');
  if (setup.statusCode !== 200) throw new Error(`no set-up page: ${setup.statusCode}`);
  const key = (textOf(setup, 'totp-key') ?? '').replace(/\s/gu, '');
  const confirmed = await agent.post('/settings/security/two-step', { key, code: totpCode(key, clock) }, setup);
  if (confirmed.statusCode !== 303) throw new Error(`not turned on: ${confirmed.statusCode}`);
  const shown = await agent.get('/settings/security');
  const recoveryCodes = [...(/<ol class="codes" id="recovery-codes">(.*?)<\/ol>/su.exec(shown.body)?.[1] ?? '').matchAll(/<li>([^<]+)<\/li>/gu)]
    .map((m) => decodeEntities(m[1] ?? ''));
  return { key, recoveryCodes, setup };
}

/** Posts the log-in form from a fresh page; `next` as the authorization page sends it. */
export async function postLogIn(agent: WebAgent, username: string, password: string, next?: string): Promise<LightMyRequestResponse> {
  const page = await agent.get(next === undefined ? '/login' : `/login?next=${encodeURIComponent(next)}`);
  return agent.post('/login', { username, password, ...(next === undefined ? {} : { next }) }, page);
}

/** Posts a code on the code's page the log-in sent the agent to. */
export async function postCode(agent: WebAgent, code: string, from: LightMyRequestResponse): Promise<LightMyRequestResponse> {
  const location = String(from.headers.location ?? '/login/code');
  const page = await agent.get(location);
  const next = new URL(location, 'http://x').searchParams.get('next');
  if (page.statusCode !== 200) throw new Error(`no code page: ${page.statusCode} ${String(page.headers.location)}`);
  return agent.post('/login/code', { code, ...(next === null ? {} : { next }) }, page);
}
