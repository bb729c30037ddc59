import 'reflect-metadata';
import { createWriteStream } from 'node:fs';
import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { sql } from 'kysely';
import { createTestApp } from '../support/test-app';

/**
 * `tsx test/process/export-memory-child.ts <dir> <notes>`: the service on a fresh test database (PostgreSQL with
 * TEST_DATABASE_URL, else PGlite) with one user holding `<notes>` notes, whose export it downloads over HTTP into
 * `<dir>/export.zip`, looking at its own heap every 20 ms. Prints one JSON line: the heap's growth in bytes.
 * A process of its own, so that the heap measured is the service's alone and a full collection costs little.
 */
/** Growth past which a look collects first: a fifth of the test's limit of 50 MB, so what is below it is well below. */
const COLLECT_PAST = 10 * 1024 * 1024;

async function main(): Promise<void> {
  const [dir = '.', count = '100000'] = process.argv.slice(2);
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const t = await createTestApp({ storage: 'database' });
  try {
    const user = await t.createUser('hoarder');
    const token = await t.token(user, 'readall');
    await sql`insert into notes (author_id, message, visibility, latitude, longitude, public_latitude, public_longitude,
        street, city, country, created_at, updated_at)
      select ${user.id}, 'Note number ' || i || ': ' || repeat('words ', 20), 'public', (i % 170) - 85 + 0.5, (i % 350) - 175 + 0.25,
        (i % 170) - 85 + 0.5, (i % 350) - 175 + 0.25, 'Street ' || i, 'City', 'Country',
        timestamptz '2026-01-01' + i * interval '1 second', timestamptz '2026-01-01' + i * interval '1 second'
      from generate_series(1, ${Number(count)}) as i`.execute(t.database!.kysely);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    gc();
    const before = process.memoryUsage().heapUsed;
    // The heap every 20 ms. Past COLLECT_PAST bytes of growth it is collected first and looked at again, so that
    // garbage does not count: what remains is what the export holds at once (a few MB; 78 MB when one page held every
    // note, for about a second). A full collection here takes 0.1-0.3 s: one at every look ran them back to back and
    // the export took some 38 s of CPU; only past the threshold, about 4 s.
    let peak = before;
    const sampler = setInterval(() => {
      let used = process.memoryUsage().heapUsed;
      if (used - before > COLLECT_PAST) {
        gc();
        used = process.memoryUsage().heapUsed;
      }
      peak = Math.max(peak, used);
    }, 20);
    try {
      await new Promise<void>((resolve, reject) => {
        get({ host: '127.0.0.1', port, path: '/v2/users/me/export', headers: { authorization: `Bearer ${token}` } }, (res) => {
          if (res.statusCode !== 200) {
            res.resume();
            reject(new Error(`the export answered ${res.statusCode}`));
            return;
          }
          pipeline(res, createWriteStream(join(dir, 'export.zip'))).then(resolve, reject);
        }).on('error', reject);
      });
    } finally {
      clearInterval(sampler);
    }
    process.stdout.write(`${JSON.stringify({ growth: peak - before })}\n`);
  } finally {
    await t.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
