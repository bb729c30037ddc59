import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { entryArguments } from '../support/built-server';
import { runScript } from '../support/run-script';
import { describeIf, NO_POSTGRES } from '../support/required';

// The real processes an operator runs: the server (src/main.ts), the CLI and `migrate`, over one embedded DATA_DIR.
const ROOT = resolve(__dirname, '../..');
const NODE = join(ROOT, 'node_modules/.bin/node');

function environment(dataDir: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  // Only what these processes need: nothing from the caller's DATABASE_URL or similar leaks in.
  return { PATH: `${join(ROOT, 'node_modules/.bin')}:${process.env.PATH ?? ''}`, HOME: process.env.HOME, DATA_DIR: dataDir, ...extra };
}

const run = runScript;

const cli = (dataDir: string, ...args: string[]) => run('src/cli.ts', args, environment(dataDir));

/** Starts the server and resolves with its address once it logs that it listens. */
function startServer(dataDir: string): Promise<{ child: ChildProcess; url: string; exited: Promise<number | null> }> {
  const child = spawn(NODE, entryArguments('src/main.ts'), {
    cwd: ROOT, env: environment(dataDir, { PORT: '0', LOG_LEVEL: 'info' }), stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  return new Promise((done, fail) => {
    let log = '';
    child.stderr?.on('data', (chunk: Buffer) => { log += chunk.toString(); });
    child.stdout?.on('data', (chunk: Buffer) => {
      log += chunk.toString();
      const match = /Place Notes is listening on (http:\/\/[^\s"]+)/u.exec(log);
      if (match?.[1] !== undefined) done({ child, url: match[1], exited });
    });
    void exited.then((code) => fail(new Error(`the server exited (${code}) before listening:\n${log}`)));
  });
}

describe('operating the service with an embedded database', () => {
  let dir: string;
  let dataDir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pn-ops-'));
    dataDir = join(dir, 'data');
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  it('stops at once, in one line naming the variable, on a bad configuration', async () => {
    const result = await run('src/main.ts', [], environment(dataDir, { PORT: 'abc' }));
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('PORT must be an integer from 0 to 65535 (got "abc")\n');
  }, 30_000);

  it('serves, takes CLI commands through the server, refuses a second server, and stops cleanly', async () => {
    const server = await startServer(dataDir);
    try {
      const second = await run('src/main.ts', [], environment(dataDir, { PORT: '0' }));
      expect(second.code).toBe(1);
      expect(second.stderr).toMatch(new RegExp(
        `^error: another Place Notes server \\(pid \\d+\\) is using DATA_DIR ${dataDir}; stop it or choose another DATA_DIR\\n$`, 'u'));

      const user = await cli(dataDir, 'user:create', '--username', 'ada', '--email', 'ada@example.org', '--password', 'analytical');
      expect(user.code).toBe(0);
      expect(JSON.parse(user.stdout)).toEqual({ id: expect.any(Number), username: 'ada' });
      const app = JSON.parse((await cli(dataDir, 'app:create', '--owner', 'ada', '--name', 'Scripts', '--redirect-uri', 'http://localhost/cb')).stdout) as { client_id: string };
      const token = JSON.parse((await cli(dataDir, 'token:create', '--user', 'ada', '--client', app.client_id, '--scope', 'notes')).stdout) as { access_token: string; scope: string };
      expect(token.scope).toBe('read notes');

      const created = await fetch(`${server.url}/v2/notes`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token.access_token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ message: 'Made through the CLI token #ops', latitude: 38.71, longitude: -9.13 }),
      });
      expect(created.status).toBe(201);
      const { data } = await created.json() as { data: { id: number } };
      expect((await fetch(`${server.url}/v2/notes/${data.id}`)).status).toBe(200);

      const taken = await cli(dataDir, 'user:create', '--username', 'ada', '--email', 'ada@example.org', '--password', 'analytical');
      expect(taken.code).toBe(1);
      expect(taken.stderr.trim().split('\n')).toHaveLength(1);
      const usage = await cli(dataDir, 'user:create', '--usernme', 'x');
      expect(usage.code).toBe(2);
    } finally {
      server.child.kill('SIGTERM');
    }
    expect(await server.exited).toBe(0);
    expect((await readdir(dataDir)).sort()).toEqual(['pgdata', 'run']);
    expect(await readdir(join(dataDir, 'run'))).toEqual([]);
  }, 120_000);

  it('runs commands and migrations in its own process when no server holds DATA_DIR', async () => {
    const tokenless = await cli(dataDir, 'user:create', '--username', 'bea', '--email', 'bea@example.org', '--password', 'analytical');
    expect(tokenless.code).toBe(0);
    expect(JSON.parse(tokenless.stdout)).toMatchObject({ username: 'bea' });
    const migrate = await run('src/migrate.ts', [], environment(dataDir));
    expect(migrate.code).toBe(0);
    expect(JSON.parse(migrate.stdout)).toEqual({ applied: [] });
  }, 60_000);
});

const postgresUrl = process.env.TEST_DATABASE_URL;

describeIf(postgresUrl !== undefined, NO_POSTGRES)('operating the service on PostgreSQL (TEST_DATABASE_URL)', () => {
  const schema = `pn_ops_${process.pid}_${Date.now()}`;
  let databaseUrl: string;

  beforeAll(async () => {
    const { Client } = await import('pg');
    const client = new Client({ connectionString: postgresUrl });
    await client.connect();
    await client.query(`create schema "${schema}"`);
    await client.end();
    const url = new URL(postgresUrl ?? '');
    url.searchParams.set('options', `-c search_path=${schema}`);
    databaseUrl = url.href;
  });
  afterAll(async () => {
    const { Client } = await import('pg');
    const client = new Client({ connectionString: postgresUrl });
    await client.connect();
    await client.query(`drop schema if exists "${schema}" cascade`);
    await client.end();
  });

  it('migrates, then seeds the demo data set once through the CLI', async () => {
    const env = { ...environment('/nonexistent'), DATABASE_URL: databaseUrl };
    const migrate = await run('src/migrate.ts', [], env);
    expect(migrate.code).toBe(0);
    expect((JSON.parse(migrate.stdout) as { applied: string[] }).applied.length).toBeGreaterThan(0);
    const seed = await run('src/cli.ts', ['seed:demo'], env);
    expect(seed.code).toBe(0);
    expect(JSON.parse(seed.stdout)).toMatchObject({
      client_id: expect.any(String), users: [{ username: 'demo_ana' }, { username: 'demo_bruno' }, { username: 'demo_carla' }],
      notes: { count: 20 }, notemaps: { count: 3 }, comments: { count: 6 }, tags: { count: expect.any(Number) },
    });
    expect((JSON.parse(seed.stdout) as { tags: { names: string[] } }).tags.names).toContain('viewpoint');
    const again = await run('src/cli.ts', ['seed:demo'], env);
    expect(again.code).toBe(1);
    expect(again.stderr).toBe('error: the demo data set is already loaded (user demo_ana exists)\n');
  }, 60_000);
});
