import http from 'node:http';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { acquireDataDirLock, dataDirHolder, lockPath } from '../../src/adapters/persistence/data-dir-lock';
import { postgresSchema, seedToken, startServerChild, type ServerChild, type Storage } from '../support/server-process';
import { itIf, NO_POSTGRES } from '../support/required';

// SIGTERM while a server child is under a steady load (docs/operations.md, Stopping): requests in flight finish with their
// normal answers, new connections are refused, the process exits 0 and lets go of DATA_DIR.
const WORKERS = 4;
/** How long before the SIGTERM a request may have been sent and still be unread when the listener closes. */
const RESET_WINDOW_MS = 1_000;

type Outcome = { kind: 'answered'; status: number; body: string } | { kind: 'refused' } | { kind: 'failed'; error: string };
type Timed = Outcome & { startedAt: number };

/** One request on a connection of its own. */
function request(port: number, method: string, path: string, token: string, body?: unknown): Promise<Outcome> {
  return new Promise((done) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request({
      host: '127.0.0.1', port, method, path, agent: false,
      headers: { authorization: `Bearer ${token}`, ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}) },
    }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => { text += chunk; });
      res.on('end', () => done({ kind: 'answered', status: res.statusCode ?? 0, body: text }));
      res.on('error', (error) => done({ kind: 'failed', error: `${error.message} after status ${res.statusCode}` }));
    });
    req.on('error', (error: NodeJS.ErrnoException) => done(error.code === 'ECONNREFUSED' ? { kind: 'refused' } : { kind: 'failed', error: error.code ?? error.message }));
    req.end(payload);
  });
}

/** Whether a new TCP connection to the port is refused. */
function connectionRefused(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => { socket.destroy(); done(false); });
    socket.once('error', (error: NodeJS.ErrnoException) => done(error.code === 'ECONNREFUSED'));
  });
}

/** A POST whose body is sent in two halves, so that it is in flight for as long as the test wants. */
function slowPost(port: number, token: string, body: unknown) {
  const payload = Buffer.from(JSON.stringify(body));
  const half = Math.floor(payload.length / 2);
  const socket = net.connect(port, '127.0.0.1');
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  const answered = new Promise<string>((done, fail) => {
    socket.on('error', fail);
    socket.on('close', () => done(Buffer.concat(chunks).toString('utf8')));
  });
  const started = new Promise<void>((done) => socket.once('connect', () => {
    socket.write(`POST /v2/notes HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nAuthorization: Bearer ${token}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${payload.length}\r\n\r\n`);
    socket.write(payload.subarray(0, half), () => done());
  }));
  return { started, answered, finish: () => socket.write(payload.subarray(half)) };
}

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function stopUnderLoad(storage: Storage): Promise<void> {
  const { token } = await seedToken(storage, 'steady');
  const server: ServerChild = await startServerChild(storage);
  const outcomes: Timed[] = [];
  let stopped = false;
  let k = 0;
  let killedAt = Number.POSITIVE_INFINITY;
  const worker = async () => {
    while (!stopped) {
      const n = k++;
      const startedAt = Date.now();
      const outcome = n % 2 === 0
        ? await request(server.port, 'POST', '/v2/notes', token, { message: `Steady ${n} #steady`, latitude: 1, longitude: 2 })
        : await request(server.port, 'GET', '/v2/notes?limit=5', token);
      outcomes.push({ ...outcome, startedAt });
      if (outcome.kind === 'refused') stopped = true;
    }
  };
  let workers: Promise<void[]> | null = null;
  try {
    workers = Promise.all(Array.from({ length: WORKERS }, worker));
    while (outcomes.length < 40 && !stopped) await pause(20);
    const slow = slowPost(server.port, token, { message: 'In flight across SIGTERM', latitude: 3, longitude: 4 });
    await slow.started;
    await pause(100);

    killedAt = Date.now();
    server.child.kill('SIGTERM');
    // The server stops listening at once while the slow request is still being read.
    const deadline = Date.now() + 10_000;
    while (!(await connectionRefused(server.port))) {
      if (Date.now() > deadline) throw new Error(`still accepting connections 10 s after SIGTERM:\n${server.log()}`);
      await pause(20);
    }
    expect(server.child.exitCode).toBeNull();
    slow.finish();
    const answer = await slow.answered;
    expect(answer).toMatch(/^HTTP\/1\.1 201 /u);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({ data: { message: 'In flight across SIGTERM' }, meta: { http_status: 201 } });

    expect(await server.exited).toEqual({ code: 0, signal: null });
    stopped = true;
    await workers;
  } finally {
    stopped = true;
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    await workers;
  }

  // Every answer, before or after the SIGTERM, is the normal one: no 5xx, no 503, a whole JSON envelope.
  const answered = outcomes.filter((o): o is Extract<Timed, { kind: 'answered' }> => o.kind === 'answered');
  expect(answered.filter((o) => o.status !== 200 && o.status !== 201).map(describeOutcome)).toEqual([]);
  for (const o of answered) expect(JSON.parse(o.body)).toHaveProperty('meta.http_status', o.status);
  expect(outcomes.filter((o) => o.startedAt < killedAt && o.kind === 'answered').length).toBeGreaterThanOrEqual(40);
  // A request the server had not yet read when it closed its listener (still in the kernel's accept queue, or
  // accepted but unread) is reset without a byte of answer: only one sent just before the SIGTERM or after it.
  // Requests sent earlier were all answered (docs/security.md: drain the load balancer before SIGTERM).
  expect(outcomes.filter((o) => o.kind === 'failed' && (o.error !== 'ECONNRESET' || o.startedAt < killedAt - RESET_WINDOW_MS)).map(describeOutcome)).toEqual([]);
  expect(outcomes.some((o) => o.kind === 'refused' && o.startedAt >= killedAt)).toBe(true);
}

function describeOutcome(o: Timed): string {
  return o.kind === 'answered' ? `${o.status} ${o.body.slice(0, 200)}` : o.kind === 'failed' ? `${o.error} at ${o.startedAt}` : 'refused';
}

describe('SIGTERM while a server child is under load', () => {
  let dir: string;
  beforeAll(async () => { dir = await mkdtemp(join(tmpdir(), 'pn-sigterm-')); });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('finishes the requests in flight, refuses new connections, exits 0 and releases DATA_DIR (embedded database)', async () => {
    const dataDir = join(dir, 'pglite');
    await stopUnderLoad({ dataDir });
    expect(existsSync(lockPath(dataDir))).toBe(false);
    expect(await dataDirHolder(dataDir)).toBeNull();
    expect(await readdir(join(dataDir, 'run'))).toEqual([]);
    // Another process may take DATA_DIR at once.
    const lock = await acquireDataDirLock(dataDir, 'cli');
    await lock.release();
  }, 120_000);

  itIf(Boolean(process.env.TEST_DATABASE_URL), NO_POSTGRES)('finishes the requests in flight, refuses new connections and exits 0 (PostgreSQL)', async () => {
    const schema = await postgresSchema('pn_sigterm');
    if (schema === null) throw new Error('TEST_DATABASE_URL is not set');
    try {
      await stopUnderLoad({ dataDir: join(dir, 'pg'), databaseUrl: schema.databaseUrl });
    } finally {
      await schema.drop();
    }
  }, 120_000);
});
