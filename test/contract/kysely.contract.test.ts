import { createTestDatabase } from '../support/test-database';
import { kyselyAdapters } from './kysely-adapters';
import { repositoryContract } from './repository-contract';

// PGlite always; PostgreSQL as well when TEST_DATABASE_URL names a database to test on.
repositoryContract('Kysely on PGlite', async () => kyselyAdapters(await createTestDatabase({ kind: 'pglite' })));

if (process.env.TEST_DATABASE_URL) {
  repositoryContract('Kysely on PostgreSQL', async () => kyselyAdapters(await createTestDatabase({ kind: 'postgres' })));
}
