import { sql, type Kysely } from 'kysely';
import { Migrator, type Migration } from 'kysely/migration';
import { migrations as allMigrations } from '../../../../db/migrations/index';

/**
 * Applies every pending migration in order; returns the names applied and throws, naming the
 * migration, when one fails. `migrations` is for tests; the service always runs db/migrations.
 */
export async function migrateToLatest<DB>(
  kysely: Kysely<DB>,
  migrations: Readonly<Record<string, Migration>> = allMigrations,
): Promise<string[]> {
  // Kysely looks for its bookkeeping tables in every schema unless told which: name the current one,
  // so a database holding several schemas (parallel test files) keeps them apart.
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(kysely);
  const schema = rows[0]?.schema;
  if (!schema) throw new Error('migrations cannot run: the database has no current schema');
  const migrator = new Migrator({
    db: kysely,
    // Listed in code rather than read from a directory, so jest, tsx and the compiled dist/ agree.
    provider: { getMigrations: async () => ({ ...migrations }) },
    migrationTableSchema: schema,
    // Names in code-point order. Kysely's default, `localeCompare`, gives the same order for these names but loads
    // ICU's collation data (about 2 MB resident for the server's whole life) to do it.
    nameComparator: (a, b) => (a < b ? -1 : a > b ? 1 : 0),
  });
  let { error, results = [] } = await migrator.migrateToLatest();
  // The migrator's introspection reads every schema's tables; another schema dropped meanwhile (parallel
  // test files on one database) fails it before anything ran. Nothing was applied: run it again.
  for (let attempt = 0; attempt < 3 && droppedMeanwhile(error, schema, results.length); attempt++) {
    ({ error, results = [] } = await migrator.migrateToLatest());
  }
  if (error !== undefined) {
    const failed = results.find((result) => result.status === 'Error');
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(failed ? `migration ${failed.migrationName} failed: ${reason}` : `migrations failed: ${reason}`, { cause: error });
  }
  return results.filter((result) => result.status === 'Success').map((result) => result.migrationName);
}

function droppedMeanwhile(error: unknown, ours: string, ran: number): boolean {
  if (ran > 0 || !(error instanceof Error)) return false;
  // Either the schema itself, or one of its tables (dropped with it between the catalog's rows and their look-up).
  const missing = /^schema "([^"]+)" does not exist$/u.exec(error.message)?.[1]
    ?? /^relation "([^".]+)\.[^"]+" does not exist$/u.exec(error.message)?.[1];
  return missing !== undefined && missing !== ours;
}
