import { randomBytes } from 'node:crypto';
import { CompiledQuery, Kysely, sql } from 'kysely';
import { openDatabase, type Database } from '../../../../src/adapters/persistence/kysely/database';
import { DomainError } from '../../../../src/domain/domain-error';
import { deadPort } from '../../../support/dead-port';
import { describeIf, NO_POSTGRES } from '../../../support/required';

// On PostgreSQL, a statement compiled beforehand and given to `executeQuery` runs on a pooled connection directly,
// not through Kysely's executor (src/adapters/persistence/kysely/database.ts, PooledKysely): it must answer exactly
// as Kysely would, be counted, and fail the same way.
describeIf(Boolean(process.env.TEST_DATABASE_URL), NO_POSTGRES)('a compiled statement on PostgreSQL', () => {
  let database: Database;
  const statements: string[] = [];
  beforeAll(async () => {
    database = await openDatabase({
      url: process.env.TEST_DATABASE_URL, schema: `test_${randomBytes(8).toString('hex')}`, dropSchemaOnClose: true,
      onQuery: (text) => statements.push(text),
    });
    await sql`create table things (id int primary key, name text, seen int8 not null default 0)`.execute(database.kysely);
    await sql`insert into things (id, name) values (1, 'one'), (2, 'two'), (3, null)`.execute(database.kysely);
  });
  afterAll(() => database.close());

  const db = () => database.kysely as unknown as Kysely<{ things: { id: number; name: string | null; seen: number } }>;
  const byId = (id: number) => db().selectFrom('things').select(['id', 'name', 'seen']).where('id', '=', id).compile();

  it('goes around Kysely\'s executor, and answers the rows Kysely\'s own path answers', async () => {
    const kyselys = jest.spyOn(Kysely.prototype, 'executeQuery');
    try {
      const direct = await db().executeQuery(byId(1));
      expect(kyselys).not.toHaveBeenCalled();
      // A connection of its own is a plain Kysely: Kysely's whole path.
      const viaKysely = await db().connection().execute((one) => one.executeQuery(byId(1)));
      expect(kyselys).toHaveBeenCalledTimes(1);
      expect(direct).toEqual(viaKysely);
      expect(direct.rows).toEqual([{ id: 1, name: 'one', seen: 0 }]);
      expect((await db().executeQuery(byId(4))).rows).toEqual([]);
    } finally {
      kyselys.mockRestore();
    }
  });

  it('sends it as a named prepared statement on the pool\'s connections', async () => {
    const query = byId(2);
    await db().executeQuery(query);
    const prepared = await db().executeQuery(CompiledQuery.raw('select statement from pg_prepared_statements', []));
    expect(prepared.rows).toContainEqual({ statement: query.sql });
  });

  it('reports every statement it runs, failed ones included', async () => {
    statements.length = 0;
    await db().executeQuery(byId(3));
    await expect(db().executeQuery(CompiledQuery.raw('select * from no_such_table', []))).rejects.toMatchObject({ code: '42P01' });
    expect(statements).toEqual([byId(3).sql, 'select * from no_such_table']);
  });

  it('counts the rows a write changed, as Kysely does', async () => {
    const update = db().updateTable('things').set((eb) => ({ seen: eb('seen', '+', 1) })).where('id', '<=', 2).compile();
    const result = await db().executeQuery(update);
    expect(result.numAffectedRows).toBe(2n);
    expect(result.rows).toEqual([]);
    expect((await db().executeQuery(byId(1))).rows[0]?.seen).toBe(1);
  });

  it('still runs a builder, and a statement given options, through Kysely', async () => {
    const kyselys = jest.spyOn(Kysely.prototype, 'executeQuery');
    try {
      const built = db().selectFrom('things').select('id').where('id', '=', 2);
      expect((await db().executeQuery(built)).rows).toEqual([{ id: 2 }]);
      const signal = new AbortController().signal;
      expect((await db().executeQuery(byId(2), { signal })).rows).toEqual([{ id: 2, name: 'two', seen: 1 }]);
      expect(kyselys).toHaveBeenCalledTimes(2);
    } finally {
      kyselys.mockRestore();
    }
  });

  it('releases its connection after a failure: the pool still serves as many statements as it has connections', async () => {
    for (let i = 0; i < 12; i++) await expect(db().executeQuery(CompiledQuery.raw('selec 1', []))).rejects.toMatchObject({ code: '42601' });
    const all = await Promise.all(Array.from({ length: 12 }, (_, i) => db().executeQuery(byId(1 + (i % 3)))));
    expect(all.map((result) => result.rows[0]?.id)).toEqual(Array.from({ length: 12 }, (_, i) => 1 + (i % 3)));
  });
});

describe('a compiled statement on a PostgreSQL database that cannot be reached', () => {
  let database: Database;
  beforeAll(async () => { database = await openDatabase({ url: `postgres://postgres@127.0.0.1:${await deadPort()}/none` }); });
  afterAll(() => database.close());

  it('fails as DomainError unavailable, keeping the cause', async () => {
    const error = await database.kysely.executeQuery(CompiledQuery.raw('select 1', [])).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ kind: 'unavailable' });
    expect((error as Error).cause).toBeDefined();
  });
});
