import type { IdempotencyStore, KeyedRequest } from '../../src/application/ports/idempotency-store';
import type { Database } from '../../src/adapters/persistence/kysely/database';
import { KyselyIdempotencyStore } from '../../src/adapters/persistence/kysely/kysely-idempotency-store';
import { MemoryIdempotencyStore } from '../../src/adapters/persistence/memory/memory-idempotency-store';
import { createTestDatabase } from '../support/test-database';

const HOUR = 60 * 60 * 1000;
const T0 = new Date('2026-11-20T10:00:00Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
/** The store's limits as the HTTP adapter sets them: kept 24 h, abandoned after 5 min in flight. */
const limits = (now: Date) => ({ expiresBefore: new Date(now.getTime() - 24 * HOUR), staleBefore: new Date(now.getTime() - 5 * 60 * 1000) });
const begin = (store: IdempotencyStore, key: string, fingerprint: string, now: Date, caller = 'user:1:client:2') =>
  store.begin(caller, key, fingerprint, now, limits(now));
const ANSWER = { status: 201, headers: { 'content-type': 'application/json; charset=utf-8', location: '/v2/notes/9' }, body: '{"data":{"id":9}}' };

type Adapter = [string, () => Promise<{ store: IdempotencyStore; close(): Promise<void> }>];
const adapters: Adapter[] = [
  ['memory', async () => ({ store: new MemoryIdempotencyStore(), close: async () => {} })],
  ['PGlite', async () => kysely(await createTestDatabase({ kind: 'pglite' }))],
  ...(process.env.TEST_DATABASE_URL ? [['PostgreSQL', async () => kysely(await createTestDatabase({ kind: 'postgres' }))] as Adapter] : []),
];
function kysely(database: Database) {
  return { store: new KyselyIdempotencyStore(database.kysely, database.transactions), close: () => database.close() };
}

describe.each(adapters)('IdempotencyStore on %s', (name, open) => {
  let store: IdempotencyStore;
  let close: () => Promise<void>;
  // One database per adapter (a fresh one per test made this the slowest suite of CI), emptied before each test
  // through the port itself: a purge of everything first used before the year 9999.
  beforeAll(async () => {
    ({ store, close } = await open());
  });
  afterAll(() => close());
  beforeEach(() => store.purge(new Date('9999-12-31T00:00:00Z')));

  it('begins a new key, then holds it in flight, then keeps its answer', async () => {
    expect(await begin(store, 'k', 'f1', T0)).toEqual({ begun: true });
    expect(await begin(store, 'k', 'f1', at(1000))).toEqual({ begun: false, entry: { fingerprint: 'f1', answer: null, createdAt: T0 } });
    await store.complete('user:1:client:2', 'k', ANSWER);
    expect(await begin(store, 'k', 'f2', at(2000))).toEqual({ begun: false, entry: { fingerprint: 'f1', answer: ANSWER, createdAt: T0 } });
  });

  it('keeps keys apart by caller', async () => {
    expect(await begin(store, 'k', 'f1', T0, 'user:1:client:2')).toEqual({ begun: true });
    expect(await begin(store, 'k', 'f1', T0, 'user:1:client:3')).toEqual({ begun: true });
    expect(await begin(store, 'k', 'f1', T0, 'ip:127.0.0.1')).toEqual({ begun: true });
  });

  it('lets exactly one of many concurrent claims of one key begin', async () => {
    const results = await Promise.all(Array.from({ length: 8 }, () => begin(store, 'race', 'f', T0)));
    expect(results.filter((r) => r.begun)).toHaveLength(1);
  });

  it('answers each of many concurrent claims and answers of different keys as if it came alone', async () => {
    // Some keys are new, some in flight, some answered, one expired, one abandoned: all claimed at once.
    const now = at(24 * HOUR);
    await begin(store, 'flying', 'f-flying', at(24 * HOUR - 60 * 1000));
    await begin(store, 'answered', 'f-answered', at(23 * HOUR));
    await store.complete('user:1:client:2', 'answered', ANSWER);
    await begin(store, 'expired', 'f-old', T0);
    await store.complete('user:1:client:2', 'expired', ANSWER);
    await begin(store, 'abandoned', 'f-old', at(24 * HOUR - 10 * 60 * 1000));
    const fresh = Array.from({ length: 12 }, (_, i) => `fresh-${i}`);
    const results = await Promise.all([...fresh, 'flying', 'answered', 'expired', 'abandoned'].map((key) => begin(store, key, `f-${key}`, now)));
    expect(results).toEqual([
      ...fresh.map(() => ({ begun: true })),
      { begun: false, entry: { fingerprint: 'f-flying', answer: null, createdAt: at(24 * HOUR - 60 * 1000) } },
      { begun: false, entry: { fingerprint: 'f-answered', answer: ANSWER, createdAt: at(23 * HOUR) } },
      { begun: true },
      { begun: true },
    ]);
    const answers = fresh.map((key, i) => ({ ...ANSWER, status: 200 + i, body: `{"data":{"key":"${key}"}}` }));
    await Promise.all(fresh.map((key, i) => store.complete('user:1:client:2', key, answers[i]!)));
    const repeats = await Promise.all(fresh.map((key) => begin(store, key, `f-${key}`, at(24 * HOUR + 1000))));
    expect(repeats).toEqual(fresh.map((key, i) => ({ begun: false, entry: { fingerprint: `f-${key}`, answer: answers[i], createdAt: now } })));
  });

  it('forgets a released key, but never a kept answer', async () => {
    await begin(store, 'k', 'f1', T0);
    await store.release('user:1:client:2', 'k');
    expect(await begin(store, 'k', 'f2', at(1000))).toEqual({ begun: true });
    await store.complete('user:1:client:2', 'k', ANSWER);
    await store.release('user:1:client:2', 'k');
    expect((await begin(store, 'k', 'f2', at(2000))).begun).toBe(false);
  });

  it('begins again a key whose first use has expired, or that was abandoned in flight', async () => {
    await begin(store, 'old', 'f1', T0);
    await store.complete('user:1:client:2', 'old', ANSWER);
    expect((await begin(store, 'old', 'f2', at(24 * HOUR - 1000))).begun).toBe(false);
    expect(await begin(store, 'old', 'f2', at(24 * HOUR))).toEqual({ begun: true });

    await begin(store, 'stuck', 'f1', T0);
    expect((await begin(store, 'stuck', 'f1', at(4 * 60 * 1000))).begun).toBe(false);
    expect(await begin(store, 'stuck', 'f1', at(5 * 60 * 1000))).toEqual({ begun: true });
  });

  it('keeps the answer of a transacted request, and forgets the key of a discarded one', async () => {
    await begin(store, 'kept', 'f1', T0);
    await (await store.transact('user:1:client:2', 'kept')).keep(ANSWER);
    expect(await begin(store, 'kept', 'f1', at(1000))).toEqual({ begun: false, entry: { fingerprint: 'f1', answer: ANSWER, createdAt: T0 } });

    await begin(store, 'dropped', 'f1', T0);
    await (await store.transact('user:1:client:2', 'dropped')).discard();
    expect(await begin(store, 'dropped', 'f2', at(1000))).toEqual({ begun: true });
  });

  // What a request writes inside its transaction: here another key claimed through the same store, as a note would be.
  const enterAndWrite = (keyed: KeyedRequest, key: string) =>
    new Promise<void>((resolve, reject) => keyed.enter(() => void begin(store, key, 'inner', T0).then(() => resolve(), reject)));

  (name === 'memory' ? it.skip : it)('commits the writes of a transacted request with its answer, or neither', async () => {
    await begin(store, 'outer-kept', 'f1', T0);
    const kept = await store.transact('user:1:client:2', 'outer-kept');
    await enterAndWrite(kept, 'written-with-answer');
    await kept.keep(ANSWER);
    expect((await begin(store, 'written-with-answer', 'other', at(1000))).begun).toBe(false);
    expect((await begin(store, 'outer-kept', 'f1', at(1000)))).toEqual({ begun: false, entry: { fingerprint: 'f1', answer: ANSWER, createdAt: T0 } });

    await begin(store, 'outer-dropped', 'f1', T0);
    const dropped = await store.transact('user:1:client:2', 'outer-dropped');
    await enterAndWrite(dropped, 'written-then-dropped');
    await dropped.discard();
    expect(await begin(store, 'written-then-dropped', 'other', at(1000))).toEqual({ begun: true });
    expect(await begin(store, 'outer-dropped', 'f1', at(1000))).toEqual({ begun: true });

    // An answer that cannot be kept: the writes land, the key is forgotten.
    await begin(store, 'outer-unkept', 'f1', T0);
    const unkept = await store.transact('user:1:client:2', 'outer-unkept');
    await enterAndWrite(unkept, 'written-without-answer');
    await unkept.keep(null);
    expect((await begin(store, 'written-without-answer', 'other', at(1000))).begun).toBe(false);
    expect(await begin(store, 'outer-unkept', 'f1', at(1000))).toEqual({ begun: true });
  });

  (name === 'memory' ? it.skip : it)('writes nothing and forgets the key when the answer cannot be kept', async () => {
    await begin(store, 'doomed', 'f1', T0);
    const doomed = await store.transact('user:1:client:2', 'doomed');
    await enterAndWrite(doomed, 'written-before-failure');
    // A status the column cannot hold makes keeping the answer fail inside the transaction.
    await expect(doomed.keep({ ...ANSWER, status: 2 ** 40 })).rejects.toThrow();
    expect(await begin(store, 'written-before-failure', 'other', at(1000))).toEqual({ begun: true });
    expect(await begin(store, 'doomed', 'f1', at(1000))).toEqual({ begun: true });
  });

  it('purges what was first used before a moment', async () => {
    await begin(store, 'a', 'f', T0);
    await begin(store, 'b', 'f', at(HOUR));
    expect(await store.purge(at(HOUR))).toBe(1);
    expect((await begin(store, 'a', 'g', at(HOUR + 1))).begun).toBe(true);
    expect((await begin(store, 'b', 'g', at(HOUR + 1))).begun).toBe(false);
  });
});
