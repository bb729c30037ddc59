import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { runScript } from '../support/run-script';

const run = promisify(execFile);
const NOTES = 100_000;
const MB = 1024 * 1024;

// The export streams (docs/privacy.md): a user with 100,000 notes downloads them all while the server's heap grows
// by less than 50 MB (a few MB here; 78 MB when one page held them all, the heap looked at after a full
// collection). Holding the notes' GeoJSON alone would take several times the limit. The server runs in a process
// of its own (export-memory-child.ts), which measures its own heap: in a test worker's large heap, the forced
// collections would be slow and the figure blurred.
describe('exporting 100,000 notes', () => {
  jest.setTimeout(300_000);
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pn-export-big-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('streams them with the heap growing by less than 50 MB, into a ZIP unzip accepts with every note', async () => {
    const child = await runScript('test/process/export-memory-child.ts', [dir, String(NOTES)], process.env);
    expect({ code: child.code, stderr: child.stderr }).toEqual({ code: 0, stderr: '' });
    const { growth } = JSON.parse(child.stdout.trim().split('\n').at(-1)!) as { growth: number };
    expect(growth / MB).toBeLessThan(50);

    const file = join(dir, 'export.zip');
    expect((await run('unzip', ['-t', file])).stdout).toContain('No errors detected');
    const geojson = await run('unzip', ['-p', file, 'notes.geojson'], { maxBuffer: 256 * MB });
    const collection = JSON.parse(geojson.stdout) as { features: { id: number; properties: { message: string } }[] };
    expect(collection.features).toHaveLength(NOTES);
    expect(new Set(collection.features.map((f) => f.id)).size).toBe(NOTES);
    expect(collection.features[0]!.properties.message).toMatch(/^Note number 100000: words/u);
  });
});
