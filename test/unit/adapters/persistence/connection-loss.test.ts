import { sql } from 'kysely';
import { isConnectionLoss, openDatabase, type Database } from '../../../../src/adapters/persistence/kysely/database';
import { DomainError } from '../../../../src/domain/domain-error';
import { deadPort } from '../../../support/dead-port';


const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('recognising a lost database connection', () => {
  it.each([
    ['a backend terminated by an administrator (57P01)', withCode('57P01', 'terminating connection due to administrator command')],
    ['a server crash (57P02)', withCode('57P02')],
    ['a server starting or stopping (57P03)', withCode('57P03', 'the database system is shutting down')],
    ['too many connections (53300)', withCode('53300')],
    ['a connection exception of class 08', withCode('08006')],
    ['a refused connection', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['a reset connection', withCode('ECONNRESET')],
    ['refused on every address of a host', Object.assign(new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')]), { code: undefined })],
    ['a socket that ended under a query', new Error('Connection terminated unexpectedly')],
    ['a client that already lost its connection', new Error('Client has encountered a connection error and is not queryable')],
    ['no connection in time', new Error('timeout exceeded when trying to connect')],
  ])('%s', (_what, error) => {
    expect(isConnectionLoss(error)).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('23505')],
    ['a syntax error', withCode('42601', 'syntax error at or near "FROM"')],
    ['a statement timeout', withCode('57014')],
    ['a plain error', new Error('something else')],
    ['not an error', 'Connection terminated'],
    ['nothing', null],
  ])('but not %s', (_what, error) => {
    expect(isConnectionLoss(error)).toBe(false);
  });
});

describe('a PostgreSQL database that cannot be reached', () => {
  let database: Database;
  beforeAll(async () => { database = await openDatabase({ url: `postgres://postgres@127.0.0.1:${await deadPort()}/none` }); });
  afterAll(() => database.close());

  it('fails a statement as DomainError unavailable, keeping the cause', async () => {
    const error = await sql`select 1`.execute(database.kysely).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ kind: 'unavailable', message: 'the database is unavailable; try again in a few seconds' });
    expect(isConnectionLoss((error as Error).cause)).toBe(true);
  });

  it('fails a transaction the same way', async () => {
    const error = await database.kysely.transaction().execute((trx) => sql`select 1`.execute(trx)).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'unavailable' });
  });
});

(process.env.TEST_DATABASE_URL ? describe : describe.skip)('a reachable PostgreSQL (TEST_DATABASE_URL)', () => {
  let database: Database;
  beforeAll(async () => { database = await openDatabase({ url: process.env.TEST_DATABASE_URL }); });
  afterAll(() => database.close());

  it('passes other errors through as they are', async () => {
    const error = await sql`selec 1`.execute(database.kysely).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ code: '42601' });
  });

  it('survives its backend being terminated between statements, and connects afresh', async () => {
    const pid = await database.kysely.connection().execute(async (db) => {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
      const backend = rows[0]?.pid ?? 0;
      const { Client } = await import('pg');
      const admin = new Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query('select pg_terminate_backend($1)', [backend]);
      await admin.end();
      // The client's 'error' event fires while it is checked out: without a listener the process would crash here.
      await new Promise((done) => setTimeout(done, 200));
      await expect(sql`select 1`.execute(db)).rejects.toMatchObject({ kind: 'unavailable' });
      return backend;
    });
    const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(database.kysely);
    expect(rows[0]?.pid).not.toBe(pid);
  });

  it('names its sessions place-notes in pg_stat_activity', async () => {
    const { rows } = await sql<{ name: string }>`select current_setting('application_name') as name`.execute(database.kysely);
    expect(rows[0]?.name).toBe('place-notes');
  });
});
