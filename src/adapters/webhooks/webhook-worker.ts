import type { DueDelivery } from '../../application/ports/webhook-store';
import { type DispatchWebhookEvents } from '../../application/webhooks/dispatch-webhook-events';
import { type DeliverWebhooks, type PurgeWebhookEvents } from '../../application/webhooks/deliver-webhooks';
import { type EndLapsedWebhooks } from '../../application/webhooks/end-lapsed-webhooks';
import { restAfter, WorkLoop, type TurnResult } from '../worker-kit/work-loop';

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
 * Delivers webhooks from the server process (docs/events.md), on the loop the mail worker shares (`WorkLoop`): woken
 * by each new event (LISTEN/NOTIFY, from any instance) and every `pollMs`, it fans events out and keeps up to
 * `maxInFlight` attempts going, each on its own, so a slow receiver holds one slot and never the others, nor a
 * request: every turn yields to the event loop first, and rests after its work (`restRatio`), so a burst of events
 * is delivered beside the requests, not instead of them.
 */
export class WebhookWorker {
  readonly #parts: WebhookWorkerParts;
  readonly #maxInFlight: number;
  readonly #restRatio: number;
  readonly #maxLoopUtilization: number;
  readonly #busyRequestsPerSecond: number;
  readonly #requestsSeen: () => number;
  #loop = performance.eventLoopUtilization();
  #requestsAtWindow = 0;
  #loopBusy = false;
  /** Turns skipped in a row for a busy server. */
  #paused = 0;
  readonly #onError: (error: unknown, what: string) => void;
  readonly #work: WorkLoop;
  #unsubscribe: (() => void) | null = null;

  constructor(parts: WebhookWorkerParts, options: WebhookWorkerOptions) {
    this.#parts = parts;
    this.#maxInFlight = options.maxInFlight ?? 16;
    this.#restRatio = options.restRatio ?? 3;
    this.#maxLoopUtilization = options.maxLoopUtilization ?? 0.5;
    this.#busyRequestsPerSecond = options.busyRequestsPerSecond ?? 200;
    this.#requestsSeen = options.requestsSeen ?? (() => Number.NaN);
    this.#onError = options.onError;
    this.#work = new WorkLoop({
      turn: () => this.#turn(),
      every: [
        { ms: PURGE_EVERY_MS, run: () => parts.purge.execute(), failed: 'purging old webhook events failed' },
        { ms: END_LAPSED_EVERY_MS, run: () => parts.endLapsed.execute(), failed: 'ending lapsed webhook subscriptions failed' },
      ],
      pollMs: options.pollMs ?? 1_000,
      onError: options.onError,
      turnFailed: 'webhook work failed; it is tried again shortly',
    });
  }

  start(): void {
    this.#unsubscribe = this.#parts.dispatch.onEvent(() => this.kick());
    this.#parts.endLapsed.execute().catch((error: unknown) => this.#onError(error, 'ending lapsed webhook subscriptions failed'));
    this.#work.start();
  }

  /** Looks for work now (or right after the turn under way). */
  kick(): void {
    this.#work.kick();
  }

  /** Until nothing is left to do now: resolves when the outbox is fanned out and no attempt is under way. */
  idle(): Promise<void> {
    return this.#work.idle();
  }

  /**
   * Stops taking work and waits up to `graceMs` for the attempts under way. One still running then keeps its lease,
   * and is attempted again (by any instance) when the lease ends: delivery is at least once.
   */
  async stop(graceMs = 2_000): Promise<void> {
    this.#unsubscribe?.();
    await this.#work.stop(graceMs);
  }

  async #turn(): Promise<TurnResult> {
    // Requests first; but one turn every BUSY_PAUSES pauses whatever the load, so deliveries never stop.
    const busy = this.#busy();
    if (busy && this.#paused < BUSY_PAUSES) {
      this.#paused += 1;
      return BUSY_PAUSE_MS;
    }
    this.#paused = 0;
    const began = performance.now();
    // Deliveries due first; events are fanned out (a row per subscription) only when no more are due, so a
    // backlog waits as one row per event in the outbox rather than as rows per subscription.
    const free = this.#maxInFlight - this.#work.inFlight;
    const claimed = free > 0 ? await this.#parts.deliver.claim(free) : [];
    for (const delivery of claimed) this.#start(delivery);
    // A busy server's turn fans out one event only (its rows per subscription are the heaviest write here).
    const events = busy ? 1 : EVENTS_PER_TURN;
    const fannedOut = claimed.length < free && !this.#work.stopped ? await this.#parts.dispatch.execute(events) : 0;
    if (fannedOut === 0 && claimed.length === 0) return null;
    return restAfter(began, this.#restRatio);
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
    this.#work.track(this.#parts.deliver.attempt(delivery)
      .catch((error: unknown) => this.#onError(error, 'a webhook delivery could not be recorded; it is attempted again when its lease ends')));
  }
}
