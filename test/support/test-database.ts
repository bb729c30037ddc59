import { randomBytes } from 'node:crypto';
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
    : await openDatabase({ onQuery: options.onQuery });
  try {
    await migrateToLatest(database.kysely);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}
