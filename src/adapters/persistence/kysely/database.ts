import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect, type Dialect, type LogEvent } from 'kysely';
import pg from 'pg';
import { portToken } from '../../../application/ports/port-token';
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
  });
  // Without a listener, an idle connection that drops (a server restart) would crash the process;
  // the pool discards it and the next query connects afresh, and the readiness probe reports an outage.
  pool.on('error', () => {});
  if (options.schema) {
    await pool.query(`create schema if not exists "${options.schema}"`).catch(async (error: unknown) => {
      await pool.end();
      throw error;
    });
  }
  const kysely = createKysely(new PostgresDialect({ pool }), options.onQuery);
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
