import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import Redis from 'ioredis';
import { RATE_LIMIT_NAMESPACE } from '../../src/adapters/http/rate-limit';
import { createRateLimitRedis, RATE_LIMIT_REDIS, rateLimitStoreState, redisBreaker } from '../../src/adapters/http/rate-limit-redis';
import { buildApp } from '../../src/app';
import { buildContainer } from '../../src/container';
import { testConfig } from '../support/test-config';
import { redisAnswers, redisReady } from './rate-limit-app';
import { describeIf, IN_CI } from '../support/required';

/**
 * A Redis that hangs (SIGSTOP: the connection stays open, nothing answers) must cost one command timeout,
 * once: the circuit breaker then counts in this process, logs the outage once, and /readyz says so; after
 * SIGCONT a background probe finds Redis again and the counts are shared again. A redis-server of the test's
 * own, on a spare port, so that freezing it disturbs nothing else.
 */

const COMMAND_TIMEOUT_MS = 1_000;
const COOLDOWN_MS = 1_500;
const MAX = 50;
const CLIENT = '203.0.113.50';
const KEY = `${RATE_LIMIT_NAMESPACE}api:ip:${CLIENT}`;

const installed = spawnSync('redis-server', ['--version']).status === 0;

async function sparePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeIf(installed, 'redis-server is not installed')('rate limit with a hung Redis (circuit breaker)', () => {
  let server: ChildProcess;
  let url: string;
  let admin: Redis;
  let app: FastifyInstance;
  let redis: Redis;
  const lines: string[] = [];

  beforeAll(async () => {
    const port = await sparePort();
    url = `redis://127.0.0.1:${port}`;
    server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no'], { stdio: 'ignore' });
    await until(() => redisAnswers(url), 'the test redis-server answers');
    admin = new Redis(url);
    redis = createRateLimitRedis(url, { commandTimeoutMs: COMMAND_TIMEOUT_MS, breakerCooldownMs: COOLDOWN_MS });
    const container = buildContainer(testConfig({ rateLimitMax: MAX, redisUrl: url }), { kind: 'memory' });
    container.register(RATE_LIMIT_REDIS, { useValue: redis });
    const logStream = new Writable({ write(chunk: Buffer, _encoding, done) { lines.push(chunk.toString()); done(); } });
    app = await buildApp(container, { logLevel: 'info', logStream });
    await app.ready();
    await redisReady(redis);
  });

  afterAll(async () => {
    server.kill('SIGCONT');
    await app?.close();
    admin?.disconnect();
    server.kill('SIGKILL');
    if (server.exitCode === null) await once(server, 'exit');
  });

  const get = () => app.inject({ method: 'GET', url: '/v2/notes', remoteAddress: CLIENT });
  /**
   * Lines since the freeze. (On a loaded machine the client's first ready check can time out while the app is
   * built; that short outage at start is logged too, and is not this test's.)
   */
  let since = 0;
  const logged = (text: string) => lines.slice(since).filter((line) => line.includes(text)).length;

  async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
    const started = performance.now();
    const value = await work();
    return { value, ms: performance.now() - started };
  }

  it('waits once for the timeout, then counts in process without asking Redis, logs once, and reports it', async () => {
    expect((await get()).headers['x-rate-limit-remaining']).toBe(String(MAX - 1));
    expect((await get()).headers['x-rate-limit-remaining']).toBe(String(MAX - 2));
    expect(await admin.get(KEY)).toBe('2');
    expect(rateLimitStoreState(redis)).toBe('up');

    since = lines.length;
    server.kill('SIGSTOP');
    const first = await timed(get);
    expect(first.value.statusCode).toBe(200);
    expect(first.ms).toBeGreaterThanOrEqual(COMMAND_TIMEOUT_MS * 0.9);
    expect(redisBreaker(redis).isOpen).toBe(true);

    const rest = [];
    for (let i = 0; i < 9; i++) rest.push(await timed(get));
    // None of the nine waited for Redis: one that did would take the whole timeout, as the first did. Each is bounded,
    // not their sum, so that a loaded machine's slowness does not add up to a timeout.
    expect(Math.max(...rest.map((r) => r.ms))).toBeLessThan(COMMAND_TIMEOUT_MS * 0.9);
    expect(rest.map((r) => r.value.statusCode)).toEqual(Array(9).fill(200));
    // Counted in this process, from the start of the outage: 10 so far.
    expect(rest.at(-1)?.value.headers['x-rate-limit-remaining']).toBe(String(MAX - 10));

    const readyz = await app.inject({ method: 'GET', url: '/readyz' });
    expect(readyz.statusCode).toBe(200);
    expect(readyz.json()).toEqual({ status: 'ready', database: 'up', redis: 'unavailable' });

    // A probe after the cool-down finds Redis still hung: no second log line, and requests still do not wait.
    await sleep(COOLDOWN_MS + COMMAND_TIMEOUT_MS + 200);
    const later = await timed(get);
    expect(later.ms).toBeLessThan(COMMAND_TIMEOUT_MS * 0.9);
    expect(logged('redis is unavailable')).toBe(1);
    expect(logged('redis is back')).toBe(0);
  });

  it('uses Redis again once it answers, after the cool-down, and logs that once', async () => {
    server.kill('SIGCONT');
    await until(() => rateLimitStoreState(redis) === 'up', 'the breaker closes', COOLDOWN_MS * 2 + COMMAND_TIMEOUT_MS * 2);
    expect(logged('redis is back')).toBe(1);
    expect(logged('redis is unavailable')).toBe(1);
    // Counted in Redis again. (The command that timed out ran when Redis woke, so read the count rather than guess it.)
    const before = Number(await admin.get(KEY));
    const res = await get();
    expect(Number(await admin.get(KEY))).toBe(before + 1);
    expect(res.headers['x-rate-limit-remaining']).toBe(String(MAX - before - 1));
    const readyz = await app.inject({ method: 'GET', url: '/readyz' });
    expect(readyz.json()).toEqual({ status: 'ready', database: 'up', redis: 'up' });
  });
});

if (!installed && !IN_CI) console.warn('skipped: redis-server is not installed');
