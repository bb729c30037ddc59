import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { entryArguments } from '../support/built-server';
import { runScript } from '../support/run-script';
import { prepareEmbeddedDatabase, serverEnvironment } from '../support/server-process';

// A server killed with SIGKILL under a parent that has not reaped it yet is a zombie: its pid still exists
// (kill(pid, 0) succeeds) but it holds nothing. The CLI must take DATA_DIR over at once, not wait 15 s for an
// admin socket nobody serves and fail.
const ROOT = resolve(__dirname, '../..');
const NODE = join(ROOT, 'node_modules/.bin/node');

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function processState(pid: number): Promise<string> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).charAt(0);
}

(process.platform === 'linux' ? describe : describe.skip)('the CLI after its server died and is not yet reaped', () => {
  let dir: string;
  beforeAll(async () => { dir = await mkdtemp(join(tmpdir(), 'pn-zombie-')); });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('runs the command in its own process at once', async () => {
    const dataDir = join(dir, 'data');
    const env = serverEnvironment({ dataDir });
    await prepareEmbeddedDatabase({ dataDir });
    // `sh` starts the server in the background, prints its pid, then becomes `sleep`, which never reaps it.
    const server = [NODE, ...entryArguments('src/main.ts')].map((arg) => `'${arg}'`).join(' ');
    const parent = spawn('sh', ['-c', `${server} & echo "server pid $!"; exec sleep 300`], {
      cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    parent.stdout.on('data', (chunk: Buffer) => { log += chunk.toString(); });
    parent.stderr.on('data', (chunk: Buffer) => { log += chunk.toString(); });
    try {
      const deadline = Date.now() + 60_000;
      while (!log.includes('Place Notes is listening on')) {
        if (Date.now() > deadline) throw new Error(`the server did not start:\n${log}`);
        await pause(50);
      }
      const pid = Number(/server pid (\d+)/u.exec(log)?.[1]);
      process.kill(pid, 'SIGKILL');
      while ((await processState(pid)) !== 'Z') await pause(20);
      expect(() => process.kill(pid, 0)).not.toThrow();

      const cli = await runScript('src/cli.ts', ['user:create', '--username', 'zed', '--email', 'zed@example.org', '--password', 'analytical'], env);
      // Without the zombie check the CLI waits for the dead server's socket, then fails ("does not answer"):
      // succeeding is the proof, with no clock (a loaded machine takes over 15 s just to start the CLI).
      expect(cli).toMatchObject({ code: 0, stderr: '' });
      expect(JSON.parse(cli.stdout)).toMatchObject({ username: 'zed' });
      expect(await processState(pid)).toBe('Z');
    } finally {
      parent.kill('SIGKILL');
    }
  }, 120_000);
});
