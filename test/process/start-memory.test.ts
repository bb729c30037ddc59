import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { npmStart, type NpmStarted } from '../support/npm-start';

// The embedded default's memory (docs/operations.md, Memory): `npm start` on a fresh DATA_DIR, and again over the data
// it left, must fit a machine of 1 GB. The server's high-water mark (VmHWM) is read after it listens and has served a
// few probes for a while idle, when PGlite's start, the migrations and any compilation they set off are behind it.
// It was 1,085 MB at the first start and 875 MB at a restart before (V8 optimising PGlite's largest function, initdb in
// the server process, 128 MB of shared buffers); it is about 200 MB now.
const LIMIT_KB = 400 * 1024;

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));


async function highWaterMarkKb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmHWM:\s+(\d+) kB$/mu.exec(status)?.[1]);
}

/** Probes the server for a few seconds (its start's work done, as a supervisor's health checks would find it), then reads its peak. */
async function settledPeakKb(server: NpmStarted): Promise<number> {
  for (let i = 0; i < 10; i += 1) {
    expect((await fetch(`http://127.0.0.1:${server.port}/readyz`)).status).toBe(200);
    await pause(300);
  }
  return highWaterMarkKb(server.serverPid);
}

describe('npm start on the embedded database, memory', () => {
  let dir: string;
  beforeAll(async () => { dir = await mkdtemp(join(tmpdir(), 'pn-start-memory-')); });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('peaks at 400 MB or less: the first start, a restart after a clean stop, and a restart after a kill -9', async () => {
    const dataDir = join(dir, 'data');
    const peaks: Record<string, number> = {};
    for (const [start, stop] of [['first start', 'SIGTERM'], ['restart', 'SIGKILL'], ['restart after a crash', 'SIGTERM']] as const) {
      const server = await npmStart(dataDir);
      try {
        peaks[start] = await settledPeakKb(server);
        process.kill(server.serverPid, stop);
        await server.exited;
      } finally {
        server.npm.kill('SIGKILL');
        try { process.kill(server.serverPid, 'SIGKILL'); } catch { /* gone already */ }
      }
    }
    // All three in one message, so a failure shows which start went over and by how much.
    expect(Object.entries(peaks).filter(([, kb]) => !(kb > 0 && kb <= LIMIT_KB))).toEqual([]);
  }, 240_000);
});
