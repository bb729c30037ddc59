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
import pg from 'pg';
import { portToken } from '../../../application/ports/port-token';
import { DomainError } from '../../../domain/domain-error';
import { DescribedOnceQuery, type ResultDescription } from './described-once-query';
import { PgliteNotifications, PostgresNotifications, type Notifications } from './notifications';
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
  const pool = new pg.Pool({
    connectionString: url,
    // Per pool, not pg's global parsers, so other pg users in the process are unaffected.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8 || oid === NUMERIC ? parseNumber : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
    // A startup parameter reaches every pooled connection without an extra statement.
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // Names the service's sessions in pg_stat_activity; an application_name in the URL takes precedence.
    application_name: 'place-notes',
  });
  // A connection that drops (a restart, a failover, pg_terminate_backend) emits 'error' on its client; without
  // a listener that would crash the process. The pool listens on idle clients only, so every client gets one
  // when it connects. The query running on it fails too and is answered 503 (`unavailable`, below); the pool
  // discards the broken client and the next query connects afresh.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  if (options.schema) {
    await pool.query(`create schema if not exists "${options.schema}"`).catch(async (error: unknown) => {
      await pool.end();
      throw error;
    });
  }
  const preparing = new PreparingPool(pool);
  const dialect = new PinnableDialect(new UnavailableWhenDisconnected(new PostgresDialect({ pool: preparing })));
  const kysely = new PooledKysely(kyselyConfig(dialect, options.onQuery), preparing, options.onQuery);
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
        if (options.schema && options.dropSchemaOnClose) await pool.query(`drop schema if exists "${options.schema}" cascade`);
      } finally {
        await kysely.destroy();
        // destroy() ends the pool only when Kysely has used it.
        if (!pool.ending) await pool.end();
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

// Named prepared statements. pg prepares a statement given a name once per connection (Parse), remembers the
// name on that connection, and from then on sends only Bind and Execute: PostgreSQL neither parses nor plans
// it again (after five executions it may keep a generic plan). pg never forgets a name by itself, so the
// names are bounded here, per connection: only statements with parameters or reads and writes without any
// (never DDL, BEGIN or COMMIT) of a bounded size, and at most MAX_NAMED of them; any other statement goes
// unnamed, parsed and planned each time as before. The statements are a bounded set of shapes (values are bound), so
// the bound is reached only by shapes that vary with their input (an IN list of n values). A name needs no
// schema in it: a pool works in one schema (search_path is a startup option of its connections), and
// PostgreSQL re-plans a prepared statement whose search_path or tables changed.
const MAX_NAMED = 200;
const MAX_NAMED_TEXT = 16_000;
const MAX_NAMED_PARAMETERS = 100;
// A statement without parameters is named only when it reads or writes rows (the whole list's total, say).
const DATA_STATEMENT = /^\s*(select|with|insert|update|delete)\b/iu;
// A named statement whose tables changed shape under it (a migration run by another process while this one
// serves) fails for good with this error: PostgreSQL re-plans it but will not change its result columns.
const RESULT_TYPE_CHANGED = /^cached plan must not change result type/u;

// What PostgreSQL's command tag says a statement changed rows with (Kysely reports their count, as numAffectedRows).
const ROW_CHANGING_COMMANDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

/**
 * Kysely over the pool, whose `executeQuery` of a statement compiled beforehand (the hot reads compile theirs once per
 * shape: the note read, the whole list, a note's comments and tags) runs it on a pooled connection itself. Kysely's own
 * path takes a statement through its executor, connection provider, runtime driver (abort signals, logging), the
 * translating driver here and its PostgreSQL driver and connection: a dozen awaits and some 7 kB of objects a
 * statement, about a tenth of an anonymous note read's CPU (docs/benchmarks.md). This path does what they do for
 * such a statement: a connection from the same pool (so the same named statements), lost connections as
 * `unavailable`, the statement reported to `onQuery`, the connection released. Builders, transactions and a statement
 * given options still go through Kysely.
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
    let client: PostgresPoolClient | undefined;
    try {
      client = await this.#pool.connect();
      const { command, rowCount, rows } = await client.query<R>(query.sql, query.parameters);
      // As Kysely's PostgreSQL connection answers.
      if (command === 'COMMIT' || command === 'ROLLBACK') return { rows: [{ command } as R] };
      return ROW_CHANGING_COMMANDS.has(command) ? { numAffectedRows: BigInt(rowCount ?? 0), rows } : { rows };
    } catch (error) {
      throw translated(error);
    } finally {
      client?.release();
      // Failed statements were executed too (as the Kysely logger counts them).
      this.#onQuery?.(query.sql);
    }
  }
}

/** Hands Kysely each pooled connection wrapped in a PreparingClient (the same wrapper for the same connection). */
class PreparingPool implements PostgresPool {
  readonly #wrappers = new WeakMap<pg.PoolClient, PreparingClient>();
  constructor(private readonly pool: pg.Pool) {}
  get options() {
    return this.pool.options;
  }
  async connect(): Promise<PostgresPoolClient> {
    const client = await this.pool.connect();
    let wrapper = this.#wrappers.get(client);
    if (wrapper === undefined) {
      wrapper = new PreparingClient(client);
      this.#wrappers.set(client, wrapper);
    }
    return wrapper;
  }
  end() {
    return this.pool.end();
  }
}

/**
 * A pooled connection that names the statements Kysely sends (see MAX_NAMED above). The names are a counter
 * per connection, looked up by the statement's text, so two texts never share one (pg refuses that).
 */
class PreparingClient implements PostgresPoolClient {
  readonly #names = new Map<string, string>();
  /** What each named statement returns, kept from its first run (DescribedOnceQuery). */
  readonly #described = new Map<string, ResultDescription>();
  #prepared = 0;
  constructor(private readonly client: pg.PoolClient) {}

  get processID(): number | undefined {
    return (this.client as { processID?: number }).processID;
  }

  release(destroy?: boolean) {
    this.client.release(destroy);
  }

  query<R>(sql: string, parameters: readonly unknown[]): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(sql: string | PostgresCursor<R>, parameters: readonly unknown[] = []): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    // A cursor (Kysely's streaming, not configured here) goes through as it is.
    if (typeof sql !== 'string') return this.client.query(sql as never) as PostgresCursor<R>;
    const name = this.#nameOf(sql, parameters);
    const values = [...parameters];
    if (name === undefined) return this.#run<R>(this.client.query(sql, values));
    return this.#named<R>(name, sql, values).catch((error: unknown) => {
      if (!RESULT_TYPE_CHANGED.test((error as Error | undefined)?.message ?? '')) throw error;
      // The old name stays broken on this connection: prepare the text afresh under a new one. Outside a
      // transaction the statement runs again at once; inside one, the transaction has failed already.
      this.#names.delete(sql);
      this.#described.delete(name);
      const renamed = this.#nameOf(sql, parameters);
      if (this.client.getTransactionStatus() !== 'I') throw error;
      return renamed === undefined ? this.#run<R>(this.client.query(sql, values)) : this.#named<R>(renamed, sql, values);
    });
  }

  #named<R>(name: string, text: string, values: unknown[]): Promise<PostgresQueryResult<R>> {
    return new Promise((resolve, reject) => {
      const query = new DescribedOnceQuery({ name, text, values }, this.#described, (error, result) => {
        if (error === undefined || error === null) resolve(result as unknown as PostgresQueryResult<R>);
        else reject(error);
      });
      this.client.query(query as unknown as pg.Submittable);
    });
  }

  #run<R>(result: Promise<pg.QueryResult>): Promise<PostgresQueryResult<R>> {
    return result as Promise<PostgresQueryResult<R>>;
  }

  #nameOf(sql: string, parameters: readonly unknown[]): string | undefined {
    const known = this.#names.get(sql);
    if (known !== undefined) return known;
    if (parameters.length > MAX_NAMED_PARAMETERS || sql.length > MAX_NAMED_TEXT) return undefined;
    if (parameters.length === 0 && !DATA_STATEMENT.test(sql)) return undefined;
    if (this.#prepared >= MAX_NAMED) return undefined;
    const name = `pn_${++this.#prepared}`;
    this.#names.set(sql, name);
    return name;
  }
}

// SQLSTATEs of a lost or refused connection: admin_shutdown, crash_shutdown, cannot_connect_now,
// too_many_connections; class 08 (connection exceptions) is matched by its prefix.
const LOST_CONNECTION_CODES = new Set([
  '57P01', '57P02', '57P03', '53300',
  'ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN',
]);
// What pg says when the socket ends under a query, on a client that already lost it, or when no connection comes.
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

type DropFirst<T extends unknown[]> = T extends [unknown, ...infer Rest] ? Rest : never;
type SavepointStep = NonNullable<Driver['savepoint']>;
type SavepointArgs = DropFirst<Parameters<SavepointStep>>;

function savepointStep(driver: Driver, name: 'savepoint' | 'rollbackToSavepoint' | 'releaseSavepoint'): SavepointStep {
  const step = driver[name];
  if (step === undefined) throw new Error('this database driver has no savepoints');
  return step.bind(driver);
}
