import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import {
  Kysely, PGliteDialect, PostgresDialect,
  type DatabaseConnection, type Dialect, type Driver, type LogEvent, type TransactionSettings,
} from 'kysely';
import pg from 'pg';
import { portToken } from '../../../application/ports/port-token';
import { DomainError } from '../../../domain/domain-error';
import type { Schema } from './schema';

/** The tsyringe token of the Kysely<Schema> instance every repository and read model uses. */
export const KYSELY = portToken<Kysely<Schema>>('Kysely');

/** An open database: the query builder, which engine is behind it, and how to let it go. */
export interface Database {
  kysely: Kysely<Schema>;
  kind: 'postgres' | 'pglite';
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

function createKysely(dialect: Dialect, onQuery: DatabaseOptions['onQuery']): Kysely<Schema> {
  const log = logger(onQuery);
  return new Kysely<Schema>(log ? { dialect, log } : { dialect });
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
  const kysely = createKysely(new UnavailableWhenDisconnected(new PostgresDialect({ pool })), options.onQuery);
  return {
    kysely,
    kind: 'postgres',
    async close() {
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

async function openPglite(options: DatabaseOptions): Promise<Database> {
  const pgliteOptions = { parsers: { [INT8]: parseNumber, [NUMERIC]: parseNumber } };
  let pglite: PGlite;
  if (options.dataDir) {
    const dataDir = resolve(options.dataDir);
    await mkdir(dataDir, { recursive: true });
    pglite = await PGlite.create(dataDir, pgliteOptions);
  } else {
    pglite = await PGlite.create(pgliteOptions);
  }
  if (options.schema) {
    // PGlite has one connection, so a session setting holds for every query.
    await pglite.exec(`create schema if not exists "${options.schema}"; set search_path to "${options.schema}"`)
      .catch(async (error: unknown) => {
        await pglite.close();
        throw error;
      });
  }
  const kysely = createKysely(new PGliteDialect({ pglite }), options.onQuery);
  return {
    kysely,
    kind: 'pglite',
    async close() {
      await kysely.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
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
