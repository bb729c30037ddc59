import { sql } from 'kysely';
import type { Database } from '../../src/adapters/persistence/kysely/database';
import { KyselyChangeFeed } from '../../src/adapters/persistence/kysely/kysely-change-feed';
import { createTestDatabase } from '../support/test-database';

const onPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;

// The change feed's order on PostgreSQL, where transactions overlap: changes are numbered in the order their
// transactions commit, so a reader who has seen a later commit's change still meets an earlier-begun one that
// commits after (migration 0010). Numbering when the statement runs would hand the slow one a smaller number
// than the cursor the reader already holds, and the reader would never see it.
onPostgres('the change feed with overlapping transactions (PostgreSQL)', () => {
  let database: Database;

  beforeAll(async () => {
    database = await createTestDatabase({ kind: 'postgres' });
  });
  afterAll(() => database.close());

  it('gives a change that commits late after the cursor of one that committed first, and shows a write once answered', async () => {
    const db = database.kysely;
    await sql`insert into users (username, email, password_hash, avatar_hash) values ('o', 'o@example.com', 'x', 'x')`.execute(db);
    const { rows } = await sql<{ id: number }>`insert into notes (author_id, message, latitude, longitude, public_latitude, public_longitude, created_at, updated_at)
      select (select id from users), 'n' || i, 1, 2, 1, 2, now(), now() from generate_series(1, 2) as i returning id`.execute(db);
    const [slow, quick] = rows.map((row) => row.id) as [number, number];
    const feed = new KyselyChangeFeed(db);
    const start = (await feed.after(null, 100)).at(-1)!.position;

    await db.connection().execute(async (first) => {
      await sql`begin`.execute(first);
      await sql`update notes set message = 'slow edit', updated_at = now() where id = ${slow}`.execute(first);
      // Another transaction begins later, edits another note and commits first.
      await db.transaction().execute((second) => sql`update notes set message = 'quick edit', updated_at = now() where id = ${quick}`.execute(second));
      const seen = await feed.after(start, 100);
      expect(seen.map((change) => change.noteId)).toEqual([quick]);
      await sql`commit`.execute(first);
      expect((await feed.after(seen.at(-1)!.position, 100)).map((change) => change.noteId)).toEqual([slow]);
    });
  });
});
