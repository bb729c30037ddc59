import { sql } from 'kysely';
import type { Database } from '../../src/adapters/persistence/kysely/database';
import { KyselyViewCounter } from '../../src/adapters/persistence/kysely/kysely-view-counter';
import { createTestDatabase } from '../support/test-database';

const onPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;

// Every instance keeps its own view counts and flushes them every few seconds, so on PostgreSQL two instances'
// flushes overlap. Each must lock the notes' rows in the same order (their ids), or two flushes that saw the same notes
// read in different orders deadlock: PostgreSQL then holds both for a second and fails one of them.
onPostgres('view-count flushes of two instances at once (PostgreSQL)', () => {
  let database: Database;

  beforeAll(async () => {
    database = await createTestDatabase({ kind: 'postgres' });
  });
  afterAll(() => database.close());

  /** Rows of `pg_locks` that wait, among this test's sessions. */
  const waiting = async (): Promise<number> => {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_locks where not granted`.execute(database.kysely);
    return rows[0]?.n ?? 0;
  };
  const until = async (done: () => Promise<boolean>): Promise<void> => {
    for (let i = 0; i < 200 && !(await done()); i++) await new Promise((resolve) => setTimeout(resolve, 25));
  };

  it('both land, whichever order each saw the notes read in', async () => {
    const db = database.kysely;
    await sql`insert into users (username, email, password_hash, avatar_hash) values ('v', 'v@example.com', 'x', 'x')`.execute(db);
    const { rows } = await sql<{ id: number }>`insert into notes (author_id, message, latitude, longitude, public_latitude, public_longitude, created_at, updated_at)
      select (select id from users), 'n' || i, 1, 2, 1, 2, now(), now() from generate_series(1, 5000) as i returning id`.execute(db);
    // A table of some size, so the update finds each note by its key, in the order the flush lists them (as under load).
    await sql`analyze notes`.execute(db);
    const [first, second] = rows.map((row) => row.id).sort((a, b) => a - b).slice(100, 102) as [number, number];
    const one = new KyselyViewCounter(db);
    const other = new KyselyViewCounter(db);
    one.record(first);
    one.record(second);
    other.record(second);
    other.record(first);
    other.record(first);

    // A third session holds the first note's row, so both flushes are under way before either can finish: the one
    // that meets it first waits for it, and the other, locking in its own order, would take the second note first.
    const flushes = await db.connection().execute(async (holder) => {
      await sql`begin`.execute(holder);
      await sql`select id from notes where id = ${first} for no key update`.execute(holder);
      const started = [one.flush()];
      await until(async () => (await waiting()) >= 1);
      started.push(other.flush());
      await until(async () => (await waiting()) >= 2);
      await sql`commit`.execute(holder);
      return Promise.allSettled(started);
    });
    expect(flushes.map((flush) => flush.status)).toEqual(['fulfilled', 'fulfilled']);
    const { rows: counts } = await sql<{ id: number; public_views_count: number }>`
      select id, public_views_count from notes where id in (${first}, ${second}) order by id`.execute(db);
    expect(counts).toEqual([{ id: first, public_views_count: 3 }, { id: second, public_views_count: 2 }]);
  });
});
