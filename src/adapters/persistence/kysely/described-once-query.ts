import { createRequire } from 'node:module';
import pg from 'pg';

/**
 * A named statement's result, as PostgreSQL described it the first time it ran on a connection: its columns,
 * the parser of each, and the empty row pg copies for each row. A prepared statement's result columns cannot change
 * under its name (PostgreSQL refuses with "cached plan must not change result type", and the statement is then
 * prepared afresh under a new name), so the description holds for as long as the name does.
 */
export interface ResultDescription {
  readonly fields: unknown[];
  readonly parsers: unknown[] | undefined;
  readonly emptyRow: Record<string, null> | null;
}

/** The parts of pg's connection that a query submits through (pg-cursor uses the same). */
interface ProtocolConnection {
  parse(message: { text: string; name: string; types?: unknown }): void;
  bind(message: { portal: string; statement: string; values: unknown[]; binary?: boolean; valueMapper: unknown }): void;
  execute(message: { portal: string; rows?: number }): void;
  sync(): void;
  submittedNamedStatements: Record<string, string>;
}

/** pg's Query, with the members this subclass uses (they are not in its published types). */
interface QueryInternals {
  text: string;
  name: string;
  values: unknown[];
  binary?: boolean;
  portal: string;
  _result: { fields: unknown[]; _parsers: unknown[] | undefined; _prebuiltEmptyResultObject: Record<string, null> | null };
  _accumulateRows: boolean;
  callback: unknown;
  hasBeenParsed(connection: ProtocolConnection): boolean;
  handleError(error: unknown, connection: ProtocolConnection): void;
  handleRowDescription(message: unknown): void;
  prepare(connection: ProtocolConnection): void;
}

const QueryBase = pg.Query as unknown as new (text: string, values: undefined, callback: (error: Error | undefined, result: pg.QueryResult) => void) => QueryInternals;
// pg's own mapper of JS values to Bind's parameters, as its Query and pg-cursor use it (not in its published types).
const { prepareValue } = createRequire(require.resolve('pg'))('./utils') as { prepareValue: unknown };

/**
 * A named statement that asks PostgreSQL to describe its result only the first time it runs on a connection.
 * pg sends Describe with every execution, and builds a parser per column from each answer's RowDescription
 * (about a tenth of a note read's CPU: the read returns some forty columns); after the first, this sends only
 * Bind, Execute and Sync, and parses the rows with the description kept in `described` (one map per connection).
 */
export class DescribedOnceQuery extends QueryBase {
  readonly #described: Map<string, ResultDescription>;

  constructor(config: { name: string; text: string; values: unknown[] }, described: Map<string, ResultDescription>,
    callback: (error: Error | undefined, result: pg.QueryResult) => void) {
    // From the text alone: pg copies a config object through its property descriptors, which cost a note read
    // about 2 % of its CPU; the constructor only copies these members in.
    super(config.text, undefined, callback);
    this.name = config.name;
    this.values = config.values;
    this.#described = described;
  }

  override handleRowDescription(message: unknown): void {
    super.handleRowDescription(message);
    const result = this._result;
    this.#described.set(this.name, { fields: result.fields, parsers: result._parsers, emptyRow: result._prebuiltEmptyResultObject });
  }

  override prepare(connection: ProtocolConnection): void {
    const known = this.#described.get(this.name);
    if (known === undefined || !this.hasBeenParsed(connection)) {
      super.prepare(connection);
      return;
    }
    // What pg's handleRowDescription would have set from the answer to Describe.
    this._result.fields = known.fields;
    this._result._parsers = known.parsers;
    this._result._prebuiltEmptyResultObject = known.emptyRow;
    this._accumulateRows = true;
    try {
      connection.bind({ portal: this.portal, statement: this.name, values: this.values, binary: this.binary, valueMapper: prepareValue });
    } catch (error) {
      // A value that cannot be sent: nothing of this query went out; it fails, and the connection stays usable.
      connection.sync();
      this.handleError(error, connection);
      return;
    }
    connection.execute({ portal: this.portal });
    connection.sync();
  }
}
