import { CompiledQuery, DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import { bindStandIns, compiledAlone } from '../../../../src/adapters/persistence/kysely/stand-ins';

const A = -2_000_000_901;
const B = -2_000_000_902;
const STAND_INS = [A, B];

describe('bindStandIns', () => {
  const query = CompiledQuery.raw('select $1, $2, $3, $4', [B, 'kept', A, B]);

  it('puts each value where its stand-in was, and keeps every other parameter', () => {
    const bound = bindStandIns(query, STAND_INS, [10, 20]);
    expect(bound.parameters).toEqual([20, 'kept', 10, 20]);
    expect(bound.sql).toBe(query.sql);
    expect(bound.query).toBe(query.query);
    expect(bound.queryId).toBe(query.queryId);
  });

  it('binds the same query again with other values, leaving the compiled query as it was', () => {
    bindStandIns(query, STAND_INS, [10, 20]);
    expect(bindStandIns(query, STAND_INS, [null, 'x']).parameters).toEqual(['x', 'kept', null, 'x']);
    expect(query.parameters).toEqual([B, 'kept', A, B]);
  });

  it('gives a stand-in with no value undefined, as a query compiled without it never asks for it', () => {
    const other = CompiledQuery.raw('select $1', [A]);
    expect(bindStandIns(other, [B, A], [7]).parameters).toEqual([undefined]);
  });
});

describe('bindStandIns with another stand-in list', () => {
  it('finds the stand-ins again rather than reusing the positions found for the first list', () => {
    const query = CompiledQuery.raw('select $1, $2', [A, B]);
    expect(bindStandIns(query, [A, B], [1, 2]).parameters).toEqual([1, 2]);
    expect(bindStandIns(query, [B, A], [1, 2]).parameters).toEqual([2, 1]);
  });
});

describe('compiledAlone', () => {
  const db = new Kysely<{ notes: { id: number; title: string } }>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (kysely) => new PostgresIntrospector(kysely),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });

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
