import http from 'node:http';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { COMMENT_MAX, COMMENT_PAGE_TEXT_MAX_BYTES } from '../../src/domain/comment';
import { postgresSchema, seedToken, startServerChild, type ServerChild, type Storage } from '../support/server-process';

// The outside audit's denial of service: 30 comments of the largest size, then six anonymous comment lists
// at once. Before the fix one list built 503 MB, six took 44 s each, the server grew to 5.7 GB and /healthz
// took 40 s. Now a page ends at 4 MiB of text (a larger comment is a page of its own), memory stays bounded
// and the probe keeps answering. The test uploads 12 such comments, not the audit's 30: uploading them was most of
// its five minutes on two storages, and 12 are still 768 MB a list without the bound, six lists 4.6 GB, far past
// the limits below, so it fails as surely on a regression.
const COMMENTS = 12;
const READERS = 6;
const RSS_LIMIT_MB = 600;
// What six lists add to the embedded server's RSS, which depends on when the garbage collector runs between pages:
// 292 to 482 MB in CI runs of 2026-11-25 and once 603 MB (2026-11-28, a slow hour, the server child without the
// launcher's V8 flags); 206-210 MB on a quiet machine and 182-190 MB beside two busy cores with those flags (182-277
// without). Without the page bound the same lists added 1,305 MB (one list alone holds its 768 MB of text and more),
// so 800 MB still fails on that with room to spare, and not on a late collection.
const EMBEDDED_GROWTH_LIMIT_MB = 800;
// On a quiet machine the slowest probe takes 0.2-0.3 s; beside another heavy suite 1.4 s, and in CI runs of
// 2026-11-25 3.4 and 3.5 s (twice failing a 3 s bound). This is no speed line (the figure is printed for whoever
// looks): the probe must answer within a generous timeout, which still fails on what the audit saw (40 s).
const HEALTHZ_LIMIT_MS = 30_000;

/**
 * One request on a connection of its own. The answer's bytes are decoded only when `text()` is called: this
 * process also times /healthz, and decoding six large answers on arrival would stall its own timing.
 */
function send(port: number, method: string, path: string, token?: string, body?: string): Promise<{ status: number; bytes: number; text(): string }> {
  return new Promise((done, fail) => {
    const req = http.request({
      host: '127.0.0.1', port, method, path, agent: false,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }),
      },
    }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const bytes = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
        done({ status: res.statusCode ?? 0, bytes, text: () => Buffer.concat(chunks).toString('utf8') });
      });
      res.on('error', fail);
    });
    req.on('error', fail);
    req.end(body);
  });
}

/** The child's resident set size in MB, from /proc. */
function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:')) ?? '';
  return Number(/(\d+)/u.exec(line)?.[1] ?? 0) / 1024;
}

const storages: [string, () => Promise<{ storage: Storage; cleanup(): Promise<void> }>][] = [
  ['the embedded database', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'pn-flood-'));
    return { storage: { dataDir }, cleanup: () => rm(dataDir, { recursive: true, force: true }) };
  }],
];
if (process.env.TEST_DATABASE_URL) {
  storages.push(['PostgreSQL', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'pn-flood-'));
    const schema = await postgresSchema('flood');
    if (schema === null) throw new Error('TEST_DATABASE_URL is set but no schema could be made');
    return {
      storage: { dataDir, databaseUrl: schema.databaseUrl },
      cleanup: async () => { await schema.drop(); await rm(dataDir, { recursive: true, force: true }); },
    };
  }]);
}

describe.each(storages)('a flood of maximal comments on %s', (name, make) => {
  const embedded = name === 'the embedded database';
  let server: ServerChild;
  let cleanup: () => Promise<void>;
  let noteId: number;

  beforeAll(async () => {
    const made = await make();
    cleanup = made.cleanup;
    const { token } = await seedToken(made.storage, 'flooder');
    server = await startServerChild(made.storage);
    const note = await send(server.port, 'POST', '/v2/notes', token, JSON.stringify({ message: 'flooded', latitude: 1, longitude: 2 }));
    noteId = JSON.parse(note.text()).data.id;
    const ascii = JSON.stringify({ comment: 'x'.repeat(COMMENT_MAX) });
    // One comment of 4-byte characters: 64 MiB of UTF-8, 32 Mi UTF-16 units in JavaScript.
    const astral = JSON.stringify({ comment: '\u{1F600}'.repeat(COMMENT_MAX) });
    for (let i = 0; i < COMMENTS; i += 1) {
      const res = await send(server.port, 'POST', `/v2/notes/${noteId}/comments`, token, i === 1 ? astral : ascii);
      if (res.status !== 201) throw new Error(`comment ${i} answered ${res.status}: ${res.text().slice(0, 300)}`);
    }
    // The reads are what anyone may send; a fresh process measures what they cost, apart from the uploads'
    // own peak (an authenticated writer's, bounded by the comment route's body limit).
    server.child.kill('SIGTERM');
    await server.exited;
    server = await startServerChild(made.storage);
  }, 600_000);

  afterAll(async () => {
    server?.child.kill('SIGTERM');
    await server?.exited;
    await cleanup?.();
  }, 60_000);

  it('answers six anonymous lists at once with one bounded page each, within bounded memory, and /healthz keeps answering', async () => {
    let peakRss = rssMb(server.child.pid ?? 0);
    const before = peakRss;
    let slowestProbe = 0;
    let reading = true;
    const probes = (async () => {
      while (reading) {
        const started = performance.now();
        const res = await send(server.port, 'GET', '/healthz');
        expect(res.status).toBe(200);
        slowestProbe = Math.max(slowestProbe, performance.now() - started);
        peakRss = Math.max(peakRss, rssMb(server.child.pid ?? 0));
        await new Promise((done) => setTimeout(done, 50));
      }
    })();
    const answers = await Promise.all(Array.from({ length: READERS }, () => send(server.port, 'GET', `/v2/notes/${noteId}/comments?limit=30`)));
    reading = false;
    await probes;

    for (const answer of answers) {
      expect(answer.status).toBe(200);
      const body = JSON.parse(answer.text()) as { data: { comment: string }[]; meta: { count: number; nextUrl: string | null } };
      // Each comment is larger than a page's 4 MiB, so each page holds exactly one; the next page continues after it.
      expect(body.data).toHaveLength(1);
      expect(body.meta.count).toBe(COMMENTS);
      expect(body.meta.nextUrl).toBe(`/v2/notes/${noteId}/comments?offset=1&limit=30`);
      expect(answer.bytes).toBeLessThan(COMMENT_MAX + 64 * 1024);
    }
    expect(COMMENT_PAGE_TEXT_MAX_BYTES).toBe(4 * 1024 * 1024);
    if (embedded) {
      // PGlite's WebAssembly runtime alone holds about 500 MB of this process under the test's TypeScript
      // loader, before any request: the bound is on what the six lists add to it.
      expect(peakRss - before).toBeLessThan(EMBEDDED_GROWTH_LIMIT_MB);
    } else {
      expect(peakRss).toBeLessThan(RSS_LIMIT_MB);
    }
    process.stderr.write(`flood on ${name}: slowest /healthz ${Math.round(slowestProbe)} ms, RSS ${Math.round(before)} → ${Math.round(peakRss)} MB\n`);
    expect(slowestProbe).toBeLessThan(HEALTHZ_LIMIT_MS);
  }, 300_000);

  it('frees the slots of clients that leave before their page is sent', async () => {
    // More leavers than COMMENT_PAGES_AT_ONCE: a slot kept by any of them would hold the next list for ever.
    await Promise.all(Array.from({ length: 4 }, () => new Promise<void>((done) => {
      const req = http.request({ host: '127.0.0.1', port: server.port, path: `/v2/notes/${noteId}/comments?limit=30`, agent: false });
      req.on('error', () => done());
      req.on('response', (res) => { res.destroy(); done(); });
      req.end();
      setTimeout(() => { req.destroy(); done(); }, 20);
    })));
    const res = await send(server.port, 'GET', `/v2/notes/${noteId}/comments?offset=2&limit=1`);
    expect(res.status).toBe(200);
  }, 120_000);

  it('serves the page of 4-byte characters whole and valid', async () => {
    const res = await send(server.port, 'GET', `/v2/notes/${noteId}/comments?offset=1&limit=1`);
    expect(res.status).toBe(200);
    const comment = (JSON.parse(res.text()) as { data: { comment: string }[] }).data[0]?.comment ?? '';
    expect([...comment.slice(0, 8)]).toEqual(['\u{1F600}', '\u{1F600}', '\u{1F600}', '\u{1F600}']);
    expect(comment.length).toBe(COMMENT_MAX * 2);
  }, 120_000);
});
