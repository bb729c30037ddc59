import { execFile } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../support/test-app';

const run = promisify(execFile);
const NOTES = 100_000;
const MB = 1024 * 1024;

// The export streams (docs/privacy.md): a user with 100,000 notes downloads them all while the server's heap grows
// by less than 50 MB. Holding the notes' GeoJSON alone would take several times that. The server runs in this
// process, so its heap is this process's heap; the download is written to a file as it arrives.
describe('exporting 100,000 notes', () => {
  jest.setTimeout(240_000);
  let t: TestApp;
  let dir: string;
  let token: string;
  let gc: () => void;

  beforeAll(async () => {
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as () => void;
    dir = await mkdtemp(join(tmpdir(), 'pn-export-big-'));
    t = await createTestApp({ storage: 'database' });
    const user = await t.createUser('hoarder');
    token = await t.token(user, 'readall');
    await sql`insert into notes (author_id, message, visibility, latitude, longitude, public_latitude, public_longitude,
        street, city, country, created_at, updated_at)
      select ${user.id}, 'Note number ' || i || ': ' || repeat('words ', 20), 'public', (i % 170) - 85 + 0.5, (i % 350) - 175 + 0.25,
        (i % 170) - 85 + 0.5, (i % 350) - 175 + 0.25, 'Street ' || i, 'City', 'Country',
        timestamptz '2026-01-01' + i * interval '1 second', timestamptz '2026-01-01' + i * interval '1 second'
      from generate_series(1, ${NOTES}) as i`.execute(t.database!.kysely);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('streams them with the heap growing by less than 50 MB, into a ZIP unzip accepts with every note', async () => {
    const { port } = t.app.server.address() as AddressInfo;
    const file = join(dir, 'export.zip');
    gc();
    const before = process.memoryUsage().heapUsed;
    // The heap every 20 ms, collected after each look so that garbage left since the last one does not count
    // as growth: what remains is what the export holds at once (about 7 MB here; 340 MB if it built the whole
    // GeoJSON in one piece).
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().heapUsed);
      gc();
    }, 20);
    try {
      await new Promise<void>((resolve, reject) => {
        get({ host: '127.0.0.1', port, path: '/v2/users/me/export', headers: { authorization: `Bearer ${token}` } }, (res) => {
          if (res.statusCode !== 200) {
            reject(new Error(`the export answered ${res.statusCode}`));
            res.resume();
            return;
          }
          pipeline(res, createWriteStream(file)).then(resolve, reject);
        }).on('error', reject);
      });
    } finally {
      clearInterval(sampler);
    }
    const growth = (peak - before) / MB;
    expect(growth).toBeLessThan(50);

    expect((await run('unzip', ['-t', file])).stdout).toContain('No errors detected');
    const geojson = await run('unzip', ['-p', file, 'notes.geojson'], { maxBuffer: 256 * MB });
    const collection = JSON.parse(geojson.stdout) as { features: { id: number; properties: { message: string } }[] };
    expect(collection.features).toHaveLength(NOTES);
    expect(new Set(collection.features.map((f) => f.id)).size).toBe(NOTES);
    expect(collection.features[0]!.properties.message).toMatch(/^Note number 100000: words/u);
  });
});
