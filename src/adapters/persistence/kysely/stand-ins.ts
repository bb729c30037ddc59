import { CompiledQuery, type Compilable } from 'kysely';
import type { Viewer } from '../../../application/ports/viewer';

/** Per compiled query: the stand-in list it was bound with, and for each parameter its stand-in's position there, or -1. */
const slotsOf = new WeakMap<CompiledQuery<unknown>, { standIns: readonly unknown[]; slots: Int32Array }>();

/**
 * A query compiled once with stand-ins in place of its parameters, run with the request's values swapped in:
 * building and compiling a query per request cost more than PostgreSQL's own work on its prepared statement.
 * Stand-ins are negative numbers no id, limit or offset can be, unique across the adapters that use them.
 * `values[i]` replaces `standIns[i]`. Where each stand-in sits is found once per query and stand-in list (a constant of
 * its adapter) and kept: a binding then costs one new parameter list, not a map of the values and a copy of the query
 * (the note read's hot path).
 */
export function bindStandIns<R>(query: CompiledQuery<R>, standIns: readonly unknown[], values: readonly unknown[]): CompiledQuery<R> {
  const base = query.parameters;
  let kept = slotsOf.get(query);
  if (kept?.standIns !== standIns) {
    kept = { standIns, slots: Int32Array.from(base, (parameter) => standIns.indexOf(parameter)) };
    slotsOf.set(query, kept);
  }
  const slots = kept.slots;
  const parameters = new Array<unknown>(base.length);
  for (let i = 0; i < base.length; i++) {
    const slot = slots[i] ?? -1;
    parameters[i] = slot === -1 ? base[i] : values[slot];
  }
  return { query: query.query, queryId: query.queryId, sql: query.sql, parameters };
}

/** The shape of a viewer a compiled read depends on: signed in or not, reader of non-public notes or not. */
export function viewerShape(viewer: Viewer): string {
  return `${viewer.userId === null ? '-' : 'u'}${viewer.readerId === null ? '-' : 'r'}`;
}

/** The viewer with stand-ins for the ids it has (null stays null: it changes the query's form, not a value). */
export function standInViewer(viewer: Viewer, stand: { userId: number; readerId: number }): Viewer {
  return { userId: viewer.userId === null ? null : stand.userId, readerId: viewer.readerId === null ? null : stand.readerId };
}

/**
 * A query built for one request, compiled to its text and values alone. Run through `executeQuery`, a compiled
 * statement takes the pool's short path (`PooledKysely`) instead of Kysely's executor, and holds nothing of the
 * builder: its tree of nodes (hundreds of frozen objects for a note list's fifty columns) is garbage as soon as it is
 * compiled, instead of living through the round trip. Kept that long, it outlived the young generation's collections
 * under load and was promoted, and a filtered list's builders were most of what the old generation grew by
 * (docs/benchmarks.md, Memory).
 */
export function compiledAlone<R>(query: Compilable<R>): CompiledQuery<R> {
  const { sql, parameters } = query.compile();
  return CompiledQuery.raw(sql, parameters as unknown[]) as CompiledQuery<R>;
}
