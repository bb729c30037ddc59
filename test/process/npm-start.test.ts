import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { dataDirHolder, lockPath } from '../../src/adapters/persistence/data-dir-lock';
import SERVER_RUNTIME from '../../src/runtime/server-runtime.json';
import { npmStart } from '../support/npm-start';
import { prepareEmbeddedDatabase } from '../support/server-process';

// `npm start` as a supervisor runs it (systemd, pm2, a container): npm forwards SIGTERM to its child only, so
// the child must be the server itself, not a shell or a launcher that would die and leave the server running.
const ROOT = resolve(__dirname, '../..');
const BIN = join(ROOT, 'node_modules/.bin');
const NODE = join(BIN, 'node');

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

interface Ran { code: number | null; pid: number; stdout: string; stderr: string }

function run(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<Ran> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => { stdout += chunk.toString(); });
    child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
    child.on('error', fail);
    child.on('close', (code) => done({ code, pid: child.pid ?? 0, stdout, stderr }));
  });
}

/** Every live process whose environment names `dataDir` (npm, a shell, the launcher, tsc, the server: any of them). */
async function processesUsing(dataDir: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/u.test(entry)) continue;
    try {
      const environ = await readFile(`/proc/${entry}/environ`, 'utf8');
      if (!environ.split('\0').includes(`DATA_DIR=${dataDir}`)) continue;
      const state = / \S+\) (\S) /u.exec(await readFile(`/proc/${entry}/stat`, 'utf8'))?.[1];
      if (state !== 'Z') found.push(`${entry} ${(await readFile(`/proc/${entry}/cmdline`, 'utf8')).replaceAll('\0', ' ')}`);
    } catch {
      // Gone meanwhile, or another user's.
    }
  }
  return found;
}

function connectionRefused(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => { socket.destroy(); done(false); });
    socket.once('error', (error: NodeJS.ErrnoException) => done(error.code === 'ECONNREFUSED'));
  });
}


describe('npm start', () => {
  let dir: string;
  beforeAll(async () => { dir = await mkdtemp(join(tmpdir(), 'pn-npm-start-')); });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  // The second start sets the malloc arenas itself: the operator's value wins over the launcher's default.
  it.each([
    ['SIGTERM', {}, 'MALLOC_ARENA_MAX=1'],
    ['SIGINT', { MALLOC_ARENA_MAX: '4' }, 'MALLOC_ARENA_MAX=4'],
  ] as const)('leaves no process behind when npm gets %s: port closed, DATA_DIR free', async (signal, extraEnv, arenas) => {
    const dataDir = join(dir, signal);
    // A migrated database to start on: this is about signals, and initdb took 10-15 s of a loaded CI machine
    // (a database made from nothing is operations.test.ts's and https.test.ts's).
    await prepareEmbeddedDatabase({ dataDir });
    const server = await npmStart(dataDir, extraEnv);
    try {
      // npm's child is the server itself: the launcher replaced itself (no shell, no launcher in between).
      expect((await readFile(`/proc/${server.serverPid}/stat`, 'utf8')).split(' ')[3]).toBe(String(server.npm.pid));
      // With the server's V8 flags (docs/benchmarks.md, Memory).
      expect(SERVER_RUNTIME.flags).toEqual(expect.arrayContaining(['--max-semi-space-size=4', '--heap-growing-percent=20']));
      expect((await readFile(`/proc/${server.serverPid}/cmdline`, 'utf8')).split('\0')).toEqual(expect.arrayContaining(SERVER_RUNTIME.flags));
      expect((await readFile(`/proc/${server.serverPid}/environ`, 'utf8')).split('\0')).toContain(arenas);
      expect((await fetch(`http://127.0.0.1:${server.port}/healthz`)).status).toBe(200);
      expect(await dataDirHolder(dataDir)).toMatchObject({ pid: server.serverPid, purpose: 'server' });

      server.npm.kill(signal);
      const deadline = Date.now() + 5_000;
      while ((await processesUsing(dataDir)).length > 0 && Date.now() < deadline) await pause(50);
      expect(await processesUsing(dataDir)).toEqual([]);
      expect(await server.exited).toBe(0);
      expect(await connectionRefused(server.port)).toBe(true);
      expect(existsSync(lockPath(dataDir))).toBe(false);
      expect(server.log()).toContain(`"signal":"${signal}","msg":"shutting down"`);
    } finally {
      server.npm.kill('SIGKILL');
      try { process.kill(server.serverPid, 'SIGKILL'); } catch { /* already gone, as it should be */ }
    }
  }, 240_000);
});

describe('the npm start launcher (src/runtime/launcher.mts) on a small project of its own', () => {
  let project: string;
  const launch = (...args: string[]) => run(NODE, [join(project, 'src/runtime/launcher.mts'), ...args], { cwd: project });
  const writeMain = (text: string) => writeFile(join(project, 'src/main.ts'), `const greeting: string = ${JSON.stringify(text)};\nconsole.log(greeting, process.pid);\n`);
  const mainMtime = async () => (await stat(join(project, 'dist/src/main.js'))).mtimeMs;

  beforeAll(async () => {
    project = await mkdtemp(join(tmpdir(), 'pn-launcher-'));
    await mkdir(join(project, 'src/runtime'), { recursive: true });
    await copyFile(join(ROOT, 'src/runtime/launcher.mts'), join(project, 'src/runtime/launcher.mts'));
    await copyFile(join(ROOT, 'src/runtime/server-runtime.json'), join(project, 'src/runtime/server-runtime.json'));
    await symlink(join(ROOT, 'node_modules'), join(project, 'node_modules'));
    await writeFile(join(project, 'package.json'), '{"private": true, "type": "commonjs"}\n');
    await writeFile(join(project, 'tsconfig.json'), JSON.stringify({
      compilerOptions: { target: 'ES2024', module: 'nodenext', strict: true, types: ['node'], outDir: 'dist', rootDir: '.', skipLibCheck: true },
    }));
    await writeFile(join(project, 'tsconfig.build.json'), JSON.stringify({ extends: './tsconfig.json', include: ['src'] }));
    await writeMain('first');
  });
  afterAll(() => rm(project, { recursive: true, force: true }));

  it('builds when dist/ is missing, then becomes the program it built (same pid)', async () => {
    const first = await launch();
    expect(first.stderr).toContain('building dist/');
    expect(first.code).toBe(0);
    expect(first.stdout).toBe(`first ${first.pid}\n`);
  }, 60_000);

  it('bundles TypeBox and Kysely into dist/vendor, where the built server resolves them (one copy of each)', async () => {
    const vendor = join(project, 'dist/vendor');
    const manifest = JSON.parse(await readFile(join(vendor, 'manifest.json'), 'utf8')) as Record<string, string>;
    expect(Object.keys(manifest)).toEqual(expect.arrayContaining(['typebox', 'typebox/compile', 'typebox/value', 'typebox/format', 'kysely', 'kysely/migration']));
    // V8 keeps a module's source as long as the module lives: ASCII keeps it at one byte a character.
    for (const bundle of ['typebox.cjs', 'kysely.cjs']) {
      const text = await readFile(join(vendor, bundle), 'utf8');
      expect(text.match(/[^\t\n\r -~]/gu) ?? []).toEqual([]);
    }
    const probe = `
      const { useVendorBundles } = require('./src/runtime/vendor-bundles.ts');
      if (!useVendorBundles(${JSON.stringify(vendor)})) throw new Error('no manifest');
      const { Type } = require('typebox');
      const { Compile } = require('typebox/compile');
      const { Kysely, PostgresQueryCompiler, sql } = require('kysely');
      const { Migrator } = require('kysely/migration');
      const check = Compile(Type.Object({ n: Type.Integer() }));
      const sameType = require('typebox/type').Object === Type.Object;
      const compiled = sql\`select \${1}::int as n\`.compile({ getExecutor: () => ({ compileQuery: (node) => new PostgresQueryCompiler().compileQuery(node), transformQuery: (node) => node }) });
      const loaded = Object.keys(require.cache).filter((file) => file.startsWith(${JSON.stringify(vendor)})).map((file) => file.slice(${JSON.stringify(vendor)}.length + 1)).sort();
      console.log(JSON.stringify({ valid: check.Check({ n: 1 }), invalid: check.Check({ n: 'x' }), sameType, kysely: typeof Kysely, migrator: typeof Migrator, sql: compiled.sql, loaded }));`;
    const ran = await run(NODE, ['--import', 'tsx', '-e', probe], { cwd: ROOT });
    expect(ran.stderr).toBe('');
    expect(JSON.parse(ran.stdout)).toEqual({
      valid: true, invalid: false, sameType: true, kysely: 'function', migrator: 'function', sql: 'select $1::int as n',
      loaded: ['kysely.cjs', 'kysely/index.cjs', 'kysely/migration.cjs', 'typebox.cjs', 'typebox/compile.cjs', 'typebox/index.cjs', 'typebox/type.cjs'],
    });
  }, 60_000);

  it('does not build again while dist/ is current', async () => {
    const built = await mainMtime();
    const second = await launch();
    expect(second.stderr).toBe('');
    expect(second.stdout).toBe(`first ${second.pid}\n`);
    expect(await mainMtime()).toBe(built);
  }, 60_000);

  it('builds again when a source changes, and when a file is added', async () => {
    await writeMain('second');
    const changed = await launch();
    expect(changed.stderr).toContain('building dist/');
    expect(changed.stdout).toBe(`second ${changed.pid}\n`);

    await pause(20);
    await writeFile(join(project, 'src/extra.ts'), 'export const extra = 1;\n');
    const added = await launch();
    expect(added.stderr).toContain('building dist/');
    expect(existsSync(join(project, 'dist/src/extra.js'))).toBe(true);
  }, 60_000);

  it('does not start after a failed build, and builds again at the next start', async () => {
    await writeFile(join(project, 'src/broken.ts'), 'export const broken: number = "text";\n');
    for (let attempt = 0; attempt < 2; attempt++) {
      const failed = await launch();
      expect(failed.code).not.toBe(0);
      expect(failed.stderr).toContain('building dist/');
      expect(failed.stdout).toContain("Type 'string' is not assignable to type 'number'");
      expect(failed.stdout).not.toContain('second');
    }
    await rm(join(project, 'src/broken.ts'));
    const repaired = await launch();
    expect(repaired.code).toBe(0);
    expect(repaired.stdout).toBe(`second ${repaired.pid}\n`);
  }, 60_000);

  it('--build (npm run build) always builds and starts nothing', async () => {
    const built = await mainMtime();
    const only = await launch('--build');
    expect(only.code).toBe(0);
    expect(only.stdout).toBe('');
    expect(await mainMtime()).toBeGreaterThan(built);
  }, 60_000);
});
