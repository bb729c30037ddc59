import { sql } from 'kysely';
import type { Database } from '../../src/adapters/persistence/kysely/database';
import { KyselyNoteInserts } from '../../src/adapters/persistence/kysely/kysely-note-inserts';
import { snapToCell } from '../../src/domain/location-precision';
import { createTestDatabase } from '../support/test-database';
import { Fixtures, type ContractAdapters, type TestUser } from './contract-adapters';
import { kyselyAdapters } from './kysely-adapters';

// The write side of a note: round trips of an insert (NoteInserts) and an update, whatever the place, tags and recipients
// already are.
describe.each(process.env.TEST_DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const))(
  'Kysely note writes on %s: statements per call',
  (kind) => {
    const statements: string[] = [];
    let database: Database;
    let adapters: ContractAdapters;
    const fixtures = new Fixtures(() => adapters);
    let author: TestUser;
    let recipient: TestUser;

    const cost = async <T>(work: () => Promise<T>): Promise<[number, T]> => {
      statements.length = 0;
      const result = await work();
      return [statements.length, result];
    };

    /**
     * Runs `write` while another transaction holds the rows `hold` inserts, and lets that one commit only once `write`
     * waits for them (so they are outside the snapshot `write` took).
     */
    const whileAnotherHolds = async <T>(hold: (trx: Database['kysely']) => Promise<void>, write: () => Promise<T>): Promise<T> => {
      let release = (): void => undefined;
      const held = new Promise<void>((resolve) => { release = resolve; });
      let inserted = (): void => undefined;
      const ready = new Promise<void>((resolve) => { inserted = resolve; });
      const other = database.kysely.transaction().execute(async (trx) => {
        await hold(trx);
        inserted();
        await held;
      });
      await ready;
      const writing = write();
      for (;;) {
        const waiting = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`.execute(database.kysely);
        if ((waiting.rows[0]?.n ?? 0) > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      release();
      await other;
      return writing;
    };

    beforeAll(async () => {
      database = await createTestDatabase({ kind, onQuery: (sql) => statements.push(sql) });
      adapters = kyselyAdapters(database);
      author = await fixtures.user();
      recipient = await fixtures.user();
    });
    afterAll(() => database.close());

    it('creates a note with a new place, new tags, a recipient and an image in 1 statement', async () => {
      const tags = [fixtures.name('tag'), fixtures.name('tag')];
      const content = fixtures.content({ message: `hello #${tags[0]}`, tags, visibility: 'recipients', city: fixtures.name('city'), country: 'France' });
      const image = { key: `${fixtures.name('image')}.jpg`, width: 640, height: 480 };
      const [count, view] = await cost(() => adapters.noteInserts.insert({ authorId: author.id, content, recipientIds: [recipient.id], now: fixtures.now(), image }));
      expect(count).toBe(1);
      expect(view.image).toMatchObject({ width: 640, height: 480 });
      await expect(adapters.repositories.notes.findById(view.id)).resolves.toMatchObject({
        tags: [...new Set([...content.tags, ...content.explicitTags])], explicitTags: content.explicitTags, recipientIds: [recipient.id], image,
      });
      expect(content.tags).toEqual(expect.arrayContaining(tags));
    });

    it('stores the position others see beside the exact one: the cell centre, or the position itself when exact', async () => {
      const position = { latitude: 38.697612, longitude: -9.203301 };
      const city = await fixtures.note(author.id, { ...position, locationPrecision: 'city' });
      const exact = await fixtures.note(author.id, position);
      const rows = await database.kysely.selectFrom('notes')
        .select(['id', 'latitude', 'longitude', 'public_latitude', 'public_longitude', 'location_precision'])
        .where('id', 'in', [city, exact]).orderBy('id').execute();
      expect(rows).toEqual([
        { id: city, ...position, public_latitude: snapToCell(position, 'city').latitude, public_longitude: snapToCell(position, 'city').longitude, location_precision: 'city' },
        { id: exact, ...position, public_latitude: position.latitude, public_longitude: position.longitude, location_precision: 'exact' },
      ]);
      expect(snapToCell(position, 'city')).not.toEqual(position);
      await adapters.repositories.notes.update(city, fixtures.content({ ...position, locationPrecision: 'neighborhood' }), null, fixtures.now());
      await expect(database.kysely.selectFrom('notes').select(['public_latitude', 'public_longitude']).where('id', '=', city).executeTakeFirst())
        .resolves.toEqual({ public_latitude: snapToCell(position, 'neighborhood').latitude, public_longitude: snapToCell(position, 'neighborhood').longitude });
    });

    it('creates a note at a known place with known and new tags in 1 statement, reusing the place and the tags', async () => {
      const city = fixtures.name('city');
      const [known, fresh] = [fixtures.name('tag'), fixtures.name('tag')];
      const first = await fixtures.note(author.id, { city, country: 'Peru', tags: [known] });
      const content = fixtures.content({ city: city.toUpperCase(), country: 'peru', tags: [fresh, known] });
      const [count, second] = await cost(() => fixtures.insert(author.id, content, [], fixtures.now()));
      expect(count).toBe(1);
      await expect(adapters.repositories.notes.findById(second)).resolves.toMatchObject({ tags: [fresh, known], explicitTags: content.explicitTags });
      const places = await database.kysely.selectFrom('notes').select('place_id').where('id', 'in', [first, second]).execute();
      expect(new Set(places.map((row) => row.place_id)).size).toBe(1);
      expect(places[0]?.place_id).not.toBeNull();
      const tagRows = await database.kysely.selectFrom('tags').select('id').where('name', 'in', [known, fresh]).execute();
      expect(tagRows).toHaveLength(2);
    });

    it('edits a note\'s tags in 3 statements (the row, the old links, the new ones in one), keeping their order', async () => {
      const id = await fixtures.note(author.id, { tags: [fixtures.name('tag')] });
      const tags = [fixtures.name('tag'), fixtures.name('tag'), fixtures.name('tag')];
      const content = fixtures.content({ tags });
      const [count] = await cost(() => adapters.repositories.notes.update(id, content, null, fixtures.now()));
      expect(count).toBe(3);
      await expect(adapters.repositories.notes.findById(id)).resolves.toMatchObject({ tags, explicitTags: tags });
    });

    // Two connections are needed: PostgreSQL only. The other transaction holds a new tag, a new place, or both.
    (kind === 'postgres' ? it.each : it.skip.each)([
      ['a tag', true, false], ['a place', false, true], ['a tag and a place', true, true],
    ])('writes again a note whose new %s another transaction committed while its statement waited', async (_name, withTag, withPlace) => {
      const [tag, city] = [fixtures.name('tag'), fixtures.name('city')];
      const view = await whileAnotherHolds(async (trx) => {
        if (withTag) await trx.insertInto('tags').values({ name: tag }).execute();
        if (withPlace) await trx.insertInto('places').values({ city, state: null, country: null, key: `${city}\u001f\u001f` }).execute();
      }, () => new KyselyNoteInserts(database.kysely).insert({ authorId: author.id, content: fixtures.content({ tags: [tag], city }), recipientIds: [], now: fixtures.now() }));
      const { id } = view;
      expect(view.counts.tags).toBe(1);
      expect(view.place?.name).toContain(city);
      await expect(adapters.repositories.notes.findById(id)).resolves.toMatchObject({ tags: [tag] });
      const place = await database.kysely.selectFrom('notes as n').innerJoin('places as p', 'p.id', 'n.place_id').select('p.city').where('n.id', '=', id).executeTakeFirst();
      expect(place).toEqual({ city });
      const places = await database.kysely.selectFrom('places').select('id').where('city', '=', city).execute();
      expect(places).toHaveLength(1);
    });

    // The count of public notes is kept in one row per connection's shard (migration 0006): two writers on
    // connections of different shards never wait for each other's commit, and the total counts both.
    (kind === 'postgres' ? it : it.skip)('lets two connections post public notes at once, neither waiting for the other to commit', async () => {
      const total = async () => (await sql<{ n: number }>`select sum(value)::int as n from note_counters where name = 'public_notes'`
        .execute(database.kysely)).rows[0]?.n ?? 0;
      const before = await total();
      // Transactions held open until the end, each on a connection of its own.
      const releases: (() => void)[] = [];
      const held: Promise<unknown>[] = [];
      const open = () => new Promise<{ shard: number; writer: KyselyNoteInserts; raw: typeof database.kysely }>((resolve, reject) => {
        held.push(database.kysely.transaction().execute(async (trx) => {
          const shard = (await sql<{ shard: number }>`select pg_backend_pid() % 16 as shard`.execute(trx)).rows[0]?.shard ?? -1;
          await new Promise<void>((done) => {
            releases.push(done);
            resolve({ shard, writer: new KyselyNoteInserts(trx), raw: trx });
          });
        }).catch(reject));
      });
      try {
        const first = await open();
        await first.writer.insert({ authorId: author.id, content: fixtures.content({ message: 'first writer' }), recipientIds: [], now: fixtures.now() });
        let second = await open();
        for (let tries = 0; second.shard === first.shard && tries < 8; tries++) second = await open();
        expect(second.shard).not.toBe(first.shard);
        await sql`set local lock_timeout = '2s'`.execute(second.raw);
        await second.writer.insert({ authorId: author.id, content: fixtures.content({ message: 'second writer' }), recipientIds: [], now: fixtures.now() });
      } finally {
        for (const release of releases) release();
        await Promise.all(held);
      }
      expect(await total()).toBe(before + 2);
    });

    it('writes 30 notes posted at once in a few statements, not 30, each answered with its own note', async () => {
      const inserts = new KyselyNoteInserts(database.kysely);
      const city = fixtures.name('city');
      const [count, views] = await cost(() => Promise.all(Array.from({ length: 30 }, (_, i) => inserts.insert({
        authorId: author.id, content: fixtures.content({ message: `batch ${i} #${fixtures.name('tag')}`, city }), recipientIds: [], now: fixtures.now(),
      }))));
      // The first goes at once; the 29 notes posted while it runs wait and go together in the next.
      expect(count).toBeLessThanOrEqual(2);
      expect(views.map((view) => view.message)).toEqual(Array.from({ length: 30 }, (_, i) => expect.stringMatching(new RegExp(`^batch ${i} #`)) as unknown));
      const stored = await database.kysely.selectFrom('notes').select(['id', 'message']).where('id', 'in', views.map((view) => view.id)).execute();
      expect(new Map(stored.map((row) => [row.id, row.message]))).toEqual(new Map(views.map((view) => [view.id, view.message])));
    });

    it('fails only the note that makes a shared statement fail; the others of it are stored', async () => {
      const inserts = new KyselyNoteInserts(database.kysely);
      const nobody = 2_000_000_000;
      const posted = Array.from({ length: 8 }, (_, i) => inserts.insert({
        authorId: author.id, content: fixtures.content({ message: `shared ${i}` }), recipientIds: i === 5 ? [nobody] : [recipient.id], now: fixtures.now(),
      }));
      const results = await Promise.allSettled(posted);
      expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
      expect((results[5] as PromiseRejectedResult).reason).toMatchObject({ code: '23503' });
      const ids = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value.id] : []));
      const stored = await database.kysely.selectFrom('note_recipients').select('note_id').where('note_id', 'in', ids).execute();
      expect(stored).toHaveLength(7);
    });

    it('creates a note without place, tags or recipients in 1 statement', async () => {
      const [count] = await cost(() => fixtures.insert(author.id, fixtures.content({ message: 'plain' }), [], fixtures.now()));
      expect(count).toBe(1);
    });
  },
);
