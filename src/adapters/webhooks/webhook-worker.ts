import { setTimeout as sleep, setImmediate as yieldToEvents } from 'node:timers/promises';
import type { DueDelivery } from '../../application/ports/webhook-store';
import { type DispatchWebhookEvents } from '../../application/webhooks/dispatch-webhook-events';
import { type DeliverWebhooks, type PurgeWebhookEvents } from '../../application/webhooks/deliver-webhooks';
import { type EndLapsedWebhooks } from '../../application/webhooks/end-lapsed-webhooks';

/** What the worker needs from the container: the four use cases. */
export interface WebhookWorkerParts {
  dispatch: DispatchWebhookEvents;
  deliver: DeliverWebhooks;
  purge: PurgeWebhookEvents;
  /** Deletes the subscriptions whose grant lapsed (tokens that expired, with no write to notice it). */
  endLapsed: EndLapsedWebhooks;
}

export interface WebhookWorkerOptions {
  /** How often it looks for due work without being woken (retries fall due; another instance's events). */
  pollMs?: number;
  /** At most this many attempts at once (each may last 10 s). */
  maxInFlight?: number;
  /**
   * After each turn of work, rest this many times as long as the turn took (3: the worker's own statements take at
   * most a quarter of the time), so requests keep the database and the event loop when both are busy.
   */
  restRatio?: number;
  /**
   * While the event loop was busier than this over the last tenth of a second (0.5: half the time) and requests came
   * in meanwhile, the worker takes one turn every half second only: requests come first, and deliveries use the time
   * they leave. With no request coming in, the worker's own work never holds it back.
   */
  maxLoopUtilization?: number;
  /**
   * While requests came in faster than this (per second) over the last tenth of a second, the worker is held back
   * as for a busy loop, however idle the loop: a server whose requests wait on the database has an idle loop, and
   * the database is what the worker's statements would take from them. 200 by default.
   */
  busyRequestsPerSecond?: number;
  /** How many requests the server has received so far (a count that only grows); without it, any busy loop counts. */
  requestsSeen?: () => number;
  onError(error: unknown, what: string): void;
}

const EVENTS_PER_TURN = 10;
const PURGE_EVERY_MS = 3_600_000;
/** How often subscriptions whose grant lapsed are looked for (deliveries check their grant themselves meanwhile). */
const END_LAPSED_EVERY_MS = 60_000;
const LOOP_WINDOW_MS = 100;
const BUSY_PAUSE_MS = 50;
const BUSY_PAUSES = 10;

/**
 * Whether the server is busy over a window: requests came in (NaN, no count given, counts as "they did": the loop
 * alone decides) and either kept the event loop busier than `maxLoopUtilization`, or came faster than
 * `busyRequestsPerSecond`, whatever the loop did (requests waiting on the database leave the loop idle).
 */
export function isBusy(window: { requests: number; ms: number; utilization: number }, limits: { maxLoopUtilization: number; busyRequestsPerSecond: number }): boolean {
  const serving = !(window.requests <= 0);
  if (!serving) return false;
  return window.utilization > limits.maxLoopUtilization || window.requests * 1000 >= limits.busyRequestsPerSecond * window.ms;
}

/**
 * Delivers webhooks from the server process (docs/events.md): woken by each new event (LISTEN/NOTIFY, from any
 * instance) and every `pollMs`, it fans events out and keeps up to `maxInFlight` attempts going, each on its own, so
 * a slow receiver holds one slot and never the others, nor a request: every turn yields to the event loop first, and
 * rests after its work (`restRatio`), so a burst of events is delivered beside the requests, not instead of them.
 */
export class WebhookWorker {
  readonly #parts: WebhookWorkerParts;
  readonly #pollMs: number;
  readonly #maxInFlight: number;
  readonly #restRatio: number;
  readonly #maxLoopUtilization: number;
  readonly #busyRequestsPerSecond: number;
  readonly #requestsSeen: () => number;
  #loop = performance.eventLoopUtilization();
  #requestsAtWindow = 0;
  #loopBusy = false;
  readonly #onError: (error: unknown, what: string) => void;
  readonly #inFlight = new Set<Promise<void>>();
  #turn: Promise<void> | null = null;
  #again = false;
  #stopped = false;
  #timers: NodeJS.Timeout[] = [];
  #unsubscribe: (() => void) | null = null;

  constructor(parts: WebhookWorkerParts, options: WebhookWorkerOptions) {
    this.#parts = parts;
    this.#pollMs = options.pollMs ?? 1_000;
    this.#maxInFlight = options.maxInFlight ?? 16;
    this.#restRatio = options.restRatio ?? 3;
    this.#maxLoopUtilization = options.maxLoopUtilization ?? 0.5;
    this.#busyRequestsPerSecond = options.busyRequestsPerSecond ?? 200;
    this.#requestsSeen = options.requestsSeen ?? (() => Number.NaN);
    this.#onError = options.onError;
  }

  start(): void {
    this.#unsubscribe = this.#parts.dispatch.onEvent(() => this.kick());
    const poll = setInterval(() => this.kick(), this.#pollMs);
    const purge = setInterval(() => {
      this.#parts.purge.execute().catch((error: unknown) => this.#onError(error, 'purging old webhook events failed'));
    }, PURGE_EVERY_MS);
    const endLapsed = () => {
      this.#parts.endLapsed.execute().catch((error: unknown) => this.#onError(error, 'ending lapsed webhook subscriptions failed'));
    };
    const sweep = setInterval(endLapsed, END_LAPSED_EVERY_MS);
    poll.unref();
    purge.unref();
    sweep.unref();
    this.#timers = [poll, purge, sweep];
    endLapsed();
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

  /** Until nothing is left to do now: resolves when the outbox is fanned out and no attempt is under way. */
  async idle(): Promise<void> {
    while (this.#turn !== null || this.#inFlight.size > 0 || this.#again) {
      await Promise.all([this.#turn, ...this.#inFlight]);
      await yieldToEvents();
    }
  }

  /**
   * Stops taking work and waits up to `graceMs` for the attempts under way. One still running then keeps its lease,
   * and is attempted again (by any instance) when the lease ends: delivery is at least once.
   */
  async stop(graceMs = 2_000): Promise<void> {
    this.#stopped = true;
    this.#unsubscribe?.();
    for (const timer of this.#timers) clearInterval(timer);
    let timer: NodeJS.Timeout | undefined;
    const grace = new Promise<void>((resolve) => { timer = setTimeout(resolve, graceMs); });
    await Promise.race([Promise.all([this.#turn, ...this.#inFlight]), grace]);
    clearTimeout(timer);
  }

  async #work(): Promise<void> {
    let paused = 0;
    try {
      for (;;) {
        await yieldToEvents();
        if (this.#stopped) return;
        // Requests first; but one turn every BUSY_PAUSES pauses whatever the load, so deliveries never stop.
        const busy = this.#busy();
        if (busy && paused < BUSY_PAUSES) {
          paused += 1;
          await sleep(BUSY_PAUSE_MS);
          continue;
        }
        paused = 0;
        const began = performance.now();
        // Deliveries due first; events are fanned out (a row per subscription) only when no more are due, so a
        // backlog waits as one row per event in the outbox rather than as rows per subscription.
        const free = this.#maxInFlight - this.#inFlight.size;
        const claimed = free > 0 ? await this.#parts.deliver.claim(free) : [];
        for (const delivery of claimed) this.#start(delivery);
        // A busy server's turn fans out one event only (its rows per subscription are the heaviest write here).
        const events = busy ? 1 : EVENTS_PER_TURN;
        const fannedOut = claimed.length < free && !this.#stopped ? await this.#parts.dispatch.execute(events) : 0;
        if (fannedOut === 0 && claimed.length === 0) return;
        const rest = (performance.now() - began) * this.#restRatio;
        if (rest >= 1) await sleep(rest);
      }
    } catch (error) {
      this.#onError(error, 'webhook work failed; it is tried again shortly');
    }
  }

  /** Whether the event loop was busier than allowed over the last window (measured afresh every 100 ms). */
  #busy(): boolean {
    const since = performance.eventLoopUtilization(this.#loop);
    if (since.idle + since.active >= LOOP_WINDOW_MS) {
      const requests = this.#requestsSeen();
      this.#loopBusy = isBusy({ requests: requests - this.#requestsAtWindow, ms: since.idle + since.active, utilization: since.utilization }, {
        maxLoopUtilization: this.#maxLoopUtilization, busyRequestsPerSecond: this.#busyRequestsPerSecond,
      });
      this.#requestsAtWindow = requests;
      this.#loop = performance.eventLoopUtilization();
    }
    return this.#loopBusy;
  }

  #start(delivery: DueDelivery): void {
    const attempt: Promise<void> = this.#parts.deliver.attempt(delivery)
      .catch((error: unknown) => this.#onError(error, 'a webhook delivery could not be recorded; it is attempted again when its lease ends'))
      .finally(() => {
        this.#inFlight.delete(attempt);
        this.kick();
      });
    this.#inFlight.add(attempt);
  }
}
