import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { postgresSchema, seedToken, startServerChild, type ServerChild, type Storage } from '../support/server-process';
import { itIf, NO_POSTGRES } from '../support/required';

// A write load against a real server child, killed with SIGKILL mid-way and restarted on the same data:
// every acknowledged note is there, intact, and nothing is half-written.
const CONCURRENCY = 8;
const KILL_AFTER_ACKNOWLEDGED = 48;

interface NoteData {
  id: number;
  message: string;
  location: { city: string; country: string; latitude: number; longitude: number; street: string | null };
  tags: { meta: { count: number } };
  [field: string]: unknown;
}

const bodyFor = (k: number) => ({
  message: `Crash note ${k} #crash${k}`,
  tags: ['load', `k${k}`],
  latitude: (k % 170) - 85,
  longitude: (k % 350) - 175,
  street: `Street ${k}`,
  city: `City ${k}`,
  country: 'Crashland',
  isoCountryCode: 'CL',
});
const expectedTags = (k: number) => ['crash' + k, 'k' + k, 'load'].sort();

/** Posts notes from CONCURRENCY workers until stopped; records what was acknowledged and what was lost in flight. */
function writeLoad(server: ServerChild, token: string) {
  const acknowledged = new Map<number, NoteData>();
  let failed = 0;
  let next = 0;
  let stopped = false;
  let killed = false;
  let reached: () => void = () => undefined;
  const reachedTarget = new Promise<void>((done) => { reached = done; });
  const worker = async () => {
    while (!stopped) {
      const k = next++;
      try {
        const res = await fetch(`${server.url}/v2/notes`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', connection: 'close' },
          body: JSON.stringify(bodyFor(k)),
        });
        const text = await res.text();
        if (res.status !== 201) throw new Error(`note ${k} answered ${res.status}: ${text}`);
        acknowledged.set(k, (JSON.parse(text) as { data: NoteData }).data);
        if (acknowledged.size >= KILL_AFTER_ACKNOWLEDGED) reached();
      } catch (error) {
        // Only the kill may fail a request; anything else is a failure of the test itself.
        if (!killed) throw error;
        failed += 1;
      }
    }
  };
  const workers = Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return {
    acknowledged,
    // A worker that fails before the kill ends the wait too, with its error.
    reachedTarget: Promise.race([reachedTarget, workers.then(() => undefined)]),
    failed: () => failed,
    kill() {
      killed = true;
      stopped = true;
      server.child.kill('SIGKILL');
    },
    async stop() { await workers; },
  };
}

async function get(server: ServerChild, token: string, url: string): Promise<{ status: number; body: { data: unknown; meta: { nextUrl?: string | null; count?: number } } }> {
  const res = await fetch(`${server.url}${url}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: await res.json() as { data: unknown; meta: { nextUrl?: string | null } } };
}

async function crashAndRecover(storage: Storage): Promise<void> {
  const { userId, token } = await seedToken(storage, 'loader');
  const first = await startServerChild(storage);
  const load = writeLoad(first, token);
  try {
    await load.reachedTarget;
  } finally {
    load.kill();
  }
  expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
  await load.stop();
  const acknowledged = load.acknowledged;
  expect(acknowledged.size).toBeGreaterThanOrEqual(KILL_AFTER_ACKNOWLEDGED);

  const second = await startServerChild(storage);
  try {
    // Every acknowledged note is there, exactly as it was acknowledged.
    for (const [k, data] of acknowledged) {
      const res = await get(second, token, `/v2/notes/${data.id}`);
      expect({ k, status: res.status }).toEqual({ k, status: 200 });
      expect(res.body.data).toEqual(data);
    }
    // Every stored note of the user is whole: its tags and location are all there.
    const stored: NoteData[] = [];
    for (let url: string | null | undefined = `/v2/users/${userId}/notes?limit=100`; url;) {
      const page = await get(second, token, url);
      expect(page.status).toBe(200);
      stored.push(...(page.body.data as NoteData[]));
      url = page.body.meta.nextUrl;
    }
    expect(stored.length).toBeGreaterThanOrEqual(acknowledged.size);
    expect(stored.length).toBeLessThanOrEqual(acknowledged.size + load.failed());
    for (const note of stored) {
      const k = Number(/^Crash note (\d+) /u.exec(note.message)?.[1]);
      const sent = bodyFor(k);
      expect(note.location).toMatchObject({ city: sent.city, country: sent.country, street: sent.street, latitude: sent.latitude, longitude: sent.longitude });
      const tags = await get(second, token, `/v2/notes/${note.id}/tags`);
      expect((tags.body.data as { name: string }[]).map((t) => t.name).sort()).toEqual(expectedTags(k));
      expect(note.tags.meta.count).toBe(3);
    }
  } finally {
    second.child.kill('SIGTERM');
    await second.exited;
  }
}

describe('a server killed with SIGKILL under a write load', () => {
  let dir: string;
  beforeAll(async () => { dir = await mkdtemp(join(tmpdir(), 'pn-crash-')); });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('keeps every acknowledged note, whole, on the embedded database (DATA_DIR)', async () => {
    await crashAndRecover({ dataDir: join(dir, 'pglite') });
  }, 180_000);

  itIf(Boolean(process.env.TEST_DATABASE_URL), NO_POSTGRES)('keeps every acknowledged note, whole, on PostgreSQL (TEST_DATABASE_URL)', async () => {
    const schema = await postgresSchema('pn_crash');
    if (schema === null) throw new Error('TEST_DATABASE_URL is not set');
    try {
      await crashAndRecover({ dataDir: join(dir, 'pg'), databaseUrl: schema.databaseUrl });
    } finally {
      await schema.drop();
    }
  }, 180_000);
});
