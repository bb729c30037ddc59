import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import {
  Kysely, PGliteDialect, PostgresDialect, isCompilable,
  type AbortableQueryOptions, type Compilable, type CompiledQuery, type DatabaseConnection, type Dialect, type Driver,
  type KyselyConfig, type LogEvent, type PostgresCursor, type PostgresPool, type PostgresPoolClient, type PostgresQueryResult,
  type QueryResult, type TransactionSettings,
} from 'kysely';
import postgres from 'postgres';
import { portToken } from '../../../application/ports/port-token';
import { DomainError } from '../../../domain/domain-error';
import { PgliteNotifications, PostgresNotifications, type Notifications } from './notifications';
import { savepointStep, type DropFirst, type SavepointArgs } from './driver-steps';
import { PinnableDialect, pinnedConnection, type RequestTransactions } from './request-transactions';
import type { Schema } from './schema';

/** The tsyringe token of the Kysely<Schema> instance every repository and read model uses. */
export const KYSELY = portToken<Kysely<Schema>>('Kysely');

/** The open database's request transactions (RequestTransactions). */
export const REQUEST_TRANSACTIONS = portToken<RequestTransactions>('RequestTransactions');

/** An open database: the query builder, which engine is behind it, and how to let it go. */
export interface Database {
  kysely: Kysely<Schema>;
  kind: 'postgres' | 'pglite';
  /** LISTEN/NOTIFY on the same database (a connection of its own on PostgreSQL, opened at the first listen). */
  notifications: Notifications;
  /** Transactions that every statement of a request joins (an Idempotency-Key's write and its kept answer). */
  transactions: RequestTransactions;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** `postgres://…` selects PostgreSQL; otherwise the embedded PGlite. */
  url?: string | null;
  /** PGlite's data directory (created when missing); null or absent keeps PGlite in memory. */
  dataDir?: string | null;
  /** A schema to work in, created when missing; it is every connection's search_path. */
  schema?: string;
  /** Drops `schema` and everything in it on close: for throwaway test databases. */
  dropSchemaOnClose?: boolean;
  /** Called once per SQL statement executed. */
  onQuery?: (sql: string) => void;
  /**
   * An in-memory PGlite starts as a copy of this data directory (a tarball from PGlite's dumpDataDir) instead of
   * an empty cluster: the tests' migrated template, several times faster than initdb and the migrations.
   */
  pgliteTemplate?: Blob;
}

const INT8 = 20;
// How long a request waits for a new connection before it is answered 503 (a host that drops packets would
// otherwise hold it for the operating system's TCP timeout, minutes).
const CONNECT_TIMEOUT_MS = 5_000;
const NUMERIC = 1700;
const MAX_RECONNECT_PAUSE_S = 1;
const JSON_OID = 114;
const JSONB_OID = 3802;
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/u;

// Counts and bigint counters stay far below 2^53, so numbers are safe and simpler than strings.
const parseNumber = (value: string): number => Number(value);

/** Opens PostgreSQL (when `url` is set) or PGlite, with int8 and numeric read as JS numbers. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.schema !== undefined && !SCHEMA_NAME.test(options.schema)) {
    throw new Error(`invalid schema name "${options.schema}": use lowercase letters, digits and _`);
  }
  return options.url ? openPostgres(options.url, options) : openPglite(options);
}

function logger(onQuery: DatabaseOptions['onQuery']): ((event: LogEvent) => void) | undefined {
  // Failed statements were executed too, so both event levels count.
  return onQuery ? (event) => onQuery(event.query.sql) : undefined;
}

function kyselyConfig(dialect: Dialect, onQuery: DatabaseOptions['onQuery']): KyselyConfig {
  const log = logger(onQuery);
  return log ? { dialect, log } : { dialect };
}

function createKysely(dialect: Dialect, onQuery: DatabaseOptions['onQuery']): Kysely<Schema> {
  return new Kysely<Schema>(kyselyConfig(dialect, onQuery));
}

async function openPostgres(url: string, options: DatabaseOptions): Promise<Database> {
  const client = postgres(url, {
    max: POOL_SIZE,
    connect_timeout: CONNECT_TIMEOUT_MS / 1000,
    // While no connection can be made, statements fail at once (503) and the pool tries again after a pause that
    // grows with each failed attempt: here to at most a second, not the driver's 20 s, so the service is back within
    // a second of the database.
    backoff: (attempt: number) => Math.min(0.05 * 2 ** attempt, MAX_RECONNECT_PAUSE_S),
    // Startup parameters reach every connection without an extra statement: the schema, and the name of the
    // service's sessions in pg_stat_activity (an application_name in the URL takes precedence).
    connection: { application_name: 'place-notes', ...(options.schema ? { search_path: options.schema } : {}) },
    types: {
      int8: { to: INT8, from: [INT8], serialize: String, parse: parseNumber },
      numeric: { to: NUMERIC, from: [NUMERIC], serialize: String, parse: parseNumber },
      // A text given for a json parameter is the JSON itself (the statements bind JSON.stringify's answers).
      json: {
        to: JSON_OID, from: [JSON_OID, JSONB_OID],
        serialize: (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value)),
        parse: (raw: string) => JSON.parse(raw) as unknown,
      },
    },
    transform: { undefined: null },
    // PostgreSQL's notices (a schema that already exists) are not the service's to print.
    onnotice: () => {},
  });
  if (options.schema) {
    await client.unsafe(`create schema if not exists "${options.schema}"`).catch(async (error: unknown) => {
      await client.end();
      throw error;
    });
  }
  const pool = new PreparingPool(client);
  const dialect = new PinnableDialect(new UnavailableWhenDisconnected(new PostgresDialect({ pool })));
  const kysely = new PooledKysely(kyselyConfig(dialect, options.onQuery), pool, options.onQuery);
  const notifications = new PostgresNotifications({
    connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, application_name: 'place-notes',
  });
  return {
    kysely,
    kind: 'postgres',
    notifications,
    transactions: dialect,
    async close() {
      await notifications.close();
      try {
        if (options.schema && options.dropSchemaOnClose) await client.unsafe(`drop schema if exists "${options.schema}" cascade`);
      } finally {
        await kysely.destroy();
        // destroy() ends the pool only when Kysely has used it; ending it twice is harmless.
        await pool.end();
      }
    },
  };
}

/**
 * PostgreSQL settings of the embedded database (docs/operations.md, Memory). PGlite's cluster is made by initdb with
 * PostgreSQL's defaults, and its shared_buffers of 128 MB are all touched at start: 113 MB of the server's resident
 * memory, before a single row is read. 32 MB holds the whole database of a small instance (a fresh one is 40 MB on
 * disk, mostly catalogs and WAL); what does not fit is read again through the operating system's page cache. wal_buffers
 * follows (1/32 of it). Given at every start, they hold for a data directory made before them too.
 */
export const PGLITE_SETTINGS: readonly string[] = ['shared_buffers=32MB'];

async function openPglite(options: DatabaseOptions): Promise<Database> {
  // Imported here, not at the top: a server on PostgreSQL never loads PGlite's WebAssembly runtime.
  const { PGlite } = await import('@electric-sql/pglite');
  const startParams = [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((setting) => ['-c', setting])];
  const pgliteOptions = { parsers: { [INT8]: parseNumber, [NUMERIC]: parseNumber }, startParams };
  const dataDir = options.dataDir ? resolve(options.dataDir) : null;
  if (dataDir) await mkdir(dataDir, { recursive: true });
  if (dataDir && !existsSync(join(dataDir, 'PG_VERSION'))) await initdbInChild(dataDir, startParams);
  const pglite = dataDir
    ? await PGlite.create(dataDir, pgliteOptions)
    : await PGlite.create(options.pgliteTemplate ? { ...pgliteOptions, loadDataDir: options.pgliteTemplate } : pgliteOptions);
  if (options.schema) {
    // PGlite has one connection, so a session setting holds for every query.
    await pglite.exec(`create schema if not exists "${options.schema}"; set search_path to "${options.schema}"`)
      .catch(async (error: unknown) => {
        await pglite.close();
        throw error;
      });
  }
  const dialect = new PinnableDialect(new PGliteDialect({ pglite: yieldingBetweenQueries(pglite) }));
  const kysely = createKysely(dialect, options.onQuery);
  const notifications = new PgliteNotifications(pglite);
  return {
    kysely,
    kind: 'pglite',
    notifications,
    transactions: dialect,
    async close() {
      await notifications.close();
      await kysely.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}

/**
 * Makes a new cluster in `dataDir` in a child process that exits when it is done. PGlite runs initdb in a second
 * PGlite instance of its own, with a copy of that instance's whole memory and the new cluster as a tarball, and loads
 * the tarball into the first: 500–600 MB at the peak, which a process keeps as its high-water mark and much of as resident
 * memory. In a child all of it is returned to the system when the child exits, and this process opens the cluster as
 * it opens one made before (docs/operations.md, Memory). The child compiles PGlite's WebAssembly with V8's baseline
 * compiler only, as the server does (src/runtime/server-runtime.json): it runs for seconds, not long enough to gain
 * from optimised code, and optimising PostgreSQL's largest function takes 600 MB more.
 */
async function initdbInChild(dataDir: string, startParams: readonly string[]): Promise<void> {
  const script = [
    'const [entry, dataDir, options] = process.argv.slice(1);',
    'require(entry).PGlite.create(dataDir, JSON.parse(options)).then((pglite) => pglite.close()).then(',
    '  () => process.exit(0),',
    '  (error) => { process.stderr.write(String(error instanceof Error ? error.message : error)); process.exit(1); });',
  ].join('\n');
  const options = { startParams, initDbStartParams: PGLITE_SETTINGS.flatMap((setting) => ['-c', setting]) };
  const child = spawn(process.execPath, ['--liftoff-only', '-e', script, require.resolve('@electric-sql/pglite'), dataDir, JSON.stringify(options)], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => { stderr = (stderr + chunk.toString()).slice(-4_000); });
  const { code, signal } = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done, fail) => {
    child.on('error', fail);
    child.on('exit', (exitCode, exitSignal) => done({ code: exitCode, signal: exitSignal }));
  });
  if (code !== 0) throw new Error(`initializing the embedded database in ${dataDir} failed (${code ?? signal}): ${stderr.trim()}`);
}

/**
 * PGlite runs every query on this thread, and queries queued on its one connection would otherwise run back
 * to back (each starts in a microtask as the last ends): a probe or another request's bytes would wait for the
 * whole queue. A turn of the event loop before each query lets I/O in between them. A Proxy, because PGlite
 * keeps private fields: every other member is the instance's own, bound to it.
 */
function yieldingBetweenQueries<T extends { query: (...args: never[]) => Promise<unknown> }>(pglite: T): T {
  return new Proxy(pglite, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (property === 'query') {
        return async (...args: Parameters<T['query']>) => {
          await new Promise<void>((resolve) => setImmediate(resolve));
          return target.query(...args);
        };
      }
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

// Named prepared statements. The driver (postgres.js) prepares a statement once per connection (Parse, and
// Describe: it keeps the result's columns and their parsers), and from then on sends only Bind and Execute:
// PostgreSQL neither parses nor plans it again (after five executions it may keep a generic plan), and the
// driver does not read a row description again. It never forgets a statement while its connection lives (it
// replaces each connection after 30-60 minutes), so which texts are prepared is bounded here: only statements with
// parameters or reads and writes without any (never DDL, BEGIN or COMMIT) of a bounded size, and at most
// MAX_NAMED texts in all; any other statement goes unprepared, parsed and planned each time. The statements
// are a bounded set of shapes (values are bound), so the bound is reached only by shapes that vary with their
// input (an IN list of n values). A pool works in one schema (search_path is a startup parameter of its
// connections), and PostgreSQL re-plans a prepared statement whose search_path or tables changed; one whose result
// columns changed (a migration run by another process while this one serves) fails with "cached plan must not
// change result type", and the driver prepares it afresh and runs it again.
const MAX_NAMED = 200;
const MAX_NAMED_TEXT = 16_000;
const MAX_NAMED_PARAMETERS = 100;
// A statement without parameters is prepared only when it reads or writes rows (the whole list's total, say).
const DATA_STATEMENT = /^\s*(select|with|insert|update|delete)\b/iu;
// Connections of the pool, as pg's pool had.
const POOL_SIZE = 10;

// What PostgreSQL's command tag says a statement changed rows with (Kysely reports their count, as numAffectedRows).
const ROW_CHANGING_COMMANDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

/**
 * Kysely over the pool, whose `executeQuery` of a statement compiled beforehand (the hot reads compile theirs once per
 * shape: the note read, the whole list, a note's comments and tags) runs it on the pool itself. Kysely's own path
 * takes a statement through its executor, connection provider, runtime driver (abort signals, logging), the
 * translating driver here and its PostgreSQL driver and connection: a dozen awaits and some 7 kB of objects a
 * statement, about a tenth of an anonymous note read's CPU (docs/benchmarks.md). This path does what they do for
 * such a statement: the same pool (so the same prepared statements), lost connections as `unavailable`, the statement
 * reported to `onQuery`. Builders, transactions and a statement given options still go through Kysely.
 */
class PooledKysely extends Kysely<Schema> {
  readonly #pool: PreparingPool;
  readonly #onQuery: DatabaseOptions['onQuery'];

  constructor(config: KyselyConfig, pool: PreparingPool, onQuery: DatabaseOptions['onQuery']) {
    super(config);
    this.#pool = pool;
    this.#onQuery = onQuery;
  }

  override executeQuery<R>(query: CompiledQuery<R> | Compilable<R>, options?: AbortableQueryOptions): Promise<QueryResult<R>> {
    // Inside a request transaction, Kysely's driver hands out the transaction's connection.
    if (options !== undefined || isCompilable(query) || pinnedConnection() !== undefined) return super.executeQuery(query, options);
    return this.#run(query);
  }

  async #run<R>(query: CompiledQuery<R>): Promise<QueryResult<R>> {
    try {
      const { command, rowCount, rows } = await this.#pool.query<R>(query.sql, query.parameters);
      // As Kysely's PostgreSQL connection answers.
      if (command === 'COMMIT' || command === 'ROLLBACK') return { rows: [{ command } as R] };
      return ROW_CHANGING_COMMANDS.has(command) ? { numAffectedRows: BigInt(rowCount ?? 0), rows } : { rows };
    } catch (error) {
      throw translated(error);
    } finally {
      // Failed statements were executed too (as the Kysely logger counts them).
      this.#onQuery?.(query.sql);
    }
  }
}

/** Which statement texts are prepared (see MAX_NAMED above). */
class PreparedTexts {
  readonly #texts = new Set<string>();

  prepares(sql: string, parameters: readonly unknown[]): boolean {
    if (this.#texts.has(sql)) return true;
    if (parameters.length > MAX_NAMED_PARAMETERS || sql.length > MAX_NAMED_TEXT) return false;
    if (parameters.length === 0 && !DATA_STATEMENT.test(sql)) return false;
    if (this.#texts.size >= MAX_NAMED) return false;
    this.#texts.add(sql);
    return true;
  }
}

type Runner = postgres.Sql | postgres.ReservedSql;

/** The pool as Kysely's PostgreSQL dialect takes one: each connection it asks for is one reserved from the driver's pool. */
class PreparingPool implements PostgresPool {
  readonly #prepared = new PreparedTexts();
  #ended: Promise<void> | undefined;
  constructor(private readonly sql: postgres.Sql) {}

  /** What Kysely reads from a pool's options (a pg pool's): nothing it needs here. */
  get options(): object {
    return {};
  }

  async connect(): Promise<PostgresPoolClient> {
    return new ReservedClient(await this.sql.reserve(), this.#prepared);
  }

  /** Runs one statement on whichever connection of the pool is free. */
  query<R>(sql: string, parameters: readonly unknown[]): Promise<PostgresQueryResult<R>> {
    return execute<R>(this.sql, this.#prepared, sql, parameters);
  }

  end(): Promise<void> {
    this.#ended ??= this.sql.end();
    return this.#ended;
  }
}

/** One reserved connection (a Kysely connection: a transaction, a `connection()`), given back on release. */
class ReservedClient implements PostgresPoolClient {
  constructor(private readonly sql: postgres.ReservedSql, private readonly prepared: PreparedTexts) {}

  release() {
    this.sql.release();
  }

  query<R>(sql: string, parameters: readonly unknown[]): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(sql: string | PostgresCursor<R>, parameters: readonly unknown[] = []): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    // Kysely passes a cursor only when its dialect is given a cursor class, which this one is not.
    if (typeof sql !== 'string') throw new Error('streaming is not configured');
    return execute<R>(this.sql, this.prepared, sql, parameters);
  }
}

async function execute<R>(runner: Runner, prepared: PreparedTexts, sql: string, parameters: readonly unknown[]): Promise<PostgresQueryResult<R>> {
  const prepare = prepared.prepares(sql, parameters);
  // A statement without parameters that is not prepared goes as a simple query, as pg sent one (which is how a
  // migration's several statements run as one).
  const result = await runner.unsafe(sql, parameters as postgres.ParameterOrJSON<never>[], {
    prepare, simple: !prepare && parameters.length === 0,
  });
  return { command: result.command as PostgresQueryResult<R>['command'], rowCount: result.count, rows: result as unknown as R[] };
}

// SQLSTATEs of a lost or refused connection: admin_shutdown, crash_shutdown, cannot_connect_now,
// too_many_connections; class 08 (connection exceptions) is matched by its prefix.
const LOST_CONNECTION_CODES = new Set([
  '57P01', '57P02', '57P03', '53300',
  // postgres.js: the socket closed under a query, the pool was ended or destroyed, no connection in time.
  'CONNECTION_CLOSED', 'CONNECTION_ENDED', 'CONNECTION_DESTROYED', 'CONNECT_TIMEOUT',
  'ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN',
]);
// What pg (the notifications' connection) says when the socket ends under a query, on a client that already lost it,
// or when no connection comes.
const LOST_CONNECTION_MESSAGE = /^Connection terminated|is not queryable|^timeout exceeded when trying to connect/u;

/** Whether an error means the database cannot be reached right now, rather than that a statement is wrong. */
export function isConnectionLoss(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message, errors } = error as { code?: unknown; message?: unknown; errors?: unknown };
  if (typeof code === 'string' && (LOST_CONNECTION_CODES.has(code) || code.startsWith('08'))) return true;
  if (typeof message === 'string' && LOST_CONNECTION_MESSAGE.test(message)) return true;
  // Node reports a connection refused on every address of a host as an AggregateError.
  return Array.isArray(errors) && errors.some(isConnectionLoss);
}

/** A lost connection as the application's `unavailable` (503, Retry-After); any other error as it is. */
function translated(error: unknown): unknown {
  if (!isConnectionLoss(error)) return error;
  const unavailable = new DomainError('unavailable', 'the database is unavailable; try again in a few seconds');
  unavailable.cause = error;
  return unavailable;
}

async function translating<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw translated(error);
  }
}

/**
 * The persistence edge for losing PostgreSQL: every statement, connection and transaction step runs through
 * here, so a dropped or refused connection reaches the use cases, whatever the repository, as one DomainError.
 */
class UnavailableWhenDisconnected implements Dialect {
  constructor(private readonly inner: Dialect) {}
  createDriver(): Driver {
    return new TranslatingDriver(this.inner.createDriver());
  }
  createQueryCompiler() {
    return this.inner.createQueryCompiler();
  }
  createAdapter() {
    return this.inner.createAdapter();
  }
  createIntrospector(db: Kysely<never>) {
    return this.inner.createIntrospector(db);
  }
}

class TranslatingConnection implements DatabaseConnection {
  constructor(readonly inner: DatabaseConnection) {}
  executeQuery<R>(...args: Parameters<DatabaseConnection['executeQuery']>) {
    return translating(() => this.inner.executeQuery<R>(...args));
  }
  async *streamQuery<R>(...args: Parameters<DatabaseConnection['streamQuery']>) {
    try {
      yield* this.inner.streamQuery<R>(...args);
    } catch (error) {
      throw translated(error);
    }
  }
}

const innerOf = (connection: DatabaseConnection) => (connection instanceof TranslatingConnection ? connection.inner : connection);

class TranslatingDriver implements Driver {
  constructor(private readonly inner: Driver) {}
  init(...args: Parameters<Driver['init']>) {
    return translating(() => this.inner.init(...args));
  }
  async acquireConnection(...args: Parameters<Driver['acquireConnection']>) {
    return new TranslatingConnection(await translating(() => this.inner.acquireConnection(...args)));
  }
  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    return translating(() => this.inner.beginTransaction(innerOf(connection), settings));
  }
  commitTransaction(connection: DatabaseConnection) {
    return translating(() => this.inner.commitTransaction(innerOf(connection)));
  }
  rollbackTransaction(connection: DatabaseConnection) {
    return translating(() => this.inner.rollbackTransaction(innerOf(connection)));
  }
  savepoint(connection: DatabaseConnection, ...rest: SavepointArgs) {
    return translating(() => savepointStep(this.inner, 'savepoint')(innerOf(connection), ...rest));
  }
  rollbackToSavepoint(connection: DatabaseConnection, ...rest: SavepointArgs) {
    return translating(() => savepointStep(this.inner, 'rollbackToSavepoint')(innerOf(connection), ...rest));
  }
  releaseSavepoint(connection: DatabaseConnection, ...rest: SavepointArgs) {
    return translating(() => savepointStep(this.inner, 'releaseSavepoint')(innerOf(connection), ...rest));
  }
  releaseConnection(connection: DatabaseConnection, ...rest: DropFirst<Parameters<Driver['releaseConnection']>>) {
    return this.inner.releaseConnection(innerOf(connection), ...rest);
  }
  destroy(...args: Parameters<Driver['destroy']>) {
    return this.inner.destroy(...args);
  }
}

