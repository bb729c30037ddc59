import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  sql, type Kysely, type KyselyPlugin, type PluginTransformQueryArgs, type PluginTransformResultArgs, type QueryResult, type RootOperationNode, type UnknownRow,
} from 'kysely';
import { openDatabase, type Database } from '../../src/adapters/persistence/kysely/database';
import { KyselyDatabaseHealth } from '../../src/adapters/persistence/kysely/kysely-database-health';
import { KyselyViewCounter } from '../../src/adapters/persistence/kysely/kysely-view-counter';
import { migrateToLatest } from '../../src/adapters/persistence/kysely/migrate';
import { migrations } from '../../db/migrations/index';
import { createTestDatabase } from '../support/test-database';
import { anonymous, Fixtures, type ContractAdapters } from './contract-adapters';
import { kyselyAdapters } from './kysely-adapters';

/** Fails the next statement it sees when armed: a database that drops out for one query. */
class FailOnce implements KyselyPlugin {
  armed = false;

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (this.armed) {
      this.armed = false;
      throw new Error('connection lost');
    }
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

describe('Kysely database: opening, migrating, health and the view counter', () => {
  const statements: string[] = [];
  let database: Database;
  let adapters: ContractAdapters;
  const fixtures = new Fixtures(() => adapters);

  beforeAll(async () => {
    database = await createTestDatabase({ onQuery: (sql) => statements.push(sql) });
    adapters = kyselyAdapters(database);
  });
  afterAll(() => database.close());

  it('has applied every migration, and applies nothing the second time', async () => {
    await expect(migrateToLatest(database.kysely)).resolves.toEqual([]);
  });

  it('orders the migrations already applied without ICU collation (localeCompare)', async () => {
    const url = process.env.TEST_DATABASE_URL;
    const fresh = await openDatabase(url ? { url, schema: `test_order_${process.pid}_${Date.now()}`, dropSchemaOnClose: true } : {});
    const localeCompare = jest.spyOn(String.prototype, 'localeCompare');
    try {
      await migrateToLatest(fresh.kysely);
      // Applied within the same millisecond: Kysely then orders them by name, with localeCompare by default, which
      // loads ICU's collation data (about 2 MB resident for the server's whole life).
      await sql`update kysely_migration set timestamp = (select min(timestamp) from kysely_migration)`.execute(fresh.kysely);
      localeCompare.mockClear();
      await expect(migrateToLatest(fresh.kysely)).resolves.toEqual([]);
      expect(localeCompare).not.toHaveBeenCalled();
    } finally {
      localeCompare.mockRestore();
      await fresh.close();
    }
  });

  it('names the migration that failed and keeps the schema as it was', async () => {
    const bad = { up: async (db: Kysely<unknown>) => { await db.schema.createTable('users').addColumn('id', 'integer').execute(); } };
    await expect(migrateToLatest(database.kysely, { ...migrations, '9999_bad': bad })).rejects.toThrow(/^migration 9999_bad failed: .*users/u);
    await expect(migrateToLatest(database.kysely)).resolves.toEqual([]);
    await expect(adapters.repositories.users.findById(1)).resolves.toBeNull();
  });

  it('gives the notes written before location precision their own position as the one others see (0009)', async () => {
    const url = process.env.TEST_DATABASE_URL;
    const fresh = await openDatabase(url ? { url, schema: `test_m9_${process.pid}_${Date.now()}`, dropSchemaOnClose: true } : {});
    try {
      const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '0009'));
      await migrateToLatest(fresh.kysely, before);
      await sql`insert into users (username, email, password_hash, avatar_hash) values ('old', 'old@example.com', 'x', 'x')`.execute(fresh.kysely);
      await sql`insert into notes (author_id, message, latitude, longitude, created_at, updated_at)
        values ((select id from users), 'an old note', 38.697612, -9.203301, now(), now())`.execute(fresh.kysely);
      const through = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '0010'));
      await expect(migrateToLatest(fresh.kysely, through)).resolves.toEqual(['0009_location_precision']);
      const { rows } = await sql`select location_precision, public_latitude, public_longitude from notes`.execute(fresh.kysely);
      expect(rows).toEqual([{ location_precision: 'exact', public_latitude: 38.697612, public_longitude: -9.203301 }]);
    } finally {
      await fresh.close();
    }
  });

  // PostgreSQL keeps the plans of PL/pgSQL functions for the session, not those of SQL functions called from PL/pgSQL:
  // the helpers every note write's triggers call are PL/pgSQL (0012), so a write does not plan their bodies again.
  it('has the helpers of the note triggers in PL/pgSQL (0012)', async () => {
    const { rows } = await sql<{ name: string; language: string }>`
      select p.proname as name, l.lanname as language from pg_proc p join pg_language l on l.oid = p.prolang
      where p.proname in ('note_changes_record', 'webhook_events_wanted') and p.pronamespace = current_schema()::regnamespace
      order by p.proname`.execute(database.kysely);
    expect(rows).toEqual([{ name: 'note_changes_record', language: 'plpgsql' }, { name: 'webhook_events_wanted', language: 'plpgsql' }]);
  });

  it('puts the notes written before the change feed in it from its start, in id order (0010)', async () => {
    const url = process.env.TEST_DATABASE_URL;
    const fresh = await openDatabase(url ? { url, schema: `test_m10_${process.pid}_${Date.now()}`, dropSchemaOnClose: true } : {});
    try {
      await migrateToLatest(fresh.kysely, Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '0010')));
      await sql`insert into users (username, email, password_hash, avatar_hash) values ('old', 'old@example.com', 'x', 'x')`.execute(fresh.kysely);
      await sql`insert into notes (author_id, message, latitude, longitude, public_latitude, public_longitude, created_at, updated_at)
        select (select id from users), 'old note ' || i, 1, 2, 1, 2, now(), now() from generate_series(1, 3) as i`.execute(fresh.kysely);
      await expect(migrateToLatest(fresh.kysely)).resolves.toEqual(['0010_note_changes', '0011_webhooks', '0012_plpgsql_trigger_helpers', '0013_note_created_events_per_statement',
        '0014_note_tag_keys_per_statement', '0015_lighter_note_insert_triggers', '0016_webhook_wake_names_schema',
        '0017_webhook_delivery_scopes', '0018_note_states', '0019_note_states_of_new_notes', '0020_notemap_note_order_and_counts',
        '0021_mail_outbox', '0022_two_step_sign_in', '0023_user_blocks', '0024_sign_ups']);
      const { rows } = await sql<{ note_id: number }>`select note_id from note_changes order by seq`.execute(fresh.kysely);
      const { rows: notes } = await sql<{ id: number }>`select id from notes order by id`.execute(fresh.kysely);
      expect(rows).toEqual(notes.map((n) => ({ note_id: n.id })));
    } finally {
      await fresh.close();
    }
  });

  it('gives every note in the change feed its state at its latest change, and a note gone a null one (0018)', async () => {
    const url = process.env.TEST_DATABASE_URL;
    const fresh = await openDatabase(url ? { url, schema: `test_m18_${process.pid}_${Date.now()}`, dropSchemaOnClose: true } : {});
    try {
      await migrateToLatest(fresh.kysely, Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '0018')));
      await sql`insert into users (username, email, password_hash, avatar_hash) values ('Old', 'old@example.com', 'x', 'x'), ('To', 'to@example.com', 'x', 'x')`.execute(fresh.kysely);
      await sql`insert into notes (author_id, message, visibility, latitude, longitude, public_latitude, public_longitude)
        select (select id from users where username = 'Old'), 'old note ' || i, case when i = 1 then 'recipients' else 'public' end, 1, 2, 3, 4
        from generate_series(1, 3) as i`.execute(fresh.kysely);
      const [first, , gone] = (await sql<{ id: number }>`select id from notes order by id`.execute(fresh.kysely)).rows.map((n) => n.id);
      await sql`insert into note_recipients (note_id, user_id) values (${first}, (select id from users where username = 'To'))`.execute(fresh.kysely);
      await sql`delete from notes where id = ${gone}`.execute(fresh.kysely);
      await migrateToLatest(fresh.kysely);
      const { rows } = await sql<{ note_id: number; same: boolean; visibility: string | null; author_username: string | null; recipients: number[] | null; public_latitude: number | null }>`
        select s.note_id, s.seq = c.seq as same, s.visibility, s.author_username, s.recipients, s.public_latitude
        from note_states s join note_changes c on c.note_id = s.note_id order by s.note_id`.execute(fresh.kysely);
      const to = (await sql<{ id: number }>`select id from users where username = 'To'`.execute(fresh.kysely)).rows[0]!.id;
      expect(rows).toEqual([
        { note_id: first, same: true, visibility: 'recipients', author_username: 'Old', recipients: [to], public_latitude: 3 },
        { note_id: first! + 1, same: true, visibility: 'public', author_username: 'Old', recipients: null, public_latitude: 3 },
        { note_id: gone, same: true, visibility: null, author_username: null, recipients: null, public_latitude: null },
      ]);
    } finally {
      await fresh.close();
    }
  });

  // No use case makes a note and changes it in one transaction (notes are written by NoteInserts alone), but the
  // triggers must hold for any writer: 0019 writes a new note's state from its row, and a later event of the same
  // transaction must write the full state over it.
  it('keeps the state a transaction commits for a note it made, whatever it did to the note after making it (0019)', async () => {
    const author = await fixtures.user();
    const map = await adapters.repositories.notemaps.create(author.id, { name: 'Made', description: null }, fixtures.now());
    const tag = fixtures.name('made').toLowerCase();
    const [mapped, hidden, gone] = await database.kysely.transaction().execute(async (tx) => {
      const ids = (await sql<{ id: number }>`insert into notes (author_id, message, latitude, longitude, public_latitude, public_longitude)
        select ${author.id}, 'made ' || i, 1, 2, 1, 2 from generate_series(1, 3) as i returning id`.execute(tx)).rows.map((row) => row.id);
      const [first, second, third] = ids;
      await sql`insert into tags (name) values (${tag})`.execute(tx);
      await sql`insert into note_tags (note_id, tag_id, explicit, position) select ${first}, id, true, 0 from tags where name = ${tag}`.execute(tx);
      await sql`insert into notemap_notes (notemap_id, note_id, added_at) values (${map}, ${first}, now())`.execute(tx);
      await sql`update notes set visibility = 'self' where id = ${second}`.execute(tx);
      await sql`delete from notes where id = ${third}`.execute(tx);
      return [first!, second!, third!];
    });
    const { rows } = await sql<{ note_id: number; visibility: string | null; tags: string[] | null; notemaps: number[] | null }>`
      select distinct on (s.note_id) s.note_id, s.visibility, s.tags, s.notemaps from note_states s
      where s.note_id in (${mapped}, ${hidden}, ${gone}) order by s.note_id, s.seq desc`.execute(database.kysely);
    expect([...rows]).toEqual([
      { note_id: mapped, visibility: 'public', tags: [tag], notemaps: [map] },
      { note_id: hidden, visibility: 'self', tags: [], notemaps: [] },
      { note_id: gone, visibility: null, tags: [], notemaps: [] },
    ]);
  });

  it('refuses a note made again under the id of one deleted, rather than record it as a first change (0019)', async () => {
    const author = await fixtures.user();
    const gone = await fixtures.note(author.id);
    await adapters.repositories.notes.delete(gone);
    await expect(sql`insert into notes (id, author_id, message, latitude, longitude, public_latitude, public_longitude)
      values (${gone}, ${author.id}, 'again', 1, 2, 1, 2)`.execute(database.kysely)).rejects.toThrow(/note_changes_pkey/u);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from notes where id = ${gone}`.execute(database.kysely);
    expect(rows).toEqual([{ n: 0 }]);
  });

  it('gives the notemaps made before 0020 their rows\' note times and visibility, and their counters', async () => {
    const url = process.env.TEST_DATABASE_URL;
    const fresh = await openDatabase(url ? { url, schema: `test_m20_${process.pid}_${Date.now()}`, dropSchemaOnClose: true } : {});
    try {
      await migrateToLatest(fresh.kysely, Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '0020')));
      await sql`insert into users (username, email, password_hash, avatar_hash) values ('old', 'old@example.com', 'x', 'x')`.execute(fresh.kysely);
      await sql`insert into notes (author_id, message, visibility, latitude, longitude, public_latitude, public_longitude, created_at)
        select (select id from users), 'old note ' || i, case when i % 3 = 0 then 'self' else 'public' end, 1, 2, 1, 2,
          timestamptz '2026-01-01' + i * interval '1 hour' from generate_series(1, 6) as i`.execute(fresh.kysely);
      await sql`insert into notemaps (owner_id, name) select (select id from users), 'map ' || i from generate_series(1, 3) as i`.execute(fresh.kysely);
      // The first notemap holds every note, the second the even ones, the third none.
      await sql`insert into notemap_notes (notemap_id, note_id)
        select m.id, n.id from notemaps m join notes n on m.name = 'map 1' or (m.name = 'map 2' and n.id % 2 = 0)`.execute(fresh.kysely);
      await migrateToLatest(fresh.kysely);
      const { rows: mismatched } = await sql<{ n: number }>`select count(*)::int as n from notemap_notes mn join notes n on n.id = mn.note_id
        where mn.note_created_at <> n.created_at or mn.note_public <> (n.visibility = 'public')`.execute(fresh.kysely);
      expect(mismatched).toEqual([{ n: 0 }]);
      const { rows: counters } = await sql<{ name: string; public_notes: number; counted: number }>`
        select m.name, c.public_notes, (select count(*)::int from notemap_notes mn join notes n on n.id = mn.note_id
          where mn.notemap_id = m.id and n.visibility = 'public') as counted
        from notemaps m join notemap_counters c on c.notemap_id = m.id order by m.name`.execute(fresh.kysely);
      expect(counters).toEqual([
        { name: 'map 1', public_notes: 4, counted: 4 }, { name: 'map 2', public_notes: 2, counted: 2 }, { name: 'map 3', public_notes: 0, counted: 0 },
      ]);
    } finally {
      await fresh.close();
    }
  });

  it('counts the accounts made before 0021 as verified (they signed up before verification existed), and no later one', async () => {
    const url = process.env.TEST_DATABASE_URL;
    const fresh = await openDatabase(url ? { url, schema: `test_m21_${process.pid}_${Date.now()}`, dropSchemaOnClose: true } : {});
    try {
      await migrateToLatest(fresh.kysely, Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '0021')));
      await sql`insert into users (username, email, password_hash, avatar_hash, created_at)
        values ('old', 'old@example.com', 'x', 'x', timestamptz '2026-01-02 03:04:05+00')`.execute(fresh.kysely);
      await migrateToLatest(fresh.kysely);
      await sql`insert into users (username, email, password_hash, avatar_hash) values ('new', 'new@example.com', 'x', 'x')`.execute(fresh.kysely);
      const { rows } = await sql<{ username: string; verified: Date | null }>`select username, email_verified_at as verified from users order by id`.execute(fresh.kysely);
      expect(rows).toEqual([{ username: 'old', verified: new Date('2026-01-02T03:04:05Z') }, { username: 'new', verified: null }]);
    } finally {
      await fresh.close();
    }
  });

  it('reports one onQuery call per statement', async () => {
    statements.length = 0;
    await adapters.repositories.users.findById(1);
    await adapters.repositories.users.findByUsername('nobody');
    expect(statements).toHaveLength(2);
    expect(statements[0]).toMatch(/select/iu);
  });

  it('answers the health check', async () => {
    await expect(new KyselyDatabaseHealth(database.kysely).ping()).resolves.toBe(true);
  });

  it('keeps the counts of a failed flush for the next one', async () => {
    const author = await fixtures.user();
    const note = await fixtures.note(author.id);
    const plugin = new FailOnce();
    const counter = new KyselyViewCounter(database.kysely.withPlugin(plugin));
    counter.record(note);
    counter.record(note);
    plugin.armed = true;
    await expect(counter.flush()).rejects.toThrow('connection lost');
    counter.record(note);
    await counter.flush();
    await expect(adapters.noteViews.get(anonymous, note)).resolves.toMatchObject({ publicViewsCount: 3 });
  });
});

describe('Kysely database: PGlite on disk', () => {
  let parent: string;

  beforeAll(async () => {
    parent = await mkdtemp(join(tmpdir(), 'place-notes-'));
  });
  afterAll(() => rm(parent, { recursive: true, force: true }));

  it('creates the data directory, keeps data (in a named schema) across restarts, and is unhealthy once closed', async () => {
    const dataDir = join(parent, 'nested', 'data');
    const first = await openDatabase({ dataDir, schema: 'place_notes' });
    expect(first.kind).toBe('pglite');
    await expect(migrateToLatest(first.kysely)).resolves.toEqual(Object.keys(migrations));
    const id = await kyselyAdapters(first).repositories.users.create(
      { username: 'keeper', email: 'keeper@example.com', passwordHash: 'h', name: null, avatarHash: 'x' },
      new Date('2026-01-01T00:00:00Z'),
    );
    await first.close();
    await expect(new KyselyDatabaseHealth(first.kysely).ping()).resolves.toBe(false);

    const second = await openDatabase({ dataDir, schema: 'place_notes' });
    try {
      await expect(migrateToLatest(second.kysely)).resolves.toEqual([]);
      await expect(kyselyAdapters(second).repositories.users.findByUsername('KEEPER')).resolves.toMatchObject({ id });
    } finally {
      await second.close();
    }
  // Two embedded databases created on disk and migrated: seconds on a quiet machine, more beside other suites.
  }, 120_000);

});

const onPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;

onPostgres('Kysely database: PostgreSQL schemas', () => {
  const url = process.env.TEST_DATABASE_URL ?? '';
  const user = { username: 'twin', email: 'twin@example.com', passwordHash: 'h', name: null, avatarHash: 'x' };

  it('keeps two schemas of one database apart, and drops a throwaway schema on close', async () => {
    const names = [`test_twin_a_${process.pid}`, `test_twin_b_${process.pid}`] as const;
    const open = (schema: string) => openDatabase({ url, schema, dropSchemaOnClose: true });
    const [a, b] = await Promise.all([open(names[0]), open(names[1])]);
    try {
      await Promise.all([migrateToLatest(a.kysely), migrateToLatest(b.kysely)]);
      // The same username twice: no conflict, as each schema has its own users table.
      await kyselyAdapters(a).repositories.users.create(user, new Date());
      await kyselyAdapters(b).repositories.users.create(user, new Date());
      expect(a.kind).toBe('postgres');
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
    const observer = await openDatabase({ url });
    try {
      const schemas = (await observer.kysely.introspection.getSchemas()).map((schema) => schema.name);
      expect(schemas).not.toContain(names[0]);
      expect(schemas).not.toContain(names[1]);
    } finally {
      await observer.close();
    }
  });
});
