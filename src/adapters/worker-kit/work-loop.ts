import { setTimeout as sleep, setImmediate as yieldToEvents } from 'node:timers/promises';

/** What one turn of a worker answers: `null` when nothing more is due now, else how long to rest before the next turn. */
export type TurnResult = number | null;

export interface WorkLoopOptions {
  /** Claims what is due and starts it (through `track`); answers whether to turn again and after how long. */
  turn(): Promise<TurnResult>;
  /** Things to do every so often beside the turns (purges, sweeps), each with its period and what to log on failure. */
  every?: readonly { ms: number; run(): Promise<unknown>; failed: string }[];
  /** How often to turn without being kicked (retries falling due, other instances' work). */
  pollMs: number;
  onError(error: unknown, what: string): void;
  /** What to log when a turn fails (it is tried again at the next kick or poll). */
  turnFailed: string;
}

/**
 * The loop the server's background workers share (mail, webhooks): turns run one at a time, woken every `pollMs` and
 * by `kick`; each yields to the event loop first; the attempts a turn starts run on their own (`track`), so a slow
 * receiver holds one slot, never a request, and each one's end kicks the loop for more.
 */
export class WorkLoop {
  readonly #options: WorkLoopOptions;
  readonly #inFlight = new Set<Promise<void>>();
  #turn: Promise<void> | null = null;
  #again = false;
  #stopped = false;
  #timers: NodeJS.Timeout[] = [];

  constructor(options: WorkLoopOptions) {
    this.#options = options;
  }

  /** Attempts under way. */
  get inFlight(): number {
    return this.#inFlight.size;
  }

  get stopped(): boolean {
    return this.#stopped;
  }

  start(): void {
    const { onError } = this.#options;
    const timers = [setInterval(() => this.kick(), this.#options.pollMs)];
    for (const job of this.#options.every ?? []) {
      timers.push(setInterval(() => { job.run().catch((error: unknown) => onError(error, job.failed)); }, job.ms));
    }
    for (const timer of timers) timer.unref();
    this.#timers = timers;
    this.kick();
  }

  /** Looks for work now (or right after the turn under way). */
  kick(): void {
    if (this.#stopped) return;
    if (this.#turn !== null) {
      this.#again = true;
      return;
    }
    this.#turn = this.#work().finally(() => {
      this.#turn = null;
      if (this.#again) {
        this.#again = false;
        this.kick();
      }
    });
  }

  /** Runs an attempt on its own; its end (whatever it was) kicks the loop. It must not reject. */
  track(attempt: Promise<void>): void {
    const tracked: Promise<void> = attempt.finally(() => {
      this.#inFlight.delete(tracked);
      this.kick();
    });
    this.#inFlight.add(tracked);
  }

  /** Resolves when nothing due is left and no attempt is under way. */
  async idle(): Promise<void> {
    while (this.#turn !== null || this.#inFlight.size > 0 || this.#again) {
      await Promise.all([this.#turn, ...this.#inFlight]);
      await yieldToEvents();
    }
  }

  /**
   * Stops taking work and waits up to `graceMs` for the attempts under way; one still running keeps its lease and is
   * attempted again (by any instance) when the lease ends.
   */
  async stop(graceMs: number): Promise<void> {
    this.#stopped = true;
    for (const timer of this.#timers) clearInterval(timer);
    let timer: NodeJS.Timeout | undefined;
    const grace = new Promise<void>((resolve) => { timer = setTimeout(resolve, graceMs); });
    await Promise.race([Promise.all([this.#turn, ...this.#inFlight]), grace]);
    clearTimeout(timer);
  }

  async #work(): Promise<void> {
    try {
      for (;;) {
        await yieldToEvents();
        if (this.#stopped) return;
        const rest = await this.#options.turn();
        if (rest === null) return;
        if (rest >= 1) await sleep(rest);
      }
    } catch (error) {
      this.#options.onError(error, this.#options.turnFailed);
    }
  }
}

/** The rest after a turn that began at `began` (`performance.now()`): `ratio` times as long as it took. */
export function restAfter(began: number, ratio: number): number {
  return (performance.now() - began) * ratio;
}
