/** What `write` answers for an item its statement left out: the item goes again, in the next statement. */
export const AGAIN: unique symbol = Symbol('again');

export interface StatementBatchesOptions<I, R, O> {
  /**
   * Writes the items of one batch in one statement; answers what it got for each, by position (AGAIN for an item it
   * left out). Throwing fails the statement: a batch of several is then written again item by item.
   */
  write(items: readonly I[]): Promise<ReadonlyArray<R | typeof AGAIN>>;
  /** What an item's caller gets from its result; throwing fails that item alone. */
  settle(item: I, result: R): O;
  /** Items in one statement at most. */
  maxBatch: number;
  /** Statements an item may be left out of before it fails with `gaveUp`. */
  maxAttempts: number;
  gaveUp(item: I): Error;
}

interface Pending<I, O> {
  item: I;
  attempts: number;
  resolve(value: O): void;
  reject(error: unknown): void;
}

/**
 * Writes like a group commit: the first item goes at once in a statement of its own; items that come while it runs
 * wait, and the next statement writes all of them (up to `maxBatch`). One statement at a time: measured against two,
 * items wait a little longer but PostgreSQL and the server each spend less per item (docs/benchmarks.md). A lone
 * item costs what it did; under load the statement, its commit and the round trip are shared.
 *
 * A batch gives up its turn as soon as its statement is answered, and the next statement leaves before this batch's
 * callers are settled. The deferral matters: the driver (postgres.js) writes a statement to its socket in
 * `process.nextTick`, which Node runs only once the microtask queue is empty, and what the callers do next (their
 * routes' continuations, hooks and serialisation) is all microtasks. Settled at once, they kept the next statement
 * out of PostgreSQL until every answer was built; settled in `setImmediate`, after the pending microtasks and ticks,
 * they are built while PostgreSQL runs the next statement.
 *
 * A failed statement of several items is not the failure of each: every item of it is then written alone, and gets
 * its own answer.
 */
export class StatementBatches<I, R, O> {
  readonly #options: StatementBatchesOptions<I, R, O>;
  readonly #waiting: Pending<I, O>[] = [];
  #writing = false;

  constructor(options: StatementBatchesOptions<I, R, O>) {
    this.#options = options;
  }

  run(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.#waiting.push({ item, attempts: 0, resolve, reject });
      this.#next();
    });
  }

  /** Starts the next statement, unless one is running or nothing waits. */
  #next(): void {
    if (this.#writing || this.#waiting.length === 0) return;
    this.#writing = true;
    void this.#write(this.#waiting.splice(0, this.#options.maxBatch), true);
  }

  async #write(batch: Pending<I, O>[], holdsTurn: boolean): Promise<void> {
    let results: ReadonlyArray<R | typeof AGAIN> | undefined;
    let failure: unknown;
    try {
      results = await this.#options.write(batch.map((pending) => pending.item));
    } catch (error) {
      failure = error;
    }
    if (holdsTurn) {
      this.#writing = false;
      this.#next();
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    if (results === undefined) {
      if (batch.length === 1) {
        batch[0]?.reject(failure);
        return;
      }
      // Each alone, at once: whichever item made the statement fail fails alone.
      await Promise.all(batch.map((pending) => this.#write([pending], false)));
      return;
    }
    const again: Pending<I, O>[] = [];
    batch.forEach((pending, position) => {
      const result = position < results.length ? results[position] as R | typeof AGAIN : AGAIN;
      if (result === AGAIN) {
        pending.attempts += 1;
        if (pending.attempts >= this.#options.maxAttempts) pending.reject(this.#options.gaveUp(pending.item));
        else again.push(pending);
        return;
      }
      // Each caller settles on its own: a result that cannot be shaped fails its item alone, never the batch's others.
      try {
        pending.resolve(this.#options.settle(pending.item, result));
      } catch (error) {
        pending.reject(error);
      }
    });
    // First in the next statement (nothing happens when none waits or a statement is running).
    this.#waiting.unshift(...again);
    this.#next();
  }
}
