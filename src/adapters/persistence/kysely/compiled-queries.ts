import { CompiledQuery, type Compilable } from 'kysely';
import type { Viewer } from '../../../application/ports/viewer';

/**
 * The value of a named parameter: one scalar, never null. A marker stands for it while the query is built, and a
 * builder compiles a null (`= null` becomes `is null`) or a list (`in (…)`) differently from one opaque value: a
 * query whose SQL differs without a value is compiled once per form instead (as `compiledPerViewer` does).
 */
export type ParameterValue = string | number | bigint | boolean;

/** What a query's named parameters must be: an object type (`{ id: number }`, an interface too) of ParameterValues. */
export type NamedParameters<P> = { readonly [K in keyof P]: ParameterValue };

/** Stands for one named parameter while its query is built: an object of its own, found again by identity. */
class Marker {
  readonly #name: string;

  constructor(name: string) {
    this.#name = name;
  }

  get name(): string {
    return this.#name;
  }

  /** Arithmetic or text made of a marker would be SQL of no value: it throws where the builder does it. */
  [Symbol.toPrimitive](): never {
    throw new Error(`named parameter \`${this.#name}\` was used as a value while its query was built: give it to the query builder as it is`);
  }
}

/** Where the parameters sit in a compiled query, found once. */
interface Compiled<R> {
  readonly query: CompiledQuery<R>;
  /** The compiled parameters, markers included: each binding copies them and puts the values over the markers. */
  readonly parameters: readonly unknown[];
  /** Positions in `parameters` and, at the same index, the name of the parameter whose marker sits there. */
  readonly positions: readonly number[];
  readonly names: readonly string[];
}

/** Builds the query with a marker per parameter it reads, compiles it and finds each marker's positions by identity. */
function compile<P extends NamedParameters<P>, R>(build: (p: P) => Compilable<R>): Compiled<R> {
  const markers = new Map<string, Marker>();
  // A marker is made the first time the builder reads its parameter: only the parameters it reads are in the query.
  const p = new Proxy({}, {
    get(_target, key) {
      if (typeof key !== 'string') return undefined;
      let marker = markers.get(key);
      if (marker === undefined) {
        marker = new Marker(key);
        markers.set(key, marker);
      }
      return marker;
    },
  }) as P;
  const query = build(p).compile();
  const positions: number[] = [];
  const names: string[] = [];
  query.parameters.forEach((value, position) => {
    if (!(value instanceof Marker)) return;
    if (markers.get(value.name) !== value) throw new Error(`named parameter \`${value.name}\` belongs to another query`);
    positions.push(position);
    names.push(value.name);
  });
  for (const [name, marker] of markers) {
    if (!query.parameters.includes(marker)) {
      throw new Error(`named parameter \`${name}\` was read while the query was built but is not among its compiled parameters`);
    }
  }
  return { query, parameters: query.parameters, positions, names };
}

/**
 * A query compiled once and run with each request's values: building and compiling per request cost more than
 * PostgreSQL's own work on its prepared statement (decisions `statements-compiled-once-per-shape`, `named-parameters`).
 */
export class CompiledOnce<P extends NamedParameters<P>, R> {
  #compiled: Compiled<R> | undefined;

  constructor(private readonly build: (p: P) => Compilable<R>) {}

  /**
   * The query with `values` in place of its parameters. The first binding builds and compiles it, and throws if a
   * parameter the builder read is not in the compiled query; each binding after that copies one list.
   */
  bind(values: P): CompiledQuery<R> {
    const compiled = (this.#compiled ??= compile(this.build));
    const { positions, names, query } = compiled;
    const byName: Readonly<Record<string, ParameterValue>> = values;
    const parameters = compiled.parameters.slice();
    for (let i = 0; i < positions.length; i++) parameters[positions[i] ?? 0] = byName[names[i] ?? ''];
    return { query: query.query, queryId: query.queryId, sql: query.sql, parameters };
  }
}

/**
 * A query compiled once: `build` receives its named parameters (`p.id`), each a marker typed as its parameter for
 * the builder, and `bind` puts the values in their place. Read them as properties: a parameter exists once read.
 */
export function compiledOnce<P extends NamedParameters<P>, R>(build: (p: P) => Compilable<R>): CompiledOnce<P, R> {
  return new CompiledOnce(build);
}

type WithViewer<P> = P & { readonly userId: number; readonly readerId: number };

/**
 * A query whose SQL depends on who reads (signed in or not, reader of non-public notes or not), compiled once per
 * form of viewer. `build` receives the viewer of its form, each id it has a named parameter; `bind` chooses the
 * form by which ids the viewer has.
 */
export class CompiledPerViewer<P extends NamedParameters<P>, R> {
  /** By form: [nobody, signed in, reader only, signed-in reader]. */
  readonly #forms: readonly CompiledOnce<WithViewer<P>, R>[];

  constructor(build: (p: P, viewer: Viewer) => Compilable<R>) {
    const form = (signedIn: boolean, reader: boolean) => new CompiledOnce<WithViewer<P>, R>((p) => build(p, {
      // Read on demand, so that a form whose query leaves an id out has no parameter for it.
      get userId() { return signedIn ? p.userId : null; },
      get readerId() { return reader ? p.readerId : null; },
    }));
    this.#forms = [form(false, false), form(true, false), form(false, true), form(true, true)];
  }

  /** The query of the viewer's form with `values` in place of its parameters, the viewer's ids (`userId`, `readerId`) among them. */
  bind(values: P & Viewer): CompiledQuery<R> {
    const form = this.#forms[(values.userId === null ? 0 : 1) + (values.readerId === null ? 0 : 2)];
    // A form reads no id its viewer lacks: none it reads is null.
    return (form as CompiledOnce<WithViewer<P>, R>).bind(values as WithViewer<P>);
  }
}

export function compiledPerViewer<P extends NamedParameters<P>, R>(build: (p: P, viewer: Viewer) => Compilable<R>): CompiledPerViewer<P, R> {
  return new CompiledPerViewer(build);
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
