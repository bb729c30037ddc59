import { AsyncLocalStorage } from 'node:async_hooks';
import {
  CompiledQuery,
  type DatabaseConnection, type Dialect, type DialectAdapter, type Driver, type Kysely, type QueryCompiler, type TransactionSettings,
} from 'kysely';
import { savepointStep, type DropFirst } from './driver-steps';

/**
 * One transaction that every statement of a piece of async work joins, however deep in the code it is made: a
 * request with an `Idempotency-Key` writes its changes and its kept answer in it, so they commit together or not at
 * all. Transactions begun inside it (a unit of work) become savepoints of it.
 */
export interface RequestTransaction {
  /** Runs `work`, and whatever it starts, with every statement inside this transaction; returns what it returns. */
  enter<T>(work: () => T): T;
  /** Whether it has neither committed nor rolled back yet. */
  readonly open: boolean;
  commit(): Promise<void>;
  rollback(): Promise<void>;
}

export interface RequestTransactions {
  /** Begins a transaction on a connection of its own, held until it commits or rolls back. */
  begin(): Promise<RequestTransaction>;
}

const current = new AsyncLocalStorage<Pinned>();

/** The request transaction the current async context runs in, while it is open. */
function openPin(): Pinned | undefined {
  const pin = current.getStore();
  return pin !== undefined && pin.open ? pin : undefined;
}

/** The connection of the open request transaction of this context, if any: for paths that bypass Kysely's driver. */
export function pinnedConnection(): DatabaseConnection | undefined {
  return openPin()?.connection;
}

class Pinned implements RequestTransaction {
  open = true;
  /** Savepoints of the transactions begun inside this one, innermost last. */
  readonly savepoints: string[] = [];
  #next = 0;

  constructor(readonly connection: DatabaseConnection, private readonly driver: PinnableDriver) {}

  nextSavepoint(): string {
    return `request_sp_${++this.#next}`;
  }

  enter<T>(work: () => T): T {
    return current.run(this, work);
  }

  commit(): Promise<void> {
    return this.#end((connection) => this.driver.inner.commitTransaction(connection));
  }

  rollback(): Promise<void> {
    return this.#end((connection) => this.driver.inner.rollbackTransaction(connection));
  }

  async #end(step: (connection: DatabaseConnection) => Promise<void>): Promise<void> {
    if (!this.open) throw new Error('this request transaction has ended');
    this.open = false;
    try {
      await step(this.connection);
    } finally {
      await this.driver.releasePinned(this.connection);
    }
  }
}

/**
 * The one connection of an embedded database, held by one user at a time. It is handed on after a turn of the event
 * loop: the embedded database runs on this thread, and I/O must get in between queued statements.
 */
class Lock {
  #held: Promise<void> | undefined;
  #free: (() => void) | undefined;
  async obtain(): Promise<void> {
    while (this.#held) await this.#held;
    this.#held = new Promise((resolve) => {
      this.#free = resolve;
    });
  }
  release(): void {
    const free = this.#free;
    this.#held = undefined;
    this.#free = undefined;
    if (free !== undefined) setImmediate(free);
  }
}

/**
 * Kysely's driver, except that inside a request transaction every connection asked for is that transaction's, and a
 * transaction begun on it is a savepoint. A database of one connection (PGlite) is locked here rather than by
 * Kysely, which would otherwise make a statement inside a request transaction wait for the transaction itself.
 */
class PinnableDriver implements Driver {
  readonly #lock: Lock | null;

  constructor(readonly inner: Driver, exclusive: boolean) {
    this.#lock = exclusive ? new Lock() : null;
  }

  init(...args: Parameters<Driver['init']>) {
    return this.inner.init(...args);
  }

  async acquireConnection(...args: Parameters<Driver['acquireConnection']>): Promise<DatabaseConnection> {
    const pin = openPin();
    if (pin !== undefined) return pin.connection;
    await this.#lock?.obtain();
    try {
      return await this.inner.acquireConnection(...args);
    } catch (error) {
      this.#lock?.release();
      throw error;
    }
  }

  async releaseConnection(connection: DatabaseConnection, ...rest: DropFirst<Parameters<Driver['releaseConnection']>>) {
    if (openPin()?.connection === connection) return;
    try {
      await this.inner.releaseConnection(connection, ...rest);
    } finally {
      this.#lock?.release();
    }
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    const pin = pinOf(connection);
    if (pin === undefined) return this.inner.beginTransaction(connection, settings);
    const name = pin.nextSavepoint();
    pin.savepoints.push(name);
    return run(connection, `savepoint ${name}`);
  }

  commitTransaction(connection: DatabaseConnection) {
    const pin = pinOf(connection);
    if (pin === undefined) return this.inner.commitTransaction(connection);
    return run(connection, `release savepoint ${innermost(pin)}`);
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    const pin = pinOf(connection);
    if (pin === undefined) return this.inner.rollbackTransaction(connection);
    const name = innermost(pin);
    await run(connection, `rollback to savepoint ${name}`);
    await run(connection, `release savepoint ${name}`);
  }

  savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    return savepointStep(this.inner, 'savepoint')(connection, name, compile);
  }

  rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    return savepointStep(this.inner, 'rollbackToSavepoint')(connection, name, compile);
  }

  releaseSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    return savepointStep(this.inner, 'releaseSavepoint')(connection, name, compile);
  }

  destroy(...args: Parameters<Driver['destroy']>) {
    return this.inner.destroy(...args);
  }

  /** A connection of its own in a begun transaction, for a request transaction. */
  async pin(): Promise<Pinned> {
    await this.#lock?.obtain();
    let connection: DatabaseConnection | undefined;
    try {
      connection = await this.inner.acquireConnection();
      await this.inner.beginTransaction(connection, {});
      return new Pinned(connection, this);
    } catch (error) {
      if (connection !== undefined) await this.inner.releaseConnection(connection).catch(() => {});
      this.#lock?.release();
      throw error;
    }
  }

  async releasePinned(connection: DatabaseConnection): Promise<void> {
    try {
      await this.inner.releaseConnection(connection);
    } finally {
      this.#lock?.release();
    }
  }
}

function pinOf(connection: DatabaseConnection): Pinned | undefined {
  const pin = openPin();
  return pin?.connection === connection ? pin : undefined;
}

function innermost(pin: Pinned): string {
  const name = pin.savepoints.pop();
  if (name === undefined) throw new Error('no transaction was begun inside this request transaction');
  return name;
}

async function run(connection: DatabaseConnection, statement: string): Promise<void> {
  await connection.executeQuery(CompiledQuery.raw(statement));
}

/**
 * Wraps a dialect so that its Kysely can run request transactions (see PinnableDriver). `transactions` is usable once
 * the Kysely built on this dialect has created its driver (at construction).
 */
export class PinnableDialect implements Dialect, RequestTransactions {
  #driver: PinnableDriver | null = null;

  constructor(private readonly inner: Dialect) {}

  createDriver(): Driver {
    const adapter = this.inner.createAdapter();
    this.#driver = new PinnableDriver(this.inner.createDriver(), adapter.supportsMultipleConnections === false);
    return this.#driver;
  }

  createQueryCompiler() {
    return this.inner.createQueryCompiler();
  }

  createAdapter(): DialectAdapter {
    return new ManyConnections(this.inner.createAdapter());
  }

  createIntrospector(db: Kysely<never>) {
    return this.inner.createIntrospector(db);
  }

  begin(): Promise<RequestTransaction> {
    if (this.#driver === null) throw new Error('no Kysely was built on this dialect');
    return this.#driver.pin();
  }
}

/** The inner adapter, telling Kysely not to lock a one-connection database itself (PinnableDriver does). */
class ManyConnections implements DialectAdapter {
  constructor(private readonly inner: DialectAdapter) {}
  get supportsCreateIfNotExists() {
    return this.inner.supportsCreateIfNotExists;
  }
  get supportsTransactionalDdl() {
    return this.inner.supportsTransactionalDdl;
  }
  get supportsReturning() {
    return this.inner.supportsReturning;
  }
  get supportsOutput() {
    return this.inner.supportsOutput;
  }
  get supportsMultipleConnections() {
    return true;
  }
  acquireMigrationLock(...args: Parameters<DialectAdapter['acquireMigrationLock']>) {
    return this.inner.acquireMigrationLock(...args);
  }
  releaseMigrationLock(...args: Parameters<DialectAdapter['releaseMigrationLock']>) {
    return this.inner.releaseMigrationLock(...args);
  }
}
