import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { buildContainer } from '../../src/container';
import { HandClock } from '../support/hand-clock';
import { createTestApp, type TestApp } from '../support/test-app';
import { testConfig } from '../support/test-config';
import { WebAgent } from '../support/web-agent';

// SIGNUP_LIMIT_PER_HOUR (docs/security.md): at most that many successful web sign-ups per client address (as the
// rate limit sees it, TRUST_PROXY included) in any hour, counted in the database so every instance shares it.
jest.setTimeout(60_000);

const LIMIT = 2;
const PASSWORD = 'correct horse battery';

describe('the sign-up limit per address', () => {
  const clock = new HandClock('2026-12-08T10:00:00Z');
  let t: TestApp;
  let other: FastifyInstance | null = null;
  beforeAll(async () => {
    t = await createTestApp({ clock, config: { signUpLimitPerHour: LIMIT, trustProxy: true } });
  });
  afterAll(async () => {
    await other?.close();
    await t.app.close();
  });

  let n = 0;
  /** Signs up a new name from `address` (through a proxy that names it) on `app`. */
  async function signUpFrom(address: string, app: FastifyInstance = t.app) {
    const agent = new WebAgent(app, { 'x-forwarded-for': address });
    const username = `limited${n += 1}`;
    const form = await agent.get('/signup');
    const response = await agent.post('/signup', { username, email: `${username}@example.com`, password: PASSWORD }, form);
    return { response, username, agent };
  }

  const exists = async (username: string) => (await t.app.inject({ method: 'GET', url: `/v2/users/${username}` })).statusCode === 200;

  it('refuses the sign-up past the limit with 429 on the form, making nothing, while other addresses sign up', async () => {
    for (let i = 0; i < LIMIT; i += 1) expect((await signUpFrom('198.51.100.7')).response.statusCode).toBe(303);
    clock.advance(600);
    const refused = await signUpFrom('198.51.100.7');
    expect(refused.response.statusCode).toBe(429);
    // The first of the two counted is an hour old 50 minutes from now.
    expect(refused.response.headers['retry-after']).toBe(String(50 * 60));
    expect(refused.response.body).toContain('Too many accounts were made from your address in the last hour. Try again in 50 minutes.');
    expect(refused.response.body).toContain(`value="${refused.username}"`);
    expect(refused.agent.cookie('pn_session')).toBeUndefined();
    expect(await exists(refused.username)).toBe(false);
    expect((await signUpFrom('198.51.100.8')).response.statusCode).toBe(303);
  });

  it('counts only successful sign-ups: a refused form (a taken name) leaves the place free', async () => {
    const address = '203.0.113.5';
    const first = await signUpFrom(address);
    expect(first.response.statusCode).toBe(303);
    const agent = new WebAgent(t.app, { 'x-forwarded-for': address });
    const taken = await agent.post('/signup', { username: first.username, email: 'someone-else@example.com', password: PASSWORD }, await agent.get('/signup'));
    expect(taken.statusCode).toBe(409);
    expect((await signUpFrom(address)).response.statusCode).toBe(303);
    expect((await signUpFrom(address)).response.statusCode).toBe(429);
  });

  it('lets the address sign up again once its oldest counted sign-up is an hour old', async () => {
    const address = '192.0.2.44';
    expect((await signUpFrom(address)).response.statusCode).toBe(303);
    clock.advance(1_200);
    expect((await signUpFrom(address)).response.statusCode).toBe(303);
    expect((await signUpFrom(address)).response.statusCode).toBe(429);
    clock.advance(2_400);
    expect((await signUpFrom(address)).response.statusCode).toBe(303);
    expect((await signUpFrom(address)).response.statusCode).toBe(429);
  });

  it('shares the count across instances on one database', async () => {
    if (t.database === null) throw new Error('this test needs a database');
    other = await buildApp(buildContainer(
      testConfig({ signUpLimitPerHour: LIMIT, trustProxy: true }), { kind: 'database', database: t.database }, { clock },
    ));
    const address = '198.51.100.200';
    expect((await signUpFrom(address)).response.statusCode).toBe(303);
    expect((await signUpFrom(address, other)).response.statusCode).toBe(303);
    expect((await signUpFrom(address, other)).response.statusCode).toBe(429);
    expect((await signUpFrom(address)).response.statusCode).toBe(429);
  });

  it('lets only the limit through when one address signs up many times at once', async () => {
    const address = '198.51.100.99';
    const statuses = await Promise.all(Array.from({ length: 5 }, () => signUpFrom(address).then((r) => r.response.statusCode)));
    expect(statuses.filter((s) => s === 303)).toHaveLength(LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5 - LIMIT);
  });
});
