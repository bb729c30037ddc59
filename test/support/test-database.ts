import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Kysely, PGliteDialect } from 'kysely';
import { openDatabase, type Database } from '../../src/adapters/persistence/kysely/database';
import { migrateToLatest } from '../../src/adapters/persistence/kysely/migrate';

export interface TestDatabaseOptions {
  onQuery?: (sql: string) => void;
  /** Which engine; by default PostgreSQL when TEST_DATABASE_URL is set, else PGlite. */
  kind?: 'pglite' | 'postgres';
}

/**
 * A fresh, migrated database for one test file: PGlite in memory, or (with TEST_DATABASE_URL) a schema
 * of its own in that PostgreSQL database, dropped on close, so test files run side by side.
 */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL || null;
  const kind = options.kind ?? (url ? 'postgres' : 'pglite');
  if (kind === 'postgres' && !url) throw new Error('TEST_DATABASE_URL must be set to test on PostgreSQL');
  const database = kind === 'postgres' && url
    ? await openDatabase({ url, schema: `test_${randomBytes(8).toString('hex')}`, dropSchemaOnClose: true, onQuery: options.onQuery })
    : await openDatabase({ onQuery: options.onQuery, pgliteTemplate: await migratedPgliteTemplate() });
  try {
    // A no-op on the migrated template; it still proves the template current.
    await migrateToLatest(database.kysely);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

/** A hash of the migrations' sources and PGlite's version: what the migrated template depends on. */
async function templateKey(): Promise<string> {
  const hash = createHash('sha256').update(await readFile(PGLITE_PACKAGE));
  for (const file of (await readdir(MIGRATIONS_DIR)).sort()) hash.update(file).update(await readFile(join(MIGRATIONS_DIR, file)));
  return hash.digest('hex').slice(0, 16);
}

const MIGRATIONS_DIR = resolve(__dirname, '../../db/migrations');
const PGLITE_PACKAGE = resolve(__dirname, '../../node_modules/@electric-sql/pglite/package.json');

/**
 * PGlite's data directory after every migration, as a tarball, shared by all test files of all runs: a new
 * PGlite runs initdb, about 2.5 s of one core, and the migrations; loading the template takes about 0.4 s.
 * It is kept in the system's temporary directory under a hash of the migrations' sources and PGlite's
 * version, so a changed migration or engine makes a new one; written under a temporary name, then renamed,
 * so parallel workers never read half a file.
 */
async function migratedPgliteTemplate(): Promise<Blob> {
  const path = join(tmpdir(), `place-notes-pglite-template-${await templateKey()}.tar`);
  const stored = await readFile(path).catch(() => null);
  if (stored) return new Blob([stored]);
  const { PGlite } = await import('@electric-sql/pglite');
  const pglite = await PGlite.create();
  const kysely = new Kysely<unknown>({ dialect: new PGliteDialect({ pglite }) });
  try {
    await migrateToLatest(kysely);
    const dump = await pglite.dumpDataDir('none');
    const partial = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, path);
    return dump;
  } finally {
    await kysely.destroy();
  }
}

/**
 * The migrated template as an embedded database directory (what a server keeps in DATA_DIR/pgdata), made once
 * beside the tarball and shared the same way: copying its files into a fresh DATA_DIR costs about 0.2 s of CPU,
 * where loading the tarball into a directory took 2 s and initdb with the migrations about 6 s.
 */
export async function migratedPgliteDataDir(): Promise<string> {
  const path = join(tmpdir(), `place-notes-pglite-datadir-${await templateKey()}`);
  if (existsSync(join(path, 'PG_VERSION'))) return path;
  const partial = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
  const { PGlite } = await import('@electric-sql/pglite');
  const pglite = await PGlite.create(partial, { loadDataDir: await migratedPgliteTemplate() });
  await pglite.close();
  try {
    await rename(partial, path);
  } catch (error) {
    // Another worker made it meanwhile: theirs is as good.
    await rm(partial, { recursive: true, force: true });
    if (!existsSync(join(path, 'PG_VERSION'))) throw error;
  }
  return path;
}
