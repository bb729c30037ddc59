import http from 'node:http';
import net from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { postgresSchema, seedToken, startServerChild, type ServerChild } from '../support/server-process';
import { describeIf, NO_POSTGRES } from '../support/required';

// Losing PostgreSQL never stops the process (docs/operations.md): a server child under a steady load has its
// backends terminated several times, then loses the database altogether for a while. Every request that
// fails is a 503 `unavailable` in the error envelope with Retry-After (never a 500, never a reset connection),
// /readyz says 503 while the database is away, and service resumes by itself.
const WORKERS = 6;
const ROUNDS = 5;

/** A TCP proxy in front of PostgreSQL that the test can cut (close every connection, refuse new ones) and restore. */
async function cuttableProxy(target: URL): Promise<{ port: number; cut(): void; restore(): Promise<void>; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  let server: net.Server;
  const listen = (port: number) => new Promise<number>((done, fail) => {
    server = net.createServer((client) => {
      const upstream = net.connect(Number(target.port || 5432), target.hostname);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => { client.destroy(); upstream.destroy(); });
      }
      client.pipe(upstream).pipe(client);
    });
    server.once('error', fail);
    server.listen(port, '127.0.0.1', () => done((server.address() as net.AddressInfo).port));
  });
  const port = await listen(0);
  return {
    port,
    cut: () => {
      server.close();
      for (const socket of sockets) socket.destroy();
    },
    restore: async () => { await listen(port); },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((done) => server.close(done));
    },
  };
}

type Outcome =
  | { kind: 'answered'; status: number; body: string; retryAfter: string | undefined; at: number }
  | { kind: 'failed'; error: string; at: number };

function request(port: number, method: string, path: string, token: string | null, body?: unknown): Promise<Outcome> {
  return new Promise((done) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request({
      host: '127.0.0.1', port, method, path, agent: false,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
      },
    }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => { text += chunk; });
      res.on('end', () => done({
        kind: 'answered', status: res.statusCode ?? 0, body: text, at: Date.now(),
        retryAfter: res.headers['retry-after'] as string | undefined,
      }));
      res.on('error', (error) => done({ kind: 'failed', error: error.message, at: Date.now() }));
    });
    req.setTimeout(20_000, () => req.destroy(new Error('no answer in 20 s')));
    req.on('error', (error: NodeJS.ErrnoException) => done({ kind: 'failed', error: error.code ?? error.message, at: Date.now() }));
    req.end(payload);
  });
}

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

function describeOutcome(o: Outcome): string {
  return o.kind === 'answered' ? `${o.status} retry-after=${o.retryAfter} ${o.body.slice(0, 300)}` : `failed: ${o.error}`;
}

/** Whether a failure is the one the service promises while the database is away. */
function isUnavailable(o: Outcome): boolean {
  if (o.kind !== 'answered' || o.status !== 503 || o.retryAfter === undefined || !/^\d+$/u.test(o.retryAfter)) return false;
  const body = JSON.parse(o.body) as { meta?: { http_status?: number; error?: { type?: string; message?: string } } };
  return body.meta?.http_status === 503 && body.meta.error?.type === 'unavailable' && typeof body.meta.error.message === 'string';
}

describeIf(Boolean(process.env.TEST_DATABASE_URL), NO_POSTGRES)('losing PostgreSQL under load (TEST_DATABASE_URL)', () => {
  let dir: string;
  beforeAll(async () => { dir = await mkdtemp(join(tmpdir(), 'pn-db-loss-')); });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('answers 503 unavailable while it is away, never crashes, and resumes by itself', async () => {
    const base = new URL(process.env.TEST_DATABASE_URL ?? '');
    const schema = await postgresSchema('pn_loss');
    if (schema === null) throw new Error('TEST_DATABASE_URL is not set');
    const proxy = await cuttableProxy(base);
    const applicationName = `pn_loss_${process.pid}`;
    const url = new URL(schema.databaseUrl);
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    url.searchParams.set('application_name', applicationName);
    const storage = { dataDir: join(dir, 'data'), databaseUrl: url.href };

    const { Client } = await import('pg');
    const admin = new Client({ connectionString: base.href });
    await admin.connect();
    const terminate = async () => (await admin.query(
      'select pg_terminate_backend(pid) as done from pg_stat_activity where application_name = $1 and pid <> pg_backend_pid()',
      [applicationName],
    )).rowCount ?? 0;

    const { token } = await seedToken(storage, 'survivor');
    let server: ServerChild | null = null;
    const outcomes: Outcome[] = [];
    let stopped = false;
    let workers: Promise<void[]> | null = null;
    try {
      server = await startServerChild(storage);
      const port = server.port;
      let k = 0;
      const worker = async () => {
        while (!stopped) {
          const n = k++;
          outcomes.push(n % 3 === 0
            ? await request(port, 'POST', '/v2/notes', token, { message: `Still here ${n} #loss`, latitude: 1, longitude: 2 })
            : n % 3 === 1
              ? await request(port, 'GET', '/v2/notes?limit=5', token)
              : await request(port, 'GET', '/v2/notes?limit=5&tag=loss', null));
        }
      };
      workers = Promise.all(Array.from({ length: WORKERS }, worker));
      while (outcomes.length < 30) await pause(20);

      // The service's backends are terminated, several times, in the middle of the load.
      let terminated = 0;
      for (let round = 0; round < ROUNDS; round++) {
        terminated += await terminate();
        await pause(400);
      }
      expect(terminated).toBeGreaterThan(0);

      // Then the database is gone altogether for a while: connections cut, new ones refused.
      proxy.cut();
      await pause(1_500);
      const ready = await request(port, 'GET', '/readyz', null);
      expect(ready).toMatchObject({ kind: 'answered', status: 503 });
      expect(JSON.parse((ready as { body: string }).body)).toMatchObject({ status: 'unavailable', database: 'down' });
      const during = await request(port, 'GET', '/v2/notes?limit=5', token);
      expect(isUnavailable(during) ? 'unavailable' : describeOutcome(during)).toBe('unavailable');
      expect((await request(port, 'GET', '/healthz', null))).toMatchObject({ kind: 'answered', status: 200 });

      // It comes back: service resumes without a restart.
      await proxy.restore();
      const deadline = Date.now() + 15_000;
      while ((await request(port, 'GET', '/readyz', null) as { status?: number }).status !== 200) {
        if (Date.now() > deadline) throw new Error(`/readyz still not 200 15 s after the database came back:\n${server.log()}`);
        await pause(200);
      }
      await pause(500);
      stopped = true;
      await workers;

      const after = await Promise.all(Array.from({ length: 10 }, (_, i) => i % 2 === 0
        ? request(port, 'POST', '/v2/notes', token, { message: `Back ${i}`, latitude: 1, longitude: 2 })
        : request(port, 'GET', '/v2/notes?limit=5', token)));
      expect(after.map((o) => (o.kind === 'answered' ? o.status : describeOutcome(o)))).toEqual([201, 200, 201, 200, 201, 200, 201, 200, 201, 200]);
      expect(server.child.exitCode).toBeNull();
      expect(server.child.signalCode).toBeNull();

      // Every request answered something whole: a success, or 503 unavailable with Retry-After. No 500, no reset.
      const wrong = outcomes.filter((o) => !(o.kind === 'answered' && (o.status === 200 || o.status === 201)) && !isUnavailable(o));
      expect(wrong.map(describeOutcome)).toEqual([]);
      expect(outcomes.filter(isUnavailable).length).toBeGreaterThan(0);
      expect(outcomes.filter((o) => o.kind === 'answered' && o.status < 300).length).toBeGreaterThan(30);
    } catch (error) {
      if (server) process.stderr.write(`server log:\n${server.log()}\n`);
      throw error;
    } finally {
      stopped = true;
      await workers;
      if (server && server.child.exitCode === null) {
        server.child.kill('SIGTERM');
        await server.exited;
      }
      await admin.end();
      await proxy.close();
      await schema.drop();
    }
  }, 180_000);
});
