import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql } from 'kysely';
import { compiledAlone, compiledOnce, compiledPerViewer } from '../../../../src/adapters/persistence/kysely/compiled-queries';

const db = new Kysely<{ notes: { id: number; title: string; author_id: number } }>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (kysely) => new PostgresIntrospector(kysely),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

describe('compiledOnce', () => {
  const page = compiledOnce((p: { title: string; id: number; limit: number }) => db.selectFrom('notes')
    .select('id')
    .where('id', '>', p.id)
    .where('title', '<>', 'constant')
    .where(sql<boolean>`${p.id} < 1000`)
    .where('title', '=', p.title)
    .limit(p.limit));

  it('puts each value where its parameter is, however often it is used, and keeps every other parameter', () => {
    const bound = page.bind({ id: 10, title: 'x', limit: 20 });
    expect(bound.sql).toBe('select "id" from "notes" where "id" > $1 and "title" <> $2 and $3 < 1000 and "title" = $4 limit $5');
    expect(bound.parameters).toEqual([10, 'constant', 10, 'x', 20]);
  });

  it('binds again with other values in a list of their own, leaving the compiled query as it was', () => {
    const first = page.bind({ id: 10, title: 'x', limit: 20 });
    const second = page.bind({ id: 11, title: 'y', limit: 5 });
    expect(second.parameters).toEqual([11, 'constant', 11, 'y', 5]);
    expect(first.parameters).toEqual([10, 'constant', 10, 'x', 20]);
    expect(second.sql).toBe(first.sql);
    expect(second.query).toBe(first.query);
    expect(second.queryId).toBe(first.queryId);
  });

  it('builds and compiles its query once, at the first binding', () => {
    const build = jest.fn((p: { id: number }) => db.selectFrom('notes').select('id').where('id', '=', p.id));
    const query = compiledOnce(build);
    expect(build).not.toHaveBeenCalled();
    for (let id = 1; id <= 3; id++) expect(query.bind({ id }).parameters).toEqual([id]);
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('throws when a parameter the builder read is not in the compiled query', () => {
    const lost = compiledOnce((p: { id: number; limit: number }) => {
      void p.limit;
      return db.selectFrom('notes').select('id').where('id', '=', p.id);
    });
    expect(() => lost.bind({ id: 1, limit: 2 })).toThrow('named parameter `limit` was read while the query was built but is not among its compiled parameters');
  });

  it('throws where the builder makes a value of a parameter instead of giving it to the query', () => {
    const arithmetic = compiledOnce((p: { id: number }) => db.selectFrom('notes').select('id').where('id', '=', p.id + 1));
    expect(() => arithmetic.bind({ id: 1 })).toThrow('named parameter `id` was used as a value while its query was built');
    const text = compiledOnce((p: { title: string }) => db.selectFrom('notes').select('id').where('title', '=', `${p.title}%`));
    expect(() => text.bind({ title: 'a' })).toThrow('named parameter `title` was used as a value');
  });

  it('throws when the query holds a parameter of another query', () => {
    let outer: { id: number } | undefined;
    const first = compiledOnce((p: { id: number }) => {
      outer = p;
      return db.selectFrom('notes').select('id').where('id', '=', p.id);
    });
    first.bind({ id: 1 });
    const second = compiledOnce((p: { title: string }) => db.selectFrom('notes').select('id').where('title', '=', p.title).where('id', '=', outer?.id ?? 0));
    expect(() => second.bind({ title: 'x' })).toThrow('named parameter `id` belongs to another query');
  });

  it('takes only non-null scalars, and every value it names (checked by the type checker, npm run typecheck)', () => {
    const byId = compiledOnce((p: { id: number; title: string }) => db.selectFrom('notes').select('id').where('id', '=', p.id).where('title', '=', p.title));
    const typeErrors = () => {
      // @ts-expect-error -- a value is missing
      byId.bind({ id: 1 });
      // @ts-expect-error -- null is no value: a query that reads none is another form
      byId.bind({ id: null, title: 'x' });
      // @ts-expect-error -- a nullable parameter is refused where it is declared
      compiledOnce((p: { id: number | null }) => db.selectFrom('notes').select('id').where('id', '=', p.id));
      // @ts-expect-error -- so is a list, which the builder would compile as a list of values
      compiledOnce((p: { ids: number[] }) => db.selectFrom('notes').select('id').where('id', 'in', p.ids));
    };
    expect(typeof typeErrors).toBe('function');
  });
});

describe('compiledPerViewer', () => {
  const build = jest.fn((p: { id: number }, viewer: { userId: number | null; readerId: number | null }) => db.selectFrom('notes')
    .select([viewer.userId === null ? sql<boolean>`false`.as('mine') : sql<boolean>`author_id = ${viewer.userId}`.as('mine')])
    .where('id', '=', p.id)
    .where(viewer.readerId === null ? sql<boolean>`true` : sql<boolean>`author_id <> ${viewer.readerId}`));
  const read = compiledPerViewer(build);

  it('compiles one form per viewer, with a parameter for each id the viewer has', () => {
    const nobody = read.bind({ id: 1, userId: null, readerId: null });
    expect(nobody.sql).toBe('select false as "mine" from "notes" where "id" = $1 and true');
    expect(nobody.parameters).toEqual([1]);
    const user = read.bind({ id: 2, userId: 7, readerId: null });
    expect(user.sql).toBe('select author_id = $1 as "mine" from "notes" where "id" = $2 and true');
    expect(user.parameters).toEqual([7, 2]);
    const reader = read.bind({ id: 3, userId: null, readerId: 8 });
    expect(reader.sql).toBe('select false as "mine" from "notes" where "id" = $1 and author_id <> $2');
    expect(reader.parameters).toEqual([3, 8]);
    const both = read.bind({ id: 4, userId: 7, readerId: 8 });
    expect(both.sql).toBe('select author_id = $1 as "mine" from "notes" where "id" = $2 and author_id <> $3');
    expect(both.parameters).toEqual([7, 4, 8]);
  });

  it('builds each form once', () => {
    build.mockClear();
    const again = compiledPerViewer(build);
    for (let id = 1; id <= 3; id++) {
      again.bind({ id, userId: null, readerId: null });
      again.bind({ id, userId: id, readerId: id });
    }
    expect(build).toHaveBeenCalledTimes(2);
  });

  it('gives no parameter to an id the viewer has but the query leaves out', () => {
    const readerOnly = compiledPerViewer((_p: Record<never, never>, viewer) => db.selectFrom('notes').select('id')
      .where(viewer.readerId === null ? sql<boolean>`true` : sql<boolean>`author_id = ${viewer.readerId}`));
    expect(readerOnly.bind({ userId: 7, readerId: 8 }).parameters).toEqual([8]);
    expect(readerOnly.bind({ userId: 7, readerId: null }).parameters).toEqual([]);
  });
});

describe('compiledAlone', () => {
  it('is the builder\'s statement, text and values, holding nothing of its tree of nodes', () => {
    const builder = db.selectFrom('notes').select(['id', 'title']).where('id', '=', 7).where('title', '=', 'x');
    const compiled = builder.compile();
    const alone = compiledAlone(builder);
    expect(alone.sql).toBe(compiled.sql);
    expect(alone.parameters).toEqual([7, 'x']);
    // A raw node of the text alone: the select's nodes are left to the collector once it is compiled.
    expect(alone.query).toEqual({ kind: 'RawNode', sqlFragments: [compiled.sql], parameters: [] });
  });
});
