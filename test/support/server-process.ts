import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { newSecret, sha256Hex } from '../../src/application/auth/secrets';
import { UNIT_OF_WORK, type UnitOfWork } from '../../src/application/ports/unit-of-work';
import { embeddedDatabaseDir, openStore } from '../../src/runtime/open-store';
import { loadConfig } from '../../src/config';
import { buildContainer } from '../../src/container';
import { SCOPES } from '../../src/domain/scopes';
import SERVER_RUNTIME from '../../src/runtime/server-runtime.json';
import { entryArguments } from './built-server';
import { migratedPgliteDataDir } from './test-database';

const ROOT = resolve(__dirname, '../..');
// Node itself with tsx as a loader (not the `tsx` wrapper, which runs the server in a grandchild that a
// SIGKILL of the wrapper would leave running).
const NODE = join(ROOT, 'node_modules/.bin/node');

/** Where a server child keeps its data: a DATA_DIR (PGlite) or a PostgreSQL URL. */
export interface Storage {
  dataDir: string;
  databaseUrl?: string;
  /** More settings for the child (e.g. WEBHOOK_ALLOW_PRIVATE). */
  env?: NodeJS.ProcessEnv;
}

/**
 * An embedded DATA_DIR that holds no database yet gets a copy of the migrated template's files (test-database.ts):
 * about 0.2 s of CPU, where initdb and the migrations took some 6 s of CPU (10-15 s at each fresh start on a loaded
 * machine). The server still runs its migrations at start (none to apply); a server making its database from
 * nothing stays tested (operations.test.ts, https.test.ts).
 */
export async function prepareEmbeddedDatabase(storage: Storage): Promise<void> {
  if (storage.databaseUrl) return;
  const dir = embeddedDatabaseDir(storage.dataDir);
  if (existsSync(join(dir, 'PG_VERSION'))) return;
  await mkdir(storage.dataDir, { recursive: true });
  await cp(await migratedPgliteDataDir(), dir, { recursive: true });
}

/**
 * The environment of a server child: only what it needs, with a rate limit the load cannot reach, and the launcher's
 * defaults (src/runtime/server-runtime.json) as `npm start` sets them.
 */
export function serverEnvironment(storage: Storage): NodeJS.ProcessEnv {
  return {
    ...SERVER_RUNTIME.env,
    PATH: `${join(ROOT, 'node_modules/.bin')}:${process.env.PATH ?? ''}`,
    HOME: process.env.HOME,
    DATA_DIR: storage.dataDir,
    ...(storage.databaseUrl ? { DATABASE_URL: storage.databaseUrl } : {}),
    PORT: '0',
    LOG_LEVEL: 'info',
    RATE_LIMIT_MAX: '1000000000',
    SIGNUP_LIMIT_PER_HOUR: '1000000000',
    ...storage.env,
  };
}

export interface ServerChild {
  child: ChildProcess;
  port: number;
  url: string;
  /** Resolves with the exit code (null when killed by a signal) and the signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** The last few kilobytes of the child's output, for failure messages. */
  log(): string;
}

/**
 * Starts the server (its build when dist/ is current, else `src/main.ts` through tsx: built-server.ts) as a child
 * process, with the V8 flags `npm start` gives the server, and resolves once it listens.
 */
export async function startServerChild(storage: Storage): Promise<ServerChild> {
  await prepareEmbeddedDatabase(storage);
  const child = spawn(NODE, [...SERVER_RUNTIME.flags, ...entryArguments('src/main.ts')], { cwd: ROOT, env: serverEnvironment(storage), stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) => child.on('exit', (code, signal) => done({ code, signal })));
  let tail = '';
  // Keep draining the pipes (a full pipe would block the child) but remember only the end.
  const keep = (chunk: Buffer) => { tail = (tail + chunk.toString()).slice(-8_000); };
  return new Promise((done, fail) => {
    let listening = false;
    child.stderr?.on('data', keep);
    child.stdout?.on('data', (chunk: Buffer) => {
      keep(chunk);
      const match = listening ? null : /Place Notes is listening on (http:\/\/[^\s"]+)/u.exec(tail);
      if (match?.[1] !== undefined) {
        listening = true;
        const url = match[1];
        done({ child, port: Number(new URL(url).port), url, exited, log: () => tail });
      }
    });
    void exited.then(({ code, signal }) => {
      if (!listening) fail(new Error(`the server exited (${code ?? signal}) before listening:\n${tail}`));
    });
  });
}

/** A user and a token with every scope, written straight into the storage while no server holds it. */
export async function seedToken(storage: Storage, username: string): Promise<{ userId: number; token: string }> {
  await prepareEmbeddedDatabase(storage);
  const config = loadConfig(serverEnvironment(storage));
  const store = await openStore(config, 'cli');
  try {
    const uow = buildContainer(config, { kind: 'database', database: store.database }).resolve<UnitOfWork>(UNIT_OF_WORK);
    const token = newSecret();
    const userId = await uow.run(async ({ users, clients, tokens }) => {
      const id = await users.create({ username, email: `${username}@example.com`, passwordHash: 'not-a-real-hash', name: null, avatarHash: sha256Hex(username).slice(0, 32) }, new Date());
      const clientId = await clients.create({
        clientId: `load-${newSecret()}`, secretHash: null, name: 'load', ownerId: id, redirectUris: ['http://localhost/cb'], allowImplicit: false,
      }, new Date());
      await tokens.create({ tokenHash: sha256Hex(token), userId: id, clientId, scopes: [...SCOPES], expiresAt: null }, new Date());
      return id;
    });
    return { userId, token };
  } finally {
    await store.close();
  }
}

/** A PostgreSQL schema of its own in TEST_DATABASE_URL, as a DATABASE_URL for a child, and how to drop it. */
export async function postgresSchema(prefix: string): Promise<{ databaseUrl: string; drop(): Promise<void> } | null> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return null;
  const schema = `${prefix}_${process.pid}_${Date.now()}`;
  const { Client } = await import('pg');
  const admin = async (statement: string) => {
    const client = new Client({ connectionString: base });
    await client.connect();
    try { await client.query(statement); } finally { await client.end(); }
  };
  await admin(`create schema "${schema}"`);
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return { databaseUrl: url.href, drop: () => admin(`drop schema if exists "${schema}" cascade`) };
}
