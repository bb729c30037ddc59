import { sql } from 'kysely';
import { openDatabase, type Database } from '../../../../src/adapters/persistence/kysely/database';

// The embedded database runs queries on the event loop's thread: a queue of them must not keep I/O out
// until the whole queue is done (a probe waited seconds behind six large reads).
describe('the embedded database between queued queries', () => {
  let database: Database;
  beforeAll(async () => { database = await openDatabase({}); });
  afterAll(() => database.close());

  it('gives the event loop a turn between two queued queries', async () => {
    const events: string[] = [];
    const first = sql`select 1 as one`.execute(database.kysely).then(() => {
      events.push('first done');
      setImmediate(() => events.push('a turn of the event loop'));
    });
    const second = sql`select 2 as two`.execute(database.kysely).then(() => events.push('second done'));
    await Promise.all([first, second]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(events).toEqual(['first done', 'a turn of the event loop', 'second done']);
  });

  it('still runs transactions and reads their results', async () => {
    const value = await database.kysely.transaction().execute(async (trx) => (await sql<{ v: number }>`select 41 + 1 as v`.execute(trx)).rows[0]?.v);
    expect(value).toBe(42);
    expect(database.kind).toBe('pglite');
  });
});
