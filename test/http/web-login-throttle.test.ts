import { HandClock } from '../support/hand-clock';
import { createTestApp, type TestApp } from '../support/test-app';
import { signUp, WebAgent } from '../support/web-agent';

describe('log-in throttle: 10 failures for an account within 15 minutes lock it for the rest of the window', () => {
  let t: TestApp;
  const clock = new HandClock();

  beforeAll(async () => {
    t = await createTestApp({ storage: 'memory', clock });
    for (const name of ['locked', 'bystander', 'resetter', 'waiter']) await signUp(new WebAgent(t.app), name, `${name} password`);
  });
  afterAll(() => t.close());

  const attempt = async (username: string, password: string) => {
    const agent = new WebAgent(t.app);
    return agent.post('/login', { username, password }, await agent.get('/login'));
  };
  const fail = async (username: string, times: number) => {
    for (let i = 0; i < times; i++) expect((await attempt(username, 'not the password')).statusCode).toBe(400);
  };

  it('answers 429 with Retry-After after 10 failures, whatever the password, and for the e-mail address too', async () => {
    await fail('locked', 10);
    clock.advance(60);
    const right = await attempt('locked', 'locked password');
    expect(right.statusCode).toBe(429);
    expect(right.headers['retry-after']).toBe(String(15 * 60 - 60));
    expect(right.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(right.body).toContain('Too many failed log-in attempts');
    expect(right.body).toContain('<button type="submit">Log in</button>');
    expect(right.cookies.find((c) => c.name === 'pn_session')).toBeUndefined();
    expect((await attempt('LOCKED@example.com', 'locked password')).statusCode).toBe(429);
    // Another account is not affected.
    expect((await attempt('bystander', 'bystander password')).statusCode).toBe(303);
  });

  it('lets the account in again once the window is over', async () => {
    await fail('waiter', 10);
    clock.advance(15 * 60 - 1);
    expect((await attempt('waiter', 'waiter password')).headers['retry-after']).toBe('1');
    clock.advance(1);
    expect((await attempt('waiter', 'waiter password')).statusCode).toBe(303);
  });

  it('forgets the failures at a successful log-in', async () => {
    await fail('resetter', 9);
    expect((await attempt('resetter', 'resetter password')).statusCode).toBe(303);
    await fail('resetter', 9);
    expect((await attempt('resetter', 'resetter password')).statusCode).toBe(303);
  });

  it('throttles a name nobody has the same way, so the answer does not tell which accounts exist', async () => {
    await fail('nobody_here', 10);
    const res = await attempt('nobody_here', 'anything');
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});
