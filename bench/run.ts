// `npm run bench`: the real service against a minimal Fastify + pg baseline, on one fresh PostgreSQL
// database, measured alternately in one run and reported as ratios. See docs/benchmarks.md.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort, runToEnd, startChild, waitUntilOk } from './children';
import { noteBody, seed } from './seed';
import SERVER_RUNTIME from '../src/runtime/server-runtime.json';
import { VIEW_FLUSH_EVERY_MS } from '../src/application/ports/view-counter';

const ROOT = resolve(__dirname, '..');
// The Node.js the project pins, whatever `node` the machine has.
const NODE = join(ROOT, 'node_modules', '.bin', 'node');
// What `npm start` runs: the service with its V8 flags, once dist/ is built.
const LAUNCHER = join(ROOT, 'src', 'runtime', 'launcher.mts');
// The same built service with the client features left out, to measure what they cost.
const WITHOUT_FEATURES = join(ROOT, 'bench', 'service-without-client-features.mts');
// The server's V8 flags and environment defaults, as the launcher passes them, for the service started without it.
const { flags: SERVER_FLAGS, env: SERVER_ENV } = SERVER_RUNTIME;

function envInt(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`${name} must be an integer from ${min} to ${max}`);
  return value;
}

const SETTINGS = {
  connections: envInt('BENCH_CONNECTIONS', 10, 1, 100),
  /** Measured seconds per side, split into PAIRS segments that alternate with the other side's. */
  seconds: envInt('BENCH_SECONDS', 10, 2, 120),
  warmupS: envInt('BENCH_WARMUP_SECONDS', 3, 1, 30),
  /**
   * Seconds each side of each read scenario is loaded before the first scenario is measured (0: none). A fresh
   * service needs 20-30 s of load before its JIT reaches its steady speed (the yardstick, a few functions, needs
   * about 2 s): without this, whichever scenario came first measured the warm-up (docs/benchmarks.md). 6 s a side
   * was not enough: the first scenario's note read cost the service 20–35 % more CPU than the same read two scenarios
   * later; four runs read 0.65–0.82× where three with 20 s read 0.79–1.02×.
   */
  processWarmupS: envInt('BENCH_PROCESS_WARMUP_SECONDS', 20, 0, 120),
  notes: envInt('BENCH_NOTES', 20_000, 100, 1_000_000),
  /** Notes of the embedded-database service (seeding PGlite is slower; a read of one note does not depend on it). */
  pgliteNotes: envInt('BENCH_PGLITE_NOTES', 2_000, 100, 100_000),
  /** Notes in the notemap whose list is measured. */
  notemapNotes: 500,
  users: 3,
};
// A B, B A, A B, B A: each pair is measured back to back, and each side goes first as often as second.
const PAIRS = 4;
/** Long enough for every server's view timer to fire once and its flush (about a second at most here) to end. */
const VIEW_FLUSH_GAP_MS = VIEW_FLUSH_EVERY_MS + 2_000;
/** Every server's rate limit: high enough never to refuse the load, still counted and shown in the headers. */
const RATE_LIMIT_MAX = '1000000000';
const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** What one side of a comparison sends: a fixed request, or a path that changes per request. */
interface Target {
  label: string;
  origin: string;
  method: 'GET' | 'POST';
  path: string;
  nextPath?: () => string;
  headers?: Record<string, string>;
  /** Headers that change per request (a fresh Idempotency-Key), added to `headers`. */
  nextHeaders?: () => Record<string, string>;
  body?: string;
  /** The server process answering, whose CPU time per request is measured (its database's is not). */
  pid?: number;
  /** Run before each of this side's segments, unmeasured (e.g. make or drop webhook subscriptions). */
  prepare?: () => Promise<void>;
  /** Its answers count views of public notes, which the server writes in one statement every VIEW_FLUSH_EVERY_MS. */
  countsViews?: boolean;
}

interface Scenario {
  name: string;
  /** What the ratio is taken against, as shown in the table. */
  versus: string;
  subject: Target;
  reference: Target;
  /** Run once before the scenario, unmeasured. */
  before?: () => Promise<void>;
}

interface Segment {
  completed: number;
  seconds: number;
  latenciesMs: number[];
  /** CPU seconds the server process spent during the segment (NaN without a pid). */
  cpuS: number;
}

interface Side {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  /** The server's CPU time per answered request, in microseconds. */
  cpuUs: number;
}

interface Row {
  scenario: Scenario;
  subject: Side;
  reference: Side;
  /** The req/s ratio of each pair of neighbouring segments: its spread shows how noisy the run was. */
  pairRatios: number[];
}

function pause(ms: number): Promise<void> {
  return new Promise((done) => setTimeout(done, ms));
}

/** One autocannon run at `target`; any error, timeout or non-2xx answer fails the benchmark. */
async function hit(target: Target, seconds: number): Promise<Segment> {
  await target.prepare?.();
  const latenciesMs: number[] = [];
  const options: autocannon.Options = {
    url: `${target.origin}${target.path}`,
    connections: SETTINGS.connections,
    duration: seconds,
    // The run stops at the first sample tick after `duration`: ticks every 250 ms keep fractional durations honest.
    sampleInt: 250,
    method: target.method,
    timeout: 10,
    bailout: 100,
    ...(target.headers ? { headers: target.headers } : {}),
    ...(target.body !== undefined ? { body: target.body } : {}),
  };
  const { nextPath, nextHeaders } = target;
  if (nextPath || nextHeaders) {
    options.requests = [{
      setupRequest: (request) => ({
        ...request,
        ...(nextPath ? { path: nextPath() } : {}),
        ...(nextHeaders ? { headers: { ...request.headers, ...nextHeaders() } } : {}),
      }),
    }];
  }
  const cpuBefore = await cpuSeconds(target.pid);
  const result = await new Promise<autocannon.Result>((resolvePromise, reject) => {
    const instance = autocannon(options, (error, done) => (error ? reject(error) : resolvePromise(done)));
    // autocannon's own latency histogram has 1 ms resolution; these are the exact times, 2xx only.
    instance.on('response', (_client, statusCode, _bytes, ms) => {
      if (statusCode >= 200 && statusCode < 300) latenciesMs.push(ms);
    });
  });
  const problems = { errors: result.errors, timeouts: result.timeouts, non2xx: result.non2xx, mismatches: result.mismatches };
  if (Object.values(problems).some((n) => n > 0) || latenciesMs.length === 0) {
    throw new Error(`${target.label} ${target.method} ${target.path}: ${JSON.stringify(problems)}, status codes ${JSON.stringify(result.statusCodeStats)}`);
  }
  return { completed: latenciesMs.length, seconds: result.duration, latenciesMs, cpuS: (await cpuSeconds(target.pid)) - cpuBefore };
}

/**
 * User and system CPU seconds a process has used (/proc/<pid>/stat, in clock ticks of 1/100 s on Linux). On a small
 * machine the load generator and the database share the cores with the server, so throughput moves with their
 * load too; the server's own CPU per request does not.
 */
async function cpuSeconds(pid: number | undefined): Promise<number> {
  if (pid === undefined) return Number.NaN;
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function percentile(sorted: Float64Array, p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

function summarise(segments: readonly Segment[]): Side {
  const completed = segments.reduce((sum, s) => sum + s.completed, 0);
  const seconds = segments.reduce((sum, s) => sum + s.seconds, 0);
  const sorted = Float64Array.from(segments.flatMap((s) => s.latenciesMs)).sort();
  const cpuS = segments.reduce((sum, s) => sum + s.cpuS, 0);
  return { rps: completed / seconds, p50: percentile(sorted, 50), p99: percentile(sorted, 99), requests: completed, cpuUs: (cpuS / completed) * 1e6 };
}

/** Warm both sides up, then measure them in alternating pairs, so drift and other load fall on both alike. */
async function runScenario(scenario: Scenario): Promise<Row> {
  const { subject, reference } = scenario;
  const segmentS = SETTINGS.seconds / PAIRS;
  log(`${scenario.name}: warming up, then ${PAIRS} × ${segmentS} s per side`);
  await hit(subject, SETTINGS.warmupS);
  await hit(reference, SETTINGS.warmupS);
  const measured: Record<'subject' | 'reference', Segment[]> = { subject: [], reference: [] };
  const countsViews = subject.countsViews === true || reference.countsViews === true;
  for (let pair = 0; pair < PAIRS; pair++) {
    const order = pair % 2 === 0 ? (['subject', 'reference'] as const) : (['reference', 'subject'] as const);
    for (const side of order) {
      // The views a side counted are written by its own timer, which may fire in the other side's segment: a flush of
      // thousands of rows is a second of the database's CPU, and with 2.5 s segments and a 5 s timer it fell in the same
      // place in every pair, so one side paid for both in a whole run (anonymous note reads: 0.77× in one run, 0.98× in
      // another). So both timers fire, unmeasured, before every segment: before each, not only where the side changes,
      // as the first segment after a pause ran slower (the reads meet the rows the flush rewrote), and every segment
      // must start alike.
      if (countsViews) await pause(VIEW_FLUSH_GAP_MS);
      const segment = await hit(scenario[side], segmentS);
      measured[side].push(segment);
      log(`  pair ${pair + 1}, ${scenario[side].label}: ${fixed(segment.completed / segment.seconds, 0)} req/s, ${fixed((segment.cpuS / segment.completed) * 1e6, 0)} µs CPU a request`);
    }
  }
  const rate = (s: Segment): number => s.completed / s.seconds;
  const pairRatios = measured.subject.map((s, i) => rate(s) / rate(measured.reference[i] ?? s));
  return { scenario, subject: summarise(measured.subject), reference: summarise(measured.reference), pairRatios };
}

/**
 * Every server process to its steady speed before anything is measured: each side of each read scenario (writes
 * would lengthen the lists the later scenarios count) answers its requests for `processWarmupS` seconds, unmeasured.
 */
async function warmProcesses(scenarios: readonly Scenario[], servicePid: number | undefined): Promise<string[]> {
  if (SETTINGS.processWarmupS === 0) return [];
  const reads = scenarios.filter((scenario) => scenario.subject.method === 'GET' && scenario.reference.method === 'GET');
  log(`warming every server up: ${reads.length} read scenarios, ${SETTINGS.processWarmupS} s per side`);
  // The service's peak after each scenario's warm-up: the warm-up is where the run's peak was set in most runs.
  const peaks: string[] = [];
  for (const scenario of reads) {
    await hit(scenario.subject, SETTINGS.processWarmupS);
    await hit(scenario.reference, SETTINGS.processWarmupS);
    peaks.push(`${scenario.name} ${fixed(await peakRssMb(servicePid), 0)}`);
  }
  return peaks;
}

function cycle(ids: readonly number[], prefix = '/v2/notes/'): () => string {
  let next = 0;
  return () => `${prefix}${ids[next++ % ids.length] ?? 1}`;
}

/**
 * An answer with its notes' view counts blanked: every read of a note counts a view, which each server writes on
 * its own schedule, so two reads of one note a moment apart may see different counts (the ETag ignores them too).
 */
function withoutViewCounts(text: string): string {
  return text.replace(/"publicViewsCount":\d+/gu, '"publicViewsCount":0');
}

/** Headers whose values differ between any two answers (a fresh id, the clock, the caller's count so far). */
const VARYING_HEADERS = new Set(['x-request-id', 'date', 'x-rate-limit-remaining', 'x-rate-limit-resets-at']);

/** An answer's headers as `name: value` lines, sorted, with the values of VARYING_HEADERS left out. */
function headerLines(headers: Headers): string {
  return [...headers].map(([name, value]) => VARYING_HEADERS.has(name) ? name : `${name}: ${value}`).sort().join('\n');
}

/**
 * Both servers must give the same answers, byte for byte (the same JSON: the yardstick does the same job), with the
 * same headers (and the same ETag), before their speeds are compared: the first page, the `near` page and one note,
 * anonymous and with a token.
 */
async function checkSameAnswers(service: string, baseline: string, id: number, expectedCount: number, token: string, nearPath: string): Promise<void> {
  const get = async (url: string, headers: Record<string, string> = {}): Promise<string> => (await fetched(url, headers)).text;
  const fetched = async (url: string, headers: Record<string, string>): Promise<{ text: string; headers: string }> => {
    // Uncompressed, as the load generator asks (fetch would offer gzip and br, and the service would compress).
    const response = await fetch(url, { headers: { 'accept-encoding': 'identity', ...headers }, signal: AbortSignal.timeout(10_000) });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}: ${text.slice(0, 300)}`);
    return { text, headers: headerLines(response.headers) };
  };
  const auth = { authorization: `Bearer ${token}` };
  const checks: [string, Record<string, string>][] = [['/v2/notes', {}], [nearPath, {}], [`/v2/notes/${id}`, {}], [`/v2/notes/${id}`, auth]];
  for (const [path, headers] of checks) {
    const answers = await Promise.all([fetched(`${service}${path}`, headers), fetched(`${baseline}${path}`, headers)]);
    const [a, b] = [withoutViewCounts(answers[0].text), withoutViewCounts(answers[1].text)];
    const what = `${path}${headers.authorization ? ' (with a token)' : ''}`;
    if (a !== b) {
      const at = [...a].findIndex((char, i) => char !== b[i]);
      throw new Error(`the service and the baseline answer ${what} differently from character ${at}:\n` +
        `service:  …${a.slice(Math.max(0, at - 80), at + 120)}\nbaseline: …${b.slice(Math.max(0, at - 80), at + 120)}`);
    }
    if (answers[0].headers !== answers[1].headers) {
      throw new Error(`the service and the baseline answer ${what} with other headers:\nservice:\n${answers[0].headers}\nbaseline:\n${answers[1].headers}`);
    }
  }
  const first = JSON.parse(await get(`${service}/v2/notes`)) as { data: unknown[]; meta: { count: number } };
  if (first.meta.count !== expectedCount || first.data.length !== 20) {
    throw new Error(`the first page counts ${first.meta.count} notes and shows ${first.data.length}; expected ${expectedCount} and 20`);
  }
}

/** The peak resident set size of a process so far (VmHWM), in MB; NaN when it cannot be read. */
async function peakRssMb(pid: number | undefined): Promise<number> {
  if (pid === undefined) return Number.NaN;
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmHWM:\s+(\d+) kB/mu.exec(status)?.[1];
    return kb === undefined ? Number.NaN : Number(kb) / 1024;
  } catch {
    return Number.NaN;
  }
}

/** The path `nextUrl` gives on the page before the last one: how a client reaches page N/20. */
async function deepPagePath(origin: string, total: number): Promise<string> {
  const response = await fetch(`${origin}/v2/notes?offset=${Math.max(0, total - 40)}&limit=20`, { signal: AbortSignal.timeout(30_000) });
  const body = (await response.json()) as { meta: { nextUrl: string | null } };
  if (body.meta.nextUrl === null) throw new Error('the page before the last has no nextUrl');
  return body.meta.nextUrl;
}

/** A notemap holding `count` of the seeded notes, made through the API; its id. */
async function seedNotemap(origin: string, token: string, noteIds: readonly number[], count: number): Promise<number> {
  const post = async (path: string, body: unknown): Promise<{ data?: { id?: number } }> => {
    const response = await fetch(`${origin}${path}`, {
      method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body), signal: AbortSignal.timeout(10_000),
    });
    if (response.status !== 201) throw new Error(`POST ${path} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
    return (await response.json()) as { data?: { id?: number } };
  };
  const id = (await post('/v2/notemaps', { name: 'Benchmark map', description: 'Notes to list' })).data?.id;
  if (typeof id !== 'number') throw new Error('POST /v2/notemaps answered without an id');
  for (const noteId of noteIds.slice(0, count)) await post(`/v2/notemaps/${id}/notes`, { note_id: noteId });
  return id;
}

function log(line: string): void {
  process.stderr.write(`[bench] ${line}\n`);
}

const fixed = (n: number, digits: number): string => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');

function table(rows: readonly Row[]): string {
  const header = ['scenario', 'compared with', 'req/s ratio', '(pairs: min–max)', 'p99 ratio', 'server CPU/request ratio', 'req/s (this / that)', 'p50 ms (this / that)', 'p99 ms (this / that)'];
  const body = rows.map(({ scenario, subject, reference, pairRatios }) => [
    scenario.name,
    scenario.versus,
    `${fixed(subject.rps / reference.rps, 2)}×`,
    `${fixed(Math.min(...pairRatios), 2)}–${fixed(Math.max(...pairRatios), 2)}`,
    `${fixed(subject.p99 / reference.p99, 2)}×`,
    `${fixed(subject.cpuUs / reference.cpuUs, 2)}× (${fixed(subject.cpuUs, 0)} / ${fixed(reference.cpuUs, 0)} µs)`,
    `${fixed(subject.rps, 0)} / ${fixed(reference.rps, 0)}`,
    `${fixed(subject.p50, 2)} / ${fixed(reference.p50, 2)}`,
    `${fixed(subject.p99, 2)} / ${fixed(reference.p99, 2)}`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]): string => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n');
}

/** Everything to undo, newest first; each step runs even when an earlier one fails. */
class Cleanup {
  private readonly steps: { name: string; run: () => Promise<void> }[] = [];
  private running: Promise<void> | null = null;

  add(name: string, run: () => Promise<void>): void {
    this.steps.unshift({ name, run });
  }

  run(): Promise<void> {
    this.running ??= (async () => {
      for (const step of this.steps) {
        try {
          await step.run();
        } catch (error) {
          log(`cleanup: ${step.name} failed: ${error instanceof Error ? error.message : String(error)}`);
          process.exitCode = 1;
        }
      }
    })();
    return this.running;
  }
}

/** How many subscriptions the webhook scenario makes (issue: POST stays ≥ 0.8× its rate without any). */
const WEBHOOK_SUBSCRIPTIONS = 100;

/**
 * A receiver answering 204 to every webhook, and the subscriptions pointing at it, made and dropped in SQL between
 * segments (dropping them drops their deliveries still waiting, so one side's backlog does not run into the other's).
 */
async function webhookReceiver(databaseUrl: string, token: string): Promise<{
  subscribe(count: number): Promise<void>; unsubscribe(): Promise<void>; received(): number; close(): Promise<void>;
}> {
  let received = 0;
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      received += 1;
      response.statusCode = 204;
      response.end();
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  // The service's worker writes the same tables meanwhile: a deadlock with it is tried again.
  const query = (sql: string, values: unknown[] = []) => withClient(databaseUrl, async (client) => {
    for (let attempt = 1; ; attempt++) {
      try {
        await client.query(sql, values);
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== '40P01' || attempt === 5) throw error;
      }
    }
  });
  const tokenHash = createHash('sha256').update(token).digest('hex');
  return {
    async subscribe(count) {
      await query(`delete from webhook_subscriptions`);
      await query(`
        insert into webhook_subscriptions (user_id, client_id, url, events, filters, secret, scopes)
        select t.user_id, t.client_id, $1, '{note.created}', '{}', $2, 'read' from access_tokens t, generate_series(1, $3::integer)
        where t.token_hash = $4`, [url, `whsec_${randomBytes(24).toString('base64')}`, count, tokenHash]);
    },
    async unsubscribe() {
      await query(`delete from webhook_subscriptions`);
      await query(`delete from webhook_events`);
    },
    received: () => received,
    close: () => new Promise<void>((done) => { server.closeAllConnections(); server.close(() => done()); }),
  };
}

/** Runs `work` on a connection of its own to `url`, closed afterwards whatever happens. */
async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function adminQuery(sql: string): Promise<pg.QueryResult> {
  return withClient(ADMIN_URL, (client) => client.query(sql));
}

async function main(cleanup: Cleanup): Promise<void> {
  const started = Date.now();
  const database = `place_notes_bench_${process.pid}`;
  const databaseUrl = (() => {
    const url = new URL(ADMIN_URL);
    url.pathname = `/${database}`;
    return url.href;
  })();
  const childEnv = (extra: Record<string, string>): NodeJS.ProcessEnv => ({ PATH: process.env.PATH, HOME: process.env.HOME, ...extra });

  // PostgreSQL first: it fails faster than the build.
  const version = (await adminQuery('show server_version')).rows[0] as { server_version: string };
  log('building the service (npm run build)');
  await runToEnd('build', NODE, [LAUNCHER, '--build'], childEnv({}), 300_000);

  // A database named after our pid can only be left over from a run that was killed.
  await adminQuery(`drop database if exists "${database}" with (force)`);
  await adminQuery(`create database "${database}"`);
  cleanup.add(`drop database ${database}`, async () => {
    await adminQuery(`drop database if exists "${database}" with (force)`);
  });
  const dataDir = await mkdtemp(join(tmpdir(), 'place-notes-bench-'));
  cleanup.add('remove DATA_DIR', () => rm(dataDir, { recursive: true, force: true }));

  const servicePort = await freePort();
  const serviceOrigin = `http://127.0.0.1:${servicePort}`;
  const startService = async () => {
    const child = startChild('service', NODE, [LAUNCHER], childEnv({
      DATABASE_URL: databaseUrl, DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: String(servicePort),
      PUBLIC_URL: serviceOrigin, LOG_LEVEL: 'warn',
      // The benchmark measures throughput, not the limiter's 429s: one token and one IP send everything.
      RATE_LIMIT_MAX: RATE_LIMIT_MAX,
      // The webhook receiver of the last scenario listens on 127.0.0.1.
      WEBHOOK_ALLOW_PRIVATE: 'true',
    }));
    cleanup.add('stop the service', () => child.stop());
    await waitUntilOk(child, `${serviceOrigin}/readyz`, 60_000);
    return child;
  };
  const seeding = await startService();
  log(`service listening on ${serviceOrigin} (database ${database}, PostgreSQL ${version.server_version})`);

  const seedStarted = Date.now();
  const seeded = await seed({
    origin: serviceOrigin, env: { DATABASE_URL: databaseUrl, DATA_DIR: dataDir },
    users: SETTINGS.users, notes: SETTINGS.notes, concurrency: 8, timeoutMs: Math.max(900_000, SETTINGS.notes * 20),
  });
  const token = seeded.tokens[0] ?? '';
  const notemapId = await seedNotemap(serviceOrigin, token, seeded.noteIds, SETTINGS.notemapNotes);
  log(`seeded ${SETTINGS.users} users, ${seeded.noteIds.length} notes and a notemap of ${SETTINGS.notemapNotes} in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s`);
  await vacuum(databaseUrl, seeded.noteIds.length);
  // Measured from a fresh process, as every other server here is: tens of thousands of seeding writes leave a heap
  // and JIT feedback that a process which never saw them does not have, and the comparison would carry that.
  await seeding.stop();
  const service = await startService();

  // The same service on the same database, without CORS, compression, request ids, ETags, Link and Idempotency-Key.
  const barePort = await freePort();
  const bareDir = await mkdtemp(join(tmpdir(), 'place-notes-bench-bare-'));
  cleanup.add('remove the bare DATA_DIR', () => rm(bareDir, { recursive: true, force: true }));
  const bare = startChild('service without client features', NODE, [...SERVER_FLAGS, WITHOUT_FEATURES], childEnv({
    ...SERVER_ENV, DATABASE_URL: databaseUrl, DATA_DIR: bareDir, HOST: '127.0.0.1', PORT: String(barePort),
    PUBLIC_URL: serviceOrigin, LOG_LEVEL: 'warn', RATE_LIMIT_MAX: RATE_LIMIT_MAX,
  }));
  cleanup.add('stop the bare service', () => bare.stop());
  const bareOrigin = `http://127.0.0.1:${barePort}`;
  await waitUntilOk(bare, `${bareOrigin}/readyz`, 60_000);

  const baselinePort = await freePort();
  const baseline = startChild('baseline', NODE, ['--import', 'tsx', 'bench/baseline-server.ts'],
    childEnv({ DATABASE_URL: databaseUrl, PORT: String(baselinePort), PUBLIC_URL: serviceOrigin, RATE_LIMIT_MAX }), true);
  cleanup.add('stop the baseline', () => baseline.stop());
  const baselineOrigin = `http://127.0.0.1:${baselinePort}`;
  await waitUntilOk(baseline, `${baselineOrigin}/healthz`, 60_000);

  // The embedded database: the same service on PGlite, with a smaller data set of its own.
  const pgliteDir = await mkdtemp(join(tmpdir(), 'place-notes-bench-pglite-'));
  cleanup.add('remove the embedded DATA_DIR', () => rm(pgliteDir, { recursive: true, force: true }));
  const pglitePort = await freePort();
  const pgliteOrigin = `http://127.0.0.1:${pglitePort}`;
  const startEmbedded = async () => {
    const child = startChild('service (PGlite)', NODE, [LAUNCHER], childEnv({
      DATA_DIR: pgliteDir, HOST: '127.0.0.1', PORT: String(pglitePort), PUBLIC_URL: pgliteOrigin,
      LOG_LEVEL: 'warn', RATE_LIMIT_MAX: RATE_LIMIT_MAX,
    }));
    cleanup.add('stop the embedded service', () => child.stop());
    await waitUntilOk(child, `${pgliteOrigin}/readyz`, 60_000);
    return child;
  };
  const seedingEmbedded = await startEmbedded();
  const pgliteSeeded = await seed({
    origin: pgliteOrigin, env: { DATABASE_URL: '', DATA_DIR: pgliteDir },
    users: SETTINGS.users, notes: SETTINGS.pgliteNotes, concurrency: 4, timeoutMs: 900_000,
  });
  log(`seeded the embedded database with ${pgliteSeeded.noteIds.length} notes`);
  // A fresh process too (see the service's restart above).
  await seedingEmbedded.stop();
  const embedded = await startEmbedded();

  const someId = seeded.noteIds[Math.floor(seeded.noteIds.length / 2)] ?? 1;
  const nearPath = '/v2/notes?near=38.7223,-9.1393&radius=2000';
  await checkSameAnswers(serviceOrigin, baselineOrigin, someId, seeded.noteIds.length, token, nearPath);
  const noteText = async (origin: string) => withoutViewCounts(await (await fetch(`${origin}/v2/notes/${someId}`)).text());
  const [withFeatures, without] = await Promise.all([noteText(serviceOrigin), noteText(bareOrigin)]);
  if (withFeatures !== without) throw new Error('the service without client features answers a note differently');
  const deepPath = await deepPagePath(serviceOrigin, seeded.noteIds.length);
  log(`the page before the last points at ${deepPath}`);

  // Ids in a scrambled but fixed order, the same sequence for both sides.
  const scramble = (list: readonly number[]) => list.map((id, i) => ({ id, key: (i * 7919) % list.length })).sort((a, b) => a.key - b.key).map((x) => x.id);
  const ids = scramble(seeded.noteIds);
  const service_ = (extra: Omit<Target, 'label' | 'origin'>): Target => ({ label: 'service', origin: serviceOrigin, pid: service.process.pid, ...extra });
  const baseline_ = (extra: Omit<Target, 'label' | 'origin'>): Target => ({ label: 'baseline', origin: baselineOrigin, pid: baseline.process.pid, ...extra });
  const bare_ = (extra: Omit<Target, 'label' | 'origin'>): Target => ({ label: 'service without client features', origin: bareOrigin, pid: bare.process.pid, ...extra });
  const bearer = { authorization: `Bearer ${token}` };
  const firstPage = service_({ method: 'GET', path: '/v2/notes' });
  const post = service_({
    method: 'POST', path: '/v2/notes', body: JSON.stringify(noteBody(0)),
    headers: { ...bearer, 'content-type': 'application/json' },
  });
  const scenarios: Scenario[] = [
    {
      name: 'GET /v2/notes/:id, anonymous', versus: 'baseline, same',
      subject: service_({ method: 'GET', path: '/v2/notes/:id', nextPath: cycle(ids), countsViews: true }),
      reference: baseline_({ method: 'GET', path: '/v2/notes/:id', nextPath: cycle(ids), countsViews: true }),
    },
    {
      name: 'GET /v2/notes/:id, bearer token', versus: 'baseline, same',
      subject: service_({ method: 'GET', path: '/v2/notes/:id', nextPath: cycle(ids), headers: bearer, countsViews: true }),
      reference: baseline_({ method: 'GET', path: '/v2/notes/:id', nextPath: cycle(ids), headers: bearer, countsViews: true }),
    },
    {
      name: 'GET /v2/notes/:id, anonymous, with the client features', versus: 'service without them',
      subject: service_({ method: 'GET', path: '/v2/notes/:id', nextPath: cycle(ids), countsViews: true }),
      reference: bare_({ method: 'GET', path: '/v2/notes/:id', nextPath: cycle(ids), countsViews: true }),
    },
    {
      name: 'GET /notes/:id (the note\'s web page), anonymous', versus: 'service GET /v2/notes/:id',
      subject: service_({ method: 'GET', path: '/notes/:id', nextPath: cycle(ids, '/notes/'), headers: { accept: 'text/html' }, countsViews: true }),
      reference: service_({ method: 'GET', path: '/v2/notes/:id', nextPath: cycle(ids), countsViews: true }),
    },
    {
      name: 'GET /v2/notes?near=…&radius=2000', versus: 'baseline, same',
      subject: service_({ method: 'GET', path: nearPath }),
      reference: baseline_({ method: 'GET', path: nearPath }),
    },
    {
      name: 'GET /v2/notes (first page and total)', versus: 'baseline, same',
      subject: firstPage,
      reference: baseline_({ method: 'GET', path: '/v2/notes' }),
    },
    {
      name: `GET the page at offset ${seeded.noteIds.length - 20} (through nextUrl)`, versus: 'service, first page',
      subject: service_({ method: 'GET', path: deepPath }),
      reference: firstPage,
    },
    {
      name: `GET /v2/notemaps/:id/notes (${SETTINGS.notemapNotes} notes)`, versus: 'service, first page',
      subject: service_({ method: 'GET', path: `/v2/notemaps/${notemapId}/notes` }),
      reference: firstPage,
    },
    {
      name: 'GET /v2/notes/:id on the embedded database', versus: 'service on PostgreSQL',
      subject: { label: 'service (PGlite)', origin: pgliteOrigin, pid: embedded.process.pid, method: 'GET', path: '/v2/notes/:id', nextPath: cycle(scramble(pgliteSeeded.noteIds)), countsViews: true },
      reference: service_({ method: 'GET', path: '/v2/notes/:id', nextPath: cycle(ids), countsViews: true }),
    },
    // Last, because they add notes (which would lengthen the list's count for any scenario after them).
    {
      name: 'POST /v2/notes (write)', versus: 'service GET /v2/notes/:id',
      subject: post,
      reference: service_({ method: 'GET', path: '/v2/notes/:id', nextPath: cycle(ids), countsViews: true }),
    },
    {
      name: 'POST /v2/notes (write), with the client features', versus: 'service without them',
      subject: post,
      reference: { ...post, label: 'service without client features', origin: bareOrigin, pid: bare.process.pid },
    },
    {
      name: 'POST /v2/notes with a new Idempotency-Key each', versus: 'service POST without one',
      subject: { ...post, nextHeaders: () => ({ 'idempotency-key': randomUUID() }) },
      reference: post,
    },
    {
      name: `POST /v2/notes with ${WEBHOOK_SUBSCRIPTIONS} matching webhook subscriptions`, versus: 'service POST without any',
      subject: { ...post, prepare: () => hooks.subscribe(WEBHOOK_SUBSCRIPTIONS) },
      reference: { ...post, prepare: () => hooks.unsubscribe() },
      // The service alone, as the scenario says. The instance without client features shares the database and runs a
      // webhook worker too: idle while the service is measured, it would deliver at an idle server's full pace on the
      // same two cores (and fail every delivery, as it does not allow the receiver's private address).
      before: () => bare.stop(),
    },
  ];

  // The subscriptions of the webhook scenario: the token's user and application, every note created, to a receiver here.
  const hooks = await webhookReceiver(databaseUrl, token);
  cleanup.add('stop the webhook receiver', () => hooks.close());

  // BENCH_ONLY=<text> runs only the scenarios whose name contains it (a quick look between full runs).
  const only = process.env.BENCH_ONLY;
  const rows: Row[] = [];
  // The service's peak after each scenario: which load raised it (a peak is only ever raised, so the first scenario
  // that shows the final figure is the one that reached it).
  const peaks: string[] = [`start ${fixed(await peakRssMb(service.process.pid), 0)}`];
  const selected = scenarios.filter((scenario) => only === undefined || scenario.name.includes(only));
  const warmupPeaks = await warmProcesses(selected, service.process.pid);
  peaks.push(`warmed up ${fixed(await peakRssMb(service.process.pid), 0)}`);
  for (const scenario of selected) {
    await vacuumNotes(databaseUrl);
    await scenario.before?.();
    rows.push(await runScenario(scenario));
    peaks.push(`${scenario.name} ${fixed(await peakRssMb(service.process.pid), 0)}`);
  }
  const [serviceRss, baselineRss, pgliteRss] = await Promise.all([
    peakRssMb(service.process.pid), peakRssMb(baseline.process.pid), peakRssMb(embedded.process.pid),
  ]);
  const deep = rows.find((row) => row.scenario.name.startsWith('GET the page at offset'));
  const first = rows.find((row) => row.scenario.name.startsWith('GET /v2/notes (first page'));

  const cpu = cpus();
  process.stdout.write([
    '',
    `Place Notes benchmark, ${new Date().toISOString()}`,
    `${cpu.length} CPU cores (${cpu[0]?.model.trim() ?? 'unknown'}), Node.js ${process.versions.node}, PostgreSQL ${version.server_version}`,
    `${SETTINGS.connections} connections; every server first answers each read scenario's requests for ${SETTINGS.processWarmupS} s;`,
    `the notes table is vacuumed before each scenario; per side ${SETTINGS.warmupS} s warm-up, then ${SETTINGS.seconds} s measured in ${PAIRS} segments alternating with the other side (AB BA AB BA);`,
    `${seeded.noteIds.length} public notes by ${SETTINGS.users} users. Ratios are this ÷ that: req/s above 1 is faster, p99 above 1 is slower.`,
    '',
    table(rows),
    '',
    `Latency of page 1 and of page ${Math.ceil(seeded.noteIds.length / 20)} (p50): ${fixed(first?.subject.p50 ?? Number.NaN, 2)} ms and ${fixed(deep?.subject.p50 ?? Number.NaN, 2)} ms`,
    `Peak RSS (VmHWM): service on PostgreSQL ${fixed(serviceRss, 0)} MB, baseline ${fixed(baselineRss, 0)} MB (ratio ${fixed(serviceRss / baselineRss, 2)}×), service on PGlite ${fixed(pgliteRss, 0)} MB`,
    `Service's peak RSS after each scenario (MB): ${peaks.join('; ')}`,
    `Service's peak RSS after each scenario's warm-up (MB): ${warmupPeaks.length > 0 ? warmupPeaks.join('; ') : 'no warm-up'}`,
    `Webhook deliveries received during the webhook scenario: ${hooks.received()} (delivery runs beside the requests and catches up after)`,
    '',
    `(${((Date.now() - started) / 1000).toFixed(0)} s in all)`,
    '',
  ].join('\n'));
}

/**
 * VACUUM ANALYZE the bench database, so both servers read a table with fresh statistics, and write the
 * baseline's counter row (its total of public notes, kept as a write would keep it).
 */
async function vacuum(databaseUrl: string, publicNotes: number): Promise<void> {
  await withClient(databaseUrl, async (client) => {
    await client.query('create table if not exists bench_counters (id int primary key, public_notes int not null)');
    await client.query('insert into bench_counters (id, public_notes) values (1, $1) on conflict (id) do update set public_notes = $1', [publicNotes]);
    await client.query('vacuum analyze');
  });
}

/**
 * VACUUM the notes table before a scenario. Every note read counts a view, and the views are written back to the
 * note's row (one statement per flush, on both sides); the row is indexed by its view count, so each write leaves a
 * dead version of the row in the table and in every index. Where autovacuum is off (it is on this machine) or slow,
 * a scenario of note reads left 100,000-odd of them, and the next scenario's reads (`near` above all, whose k-NN scan
 * visits every version) ran at a sixth of their speed: the ratio then measured the previous scenario.
 */
async function vacuumNotes(databaseUrl: string): Promise<void> {
  await withClient(databaseUrl, (client) => client.query('vacuum (analyze) notes'));
}

const cleanup = new Cleanup();
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (interrupted) process.exit(1);
    interrupted = true;
    log(`${signal}: cleaning up`);
    void cleanup.run().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  });
}

main(cleanup).then(
  async () => {
    await cleanup.run();
    process.exit(process.exitCode ?? 0);
  },
  async (error: unknown) => {
    log(`failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    await cleanup.run();
    process.exit(1);
  },
);
