import { CompiledQuery, sql, type Kysely } from 'kysely';
import type { NoteFilter } from '../../src/application/ports/note-views';
import type { Database } from '../../src/adapters/persistence/kysely/database';
import { KyselyNoteViews } from '../../src/adapters/persistence/kysely/kysely-note-views';
import { listedNotes } from '../../src/adapters/persistence/kysely/note-conditions';
import { orderOf, seekAfter } from '../../src/adapters/persistence/kysely/note-conditions-query';
import type { Schema } from '../../src/adapters/persistence/kysely/schema';
import { parseNoteQuery, type NotePosition, type RawNoteQuery } from '../../src/domain/note-query';
import { createTestDatabase } from '../support/test-database';
import { describeIf, NO_POSTGRES } from '../support/required';

/** An anonymous reader: others' positions are the public ones, read by their own index. */
const ANONYMOUS_VIEWER = { readerId: null, userId: null };

// On PostgreSQL only (TEST_DATABASE_URL): plans on 100,000 notes, where a sequential scan would be chosen
// if the conditions could not use their index.
const describeOnPostgres = describeIf(Boolean(process.env.TEST_DATABASE_URL), NO_POSTGRES);

describeOnPostgres('the list conditions use their indexes on 100,000 notes', () => {
  let database: Database;
  let db: Kysely<Schema>;

  beforeAll(async () => {
    database = await createTestDatabase({ kind: 'postgres' });
    db = database.kysely;
    await sql`insert into users (username, email, password_hash, avatar_hash) values ('seed', 'seed@example.com', 'x', 'x')`.execute(db);
    // One statement: points spread over the globe, one note in a thousand about running.
    await sql`insert into notes (author_id, message, latitude, longitude, public_latitude, public_longitude, created_at, updated_at)
      select (select id from users where username = 'seed'),
             'note ' || g || case when g % 1000 = 0 then ' went running today' else ' a quiet walk' end,
             latitude, longitude, latitude, longitude,
             now() - g * interval '1 minute', now() - g * interval '1 minute'
      from generate_series(1, 100000) g,
        lateral (select -89.9 + 179.8 * ((g::int8 * 7919) % 100000) / 100000.0 as latitude,
                        -180 + 360 * ((g::int8 * 104729) % 99991) / 99991.0 as longitude) position`.execute(db);
    await sql`analyze notes`.execute(db);
  }, 120_000);
  afterAll(() => database.close());

  /** The plans of a list's page and of its count, as the adapter builds their WHERE and ORDER BY. */
  async function plans(raw: RawNoteQuery): Promise<string> {
    const filter: NoteFilter = { query: parseNoteQuery(raw) };
    const where = listedNotes(ANONYMOUS_VIEWER, filter);
    const page = db.selectFrom('notes as n').select('n.id').where(where).orderBy(orderOf(filter.query, null)).limit(20).compile();
    const count = db.selectFrom('notes as n').select((eb) => eb.fn.countAll<number>().as('total')).where(where).compile();
    const lines: string[] = [];
    for (const query of [page, count]) {
      const result = await db.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]));
      lines.push(...result.rows.map((row) => row['QUERY PLAN']));
    }
    return lines.join('\n');
  }

  it.each<[string, RawNoteQuery, string]>([
    ['bbox', { bbox: '2,48,3,49' }, 'notes_public_location_idx'],
    ['bbox across the antimeridian', { bbox: '179.5,-10,-179.5,10' }, 'notes_public_location_idx'],
    ['near', { near: '48.85,2.35', radius: 5000 }, 'notes_public_location_idx'],
    ['near a pole', { near: '90,0', radius: 20000 }, 'notes_public_location_idx'],
    ['q', { q: 'running' }, 'notes_search_idx'],
  ])('%s', async (_name, raw, index) => {
    const plan = await plans(raw);
    expect(plan).toContain(index);
    expect(plan).not.toMatch(/Seq Scan on notes/);
  });

  /** The plan of a page that starts after `after` (keyset paging), as the adapter seeks. */
  async function seekPlan(raw: RawNoteQuery, after: NotePosition): Promise<string> {
    const query = parseNoteQuery(raw);
    const page = db.selectFrom('notes as n').select('n.id')
      .where(listedNotes(ANONYMOUS_VIEWER, { query })).where(seekAfter(query, after, null)).orderBy(orderOf(query, null)).limit(20).compile();
    const result = await db.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain ${page.sql}`, [...page.parameters]));
    return result.rows.map((row) => row['QUERY PLAN']).join('\n');
  }

  /** The position of the note `offset` notes deep in the newest-first or the popular order. */
  async function positionAt(order: 'recent' | 'popular', offset: number): Promise<NotePosition> {
    const orderBy = order === 'popular' ? 'favoriters_count desc, public_views_count desc, created_at desc, id desc' : 'created_at desc, id desc';
    const row = (await db.executeQuery<{ us: number; id: number; f: number; v: number }>(CompiledQuery.raw(
      `select (extract(epoch from created_at) * 1000000)::int8 as us, id, favoriters_count as f, public_views_count as v
       from notes where visibility = 'public' order by ${orderBy} offset ${offset} limit 1`))).rows[0];
    if (!row) throw new Error('the seed has fewer notes than the test thinks');
    return { order, lead: order === 'popular' ? [row.f, row.v] : [], createdAtUs: row.us, id: row.id };
  }

  it.each([['recent', 'notes_created_idx'], ['popular', 'notes_popular_idx']] as const)(
    'a cursor 90,000 notes deep seeks the %s order through %s, without sorting',
    async (order, index) => {
      const plan = await seekPlan(order === 'popular' ? { sort: 'popular' } : {}, await positionAt(order, 90_000));
      expect(plan).toContain(index);
      expect(plan).toMatch(/Index Cond: \(ROW\(/);
      expect(plan).not.toMatch(/Sort|Seq Scan on notes/);
    },
  );

  // A notemap (or a member's favorites) holding the 5,000 oldest notes: read from its rows, then the notes by key,
  // never by walking the 95,000 newer notes to find its members (the plan PostgreSQL prefers for an EXISTS per note).
  it.each<[string, (holder: number) => NoteFilter]>([
    ['a notemap of old notes', (holder) => ({ notemapId: holder })],
    ['the favorites of old notes', (holder) => ({ favoritedBy: holder })],
  ])('%s: read from its own rows, then the notes by key', async (name, filterOf) => {
    const seed = (await sql<{ id: number }>`select id from users where username = 'seed'`.execute(db)).rows[0]?.id ?? 0;
    let holder = seed;
    if (name.includes('notemap')) {
      holder = (await sql<{ id: number }>`insert into notemaps (owner_id, name) values (${seed}, 'old notes') returning id`.execute(db)).rows[0]?.id ?? 0;
      await sql`insert into notemap_notes (notemap_id, note_id) select ${holder}, id from notes order by created_at limit 5000`.execute(db);
      await sql`analyze notemap_notes`.execute(db);
    } else {
      await sql`insert into note_favorites (note_id, user_id) select id, ${seed} from notes order by created_at limit 5000`.execute(db);
      await sql`analyze note_favorites`.execute(db);
    }
    const where = listedNotes(ANONYMOUS_VIEWER, filterOf(holder));
    const page = db.selectFrom('notes as n').select('n.id').where(where).orderBy(orderOf(undefined, null)).limit(20).compile();
    const plan = (await db.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain ${page.sql}`, [...page.parameters])))
      .rows.map((row) => row['QUERY PLAN']).join('\n');
    expect(plan).toContain('notes_pkey');
    expect(plan).not.toMatch(/notes_created_idx|Seq Scan on notes/);
  });

  // The list of a whole notemap (decision `notemap-note-counts`): its page's ids come from the notemap's rows in the
  // list's order, stopping at the limit, never sorting its members, then its notes by key; its total reads the
  // notemap's counter, and for a reader only the notemap's non-public rows besides (and the notes of users a block
  // stands between them and). As the adapter runs them, anonymous and signed in, first page and cursor.
  it('a notemap of 5,000 notes: its page by notemap_notes_order_idx without sorting its rows, its total from the counter', async () => {
    const seed = (await sql<{ id: number }>`select id from users where username = 'seed'`.execute(db)).rows[0]?.id ?? 0;
    const map = (await sql<{ id: number }>`insert into notemaps (owner_id, name) values (${seed}, 'paged') returning id`.execute(db)).rows[0]?.id ?? 0;
    await sql`insert into notemap_notes (notemap_id, note_id) select ${map}, id from notes order by created_at limit 5000`.execute(db);
    await sql`analyze notemap_notes`.execute(db);
    const statements: CompiledQuery[] = [];
    const spied = new Proxy(db, {
      get: (target, key) => {
        if (key === 'executeQuery') return (query: CompiledQuery) => { statements.push(query); return target.executeQuery(query); };
        const value = Reflect.get(target, key) as unknown;
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    const views = new KyselyNoteViews(spied);
    const first = await views.list(ANONYMOUS_VIEWER, { notemapId: map }, { offset: 0, limit: 20 });
    expect(first.total).toBe(5000);
    await views.list(ANONYMOUS_VIEWER, { notemapId: map, query: { order: 'recent', after: first.last! } }, { offset: 20, limit: 20 });
    await views.list({ userId: seed, readerId: seed }, { notemapId: map }, { offset: 0, limit: 20 });
    expect(statements).toHaveLength(6);
    const explained = await Promise.all(statements.map(async (query) => (await db.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]))).rows.map((row) => row['QUERY PLAN']).join('\n')));
    for (const [i, plan] of explained.entries()) {
      if (i % 2 === 0) {
        expect(plan).toContain('notemap_notes_order_idx');
        expect(plan).toContain('notes_pkey');
        expect(plan).not.toMatch(/Sort Key: mn\.|Seq Scan on (notes|notemap_notes)|notes_created_idx/);
      } else if (i < 5) {
        expect(plan).toContain('notemap_counters_pkey');
        expect(plan).not.toMatch(/Seq Scan on (notes|notemap_notes)|notemap_notes_pkey|notemap_notes_order_idx/);
      } else {
        // Signed in: less the public notes of the users a block stands between the viewer and, counted only when a
        // block concerns the viewer (here none does): as run, no note and none of the notemap's public rows is read.
        const query = statements[i]!;
        const run = (await db.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain (analyze, costs off, timing off) ${query.sql}`, [...query.parameters])))
          .rows.map((row) => row['QUERY PLAN']);
        expect(plan).toContain('notemap_counters_pkey');
        const read = run.filter((line) => /Seq Scan|on notes |notemap_notes_pkey|notemap_notes_order_idx/.test(line) && !line.includes('never executed'));
        expect(read).toEqual([]);
      }
    }
  });

  it('finds the rows the plan promises (the seed is what the test thinks it is)', async () => {
    const running = await sql<{ total: string }>`select count(*) as total from notes where search @@ plainto_tsquery('english', 'run')`.execute(db);
    expect(Number(running.rows[0]?.total)).toBe(100);
  });
});
