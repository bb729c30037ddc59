import { join } from 'node:path';
import type { Config } from '../config-types';
import { migrateToLatest } from '../adapters/persistence/kysely/migrate';
import { openDatabase, type Database } from '../adapters/persistence/kysely/database';
import { acquireDataDirLock, type LockPurpose } from '../adapters/persistence/data-dir-lock';

/** An open, migrated database, and how to let go of it (and of the DATA_DIR lock, if one was taken). */
export interface Store {
  database: Database;
  /** Names of the migrations this opening applied. */
  migrations: string[];
  close(): Promise<void>;
}

/** Where the embedded database keeps its files inside DATA_DIR (uploads and `run/` live beside it). */
export function embeddedDatabaseDir(dataDir: string): string {
  return join(dataDir, 'pgdata');
}

/**
 * Opens the configured database and brings its schema up to date. The embedded one is taken
 * under the DATA_DIR lock first, since PGlite allows one process per data directory.
 */
export async function openStore(config: Config, purpose: LockPurpose): Promise<Store> {
  const lock = config.databaseUrl === null ? await acquireDataDirLock(config.dataDir, purpose) : null;
  let database: Database | null = null;
  try {
    database = config.databaseUrl === null
      ? await openDatabase({ dataDir: embeddedDatabaseDir(config.dataDir) })
      : await openDatabase({ url: config.databaseUrl });
    const migrations = await migrateToLatest(database.kysely);
    const opened = database;
    return {
      database: opened,
      migrations,
      close: async () => {
        try {
          await opened.close();
        } finally {
          await lock?.release();
        }
      },
    };
  } catch (error) {
    // The error that stopped the opening is the one to report, not a failure to close after it.
    await database?.close().catch(() => undefined);
    await lock?.release();
    throw error;
  }
}
