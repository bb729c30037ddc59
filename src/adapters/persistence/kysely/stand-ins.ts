import type { CompiledQuery } from 'kysely';
import type { Viewer } from '../../../application/ports/viewer';

/**
 * A query compiled once with stand-ins in place of its parameters, run with the request's values swapped in:
 * building and compiling a query per request cost more than PostgreSQL's own work on its prepared statement.
 * Stand-ins are negative numbers no id, limit or offset can be, unique across the adapters that use them.
 */
export function bindStandIns<R>(query: CompiledQuery<R>, values: ReadonlyMap<unknown, unknown>): CompiledQuery<R> {
  return { ...query, parameters: query.parameters.map((parameter) => (values.has(parameter) ? values.get(parameter) : parameter)) };
}

/** The shape of a viewer a compiled read depends on: signed in or not, reader of non-public notes or not. */
export function viewerShape(viewer: Viewer): string {
  return `${viewer.userId === null ? '-' : 'u'}${viewer.readerId === null ? '-' : 'r'}`;
}

/** The viewer with stand-ins for the ids it has (null stays null: it changes the query's form, not a value). */
export function standInViewer(viewer: Viewer, stand: { userId: number; readerId: number }): Viewer {
  return { userId: viewer.userId === null ? null : stand.userId, readerId: viewer.readerId === null ? null : stand.readerId };
}
