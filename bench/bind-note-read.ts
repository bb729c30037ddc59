// `node --no-maglev --import tsx bench/bind-note-read.ts` (V8's tiers as the server runs, src/runtime/server-runtime.json):
// nanoseconds per binding of the note read's compiled statement to a request's values (the service's hottest path
// before the database), and per `KyselyNoteViews.get` with the database answering at once. No database: Kysely
// compiles with a dummy driver. The median of 7 rounds is printed.
import 'reflect-metadata';
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, type CompiledQuery, type QueryResult } from 'kysely';
import { compiledPerViewer } from '../src/adapters/persistence/kysely/compiled-queries';
import { KyselyNoteViews, selectNoteViews } from '../src/adapters/persistence/kysely/kysely-note-views';
import { readableNote } from '../src/adapters/persistence/kysely/readable-note';
import type { Schema } from '../src/adapters/persistence/kysely/schema';
import type { Viewer } from '../src/application/ports/viewer';

const CALLS = 2_000_000;
const ROUNDS = 7;

const DIALECT = {
  createAdapter: () => new PostgresAdapter(),
  createDriver: () => new DummyDriver(),
  createIntrospector: (kysely: Kysely<unknown>) => new PostgresIntrospector(kysely),
  createQueryCompiler: () => new PostgresQueryCompiler(),
};
const db = new Kysely<Schema>({ dialect: DIALECT });

/** A database answering every statement at once with no row. */
const NO_ROWS = Promise.resolve({ rows: [] });
class AnsweringAtOnce extends Kysely<Schema> {
  override executeQuery<R>(_query: CompiledQuery<R>): Promise<QueryResult<R>> {
    return NO_ROWS;
  }
}

let sink = 0;

/** The median over ROUNDS of ns per call of `run(i)`, after a round to warm up. */
function time(run: (i: number) => void): number {
  const rounds: number[] = [];
  for (let round = 0; round <= ROUNDS; round++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < CALLS; i++) run(i);
    const ns = Number(process.hrtime.bigint() - start) / CALLS;
    if (round > 0) rounds.push(ns);
  }
  rounds.sort((a, b) => a - b);
  return rounds[ROUNDS >> 1] ?? NaN;
}

async function timeAsync(run: (i: number) => Promise<unknown>): Promise<number> {
  const rounds: number[] = [];
  for (let round = 0; round <= ROUNDS; round++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < CALLS / 4; i++) await run(i);
    const ns = Number(process.hrtime.bigint() - start) / (CALLS / 4);
    if (round > 0) rounds.push(ns);
  }
  rounds.sort((a, b) => a - b);
  return rounds[ROUNDS >> 1] ?? NaN;
}


// The note read, as KyselyNoteViews compiles it.
const noteRead = compiledPerViewer((p: { id: number }, viewer) =>
  selectNoteViews(db, viewer).where('n.id', '=', p.id).where(readableNote('n', viewer)));

// The viewers alternate within each loop, as requests do: a loop of one viewer then one of the other made V8's
// call sites in the second polymorphic, and the second loop looked slower whichever viewer it was.
const MIXED: readonly Viewer[] = [{ userId: null, readerId: null }, { userId: 7, readerId: 7 }];

async function main(): Promise<void> {
  const ns = time((i) => {
    const { userId, readerId } = MIXED[i & 1]!;
    sink += noteRead.bind({ id: i + 1, userId, readerId }).parameters.length;
  });
  console.log(`bind, anonymous and reader alternating: ${ns.toFixed(1)} ns a call`);
  // The whole adapter call.
  const views = new KyselyNoteViews(new AnsweringAtOnce({ dialect: DIALECT }));
  const getNs = await timeAsync((i) => views.get(MIXED[i & 1]!, i + 1));
  console.log(`KyselyNoteViews.get, anonymous and reader alternating: ${getNs.toFixed(1)} ns a call`);
  if (sink === 0) console.log('(sink)');
}

void main();
