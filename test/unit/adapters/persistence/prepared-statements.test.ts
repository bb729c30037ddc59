import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { openDatabase, type Database } from '../../../../src/adapters/persistence/kysely/database';

// On PostgreSQL every statement Kysely sends with parameters, and every read or write without any, is a named
// prepared statement: parsed and planned once per connection, then only bound and executed
// (src/adapters/persistence/kysely/database.ts).
(process.env.TEST_DATABASE_URL ? describe : describe.skip)('named prepared statements on PostgreSQL', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({
      url: process.env.TEST_DATABASE_URL, schema: `test_${randomBytes(8).toString('hex')}`, dropSchemaOnClose: true,
    });
  });
  afterAll(() => database.close());

  /** The statements prepared on this connection, by text. */
  const prepared = async <DB>(db: Kysely<DB>) =>
    (await sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements`.execute(db)).rows;

  it('prepares a statement with parameters once per connection and reuses it', async () => {
    await database.kysely.connection().execute(async (db) => {
      for (let i = 0; i < 3; i++) {
        const { rows } = await sql<{ n: number }>`select ${i}::int + 1 as n`.execute(db);
        expect(rows[0]?.n).toBe(i + 1);
      }
      const mine = (await prepared(db)).filter((row) => row.statement === 'select $1::int + 1 as n');
      expect(mine).toHaveLength(1);
    });
  });

  it('prepares a read without parameters too (the whole list\'s total), and leaves DDL and transaction control unnamed', async () => {
    await database.kysely.connection().execute(async (db) => {
      await sql`create table if not exists unnamed_check (a int)`.execute(db);
      await sql`begin`.execute(db);
      await sql`commit`.execute(db);
      for (let i = 0; i < 2; i++) expect((await sql<{ answer: number }>`select 42 as answer`.execute(db)).rows).toEqual([{ answer: 42 }]);
      const texts = (await prepared(db)).map((row) => row.statement);
      expect(texts).not.toContain('create table if not exists unnamed_check (a int)');
      expect(texts.filter((text) => /^(begin|commit)$/iu.test(text))).toEqual([]);
      expect(texts.filter((text) => text === 'select 42 as answer')).toHaveLength(1);
    });
  });

  it('survives a table changing shape under a prepared statement (a migration by another process)', async () => {
    await sql`create table reshaped (a int)`.execute(database.kysely);
    await sql`insert into reshaped values (1)`.execute(database.kysely);
    await database.kysely.connection().execute(async (db) => {
      const select = () => sql<Record<string, unknown>>`select * from reshaped where a = ${1}`.execute(db);
      expect((await select()).rows).toEqual([{ a: 1 }]);
      expect((await prepared(db)).map((row) => row.statement)).toContain('select * from reshaped where a = $1');
      await sql`alter table reshaped add column b int`.execute(db);
      // The driver prepares it afresh and runs it again.
      expect((await select()).rows).toEqual([{ a: 1, b: null }]);
      await sql`alter table reshaped add column c int`.execute(db);
      // Inside a transaction too, and the transaction goes on.
      await sql`begin`.execute(db);
      expect((await select()).rows).toEqual([{ a: 1, b: null, c: null }]);
      expect((await sql<{ one: number }>`select 1 as one`.execute(db)).rows).toEqual([{ one: 1 }]);
      await sql`rollback`.execute(db);
      expect((await select()).rows).toEqual([{ a: 1, b: null, c: null }]);
    });
  });

  it('reads every row of a prepared statement alike, from its first execution on', async () => {
    // The driver keeps the result's description from the first execution (postgres.js): the later ones must parse
    // every column as the first did.
    await database.kysely.connection().execute(async (db) => {
      const read = (n: number) => sql<{ n: number; big: number; at: Date; nothing: null; text: string; list: string[]; doc: unknown }>`
        select ${n}::int as n, ${n}::int8 * 1000000000 as big, timestamptz '2026-01-02T03:04:05Z' + make_interval(days => ${n}::int) as at,
          null::text as nothing, repeat('x', ${n}::int) as text, array['a', 'b"c'] as list, jsonb_build_object('n', ${n}::int) as doc`.execute(db);
      for (let n = 1; n <= 3; n++) {
        const { rows } = await read(n);
        expect(rows).toEqual([{
          n, big: n * 1_000_000_000, at: new Date(Date.UTC(2026, 0, 2 + n, 3, 4, 5)), nothing: null, text: 'x'.repeat(n), list: ['a', 'b"c'], doc: { n },
        }]);
      }
    });
  });

  it('binds values as pg did: arrays as array literals, objects as JSON, undefined as NULL', async () => {
    const when = new Date(Date.UTC(2026, 0, 2, 3, 4, 5));
    const { rows } = await sql<{ texts: string[]; times: Date[]; flags: boolean[]; doc: unknown; text: string; missing: null; bytes: Buffer }>`
      select ${['a', 'b"c', null, 'd\\e']}::text[] as texts, ${[when]}::timestamptz[] as times, ${[true, false]}::bool[] as flags,
        ${JSON.stringify({ a: 1 })}::jsonb as doc, ${{ b: 2 }}::text as text, ${undefined}::text as missing, ${Buffer.from([1, 2])}::bytea as bytes`
      .execute(database.kysely);
    expect(rows).toEqual([{
      texts: ['a', 'b"c', null, 'd\\e'], times: [when], flags: [true, false], doc: { a: 1 }, text: '{"b":2}', missing: null, bytes: Buffer.from([1, 2]),
    }]);
  });

  it('fails only the statement whose value cannot be sent, and the connection goes on', async () => {
    await database.kysely.connection().execute(async (db) => {
      const echo = (value: unknown) => sql<{ v: string }>`select ${value}::text as v`.execute(db);
      expect((await echo('a')).rows).toEqual([{ v: 'a' }]);
      const unsendable = { toJSON: () => { throw new Error('cannot be sent'); } };
      await expect(echo(unsendable)).rejects.toThrow('cannot be sent');
      expect((await echo('b')).rows).toEqual([{ v: 'b' }]);
    });
  });

  it('prepares at most 200 statement texts; the rest still run, unprepared', async () => {
    // A database of its own: the bound is the pool's, and the tests above prepared texts of their own.
    const own = await openDatabase({
      url: process.env.TEST_DATABASE_URL, schema: `test_${randomBytes(8).toString('hex')}`, dropSchemaOnClose: true,
    });
    await own.kysely.connection().execute(async (db) => {
      for (let i = 0; i < 230; i++) {
        const { rows } = await sql<{ n: number }>`select ${sql.raw(String(i))} + ${1}::int as n`.execute(db);
        expect(rows[0]?.n).toBe(i + 1);
      }
      expect(await prepared(db)).toHaveLength(200);
    }).finally(() => own.close());
  });
});
