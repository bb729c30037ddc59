import { setTimeout as sleep, setImmediate as yieldToEvents } from 'node:timers/promises';
import type { QueuedMail } from '../../application/ports/mail-outbox';
import type { MailAttempt, SendQueuedMail } from '../../application/mail/send-queued-mail';

export interface MailWorkerOptions {
  /** How often it looks for due mail (new mail, retries falling due, other instances' mail). */
  pollMs?: number;
  /** At most this many mails in flight at once, each on its own: a slow mail server holds these slots, never a request. */
  maxInFlight?: number;
  /** Rest this many times as long as a turn of claiming took, as the webhook worker does. */
  restRatio?: number;
  /** Each attempt, for the log: a mail written to a file logs its links at info. */
  onAttempt(attempt: MailAttempt): void;
  onError(error: unknown, what: string): void;
}

const PURGE_EVERY_MS = 3_600_000;
const PREPARED_PER_TURN = 10;

/**
 * Sends queued mail from the server process, beside the webhook worker and in the same shape: woken every `pollMs`
 * (and by `kick`), each turn yields to the event loop first, turns waiting password reset requests into mails, claims
 * what is due (SKIP LOCKED in the database, so each mail goes out from one instance) and starts an attempt per mail
 * without waiting for it, up to `maxInFlight`.
 */
export class MailWorker {
  readonly #send: SendQueuedMail;
  readonly #pollMs: number;
  readonly #maxInFlight: number;
  readonly #restRatio: number;
  readonly #onAttempt: (attempt: MailAttempt) => void;
  readonly #onError: (error: unknown, what: string) => void;
  readonly #inFlight = new Set<Promise<void>>();
  #turn: Promise<void> | null = null;
  #again = false;
  #stopped = false;
  #timers: NodeJS.Timeout[] = [];

  constructor(send: SendQueuedMail, options: MailWorkerOptions) {
    this.#send = send;
    this.#pollMs = options.pollMs ?? 2_000;
    this.#maxInFlight = options.maxInFlight ?? 4;
    this.#restRatio = options.restRatio ?? 3;
    this.#onAttempt = options.onAttempt;
    this.#onError = options.onError;
  }

  start(): void {
    const poll = setInterval(() => this.kick(), this.#pollMs);
    const purge = setInterval(() => {
      this.#send.purge().catch((error: unknown) => this.#onError(error, 'purging old mail failed'));
    }, PURGE_EVERY_MS);
    poll.unref();
    purge.unref();
    this.#timers = [poll, purge];
    this.kick();
  }

  /** Looks for due mail now (or right after the turn under way). */
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

  /** Resolves when nothing due is left and no attempt is under way. */
  async idle(): Promise<void> {
    while (this.#turn !== null || this.#inFlight.size > 0 || this.#again) {
      await Promise.all([this.#turn, ...this.#inFlight]);
      await yieldToEvents();
    }
  }

  /**
   * Stops taking mail and waits up to `graceMs` for the attempts under way; one still running keeps its lease and is
   * tried again (by any instance) when the lease ends. Then lets go of the sender's connections.
   */
  async stop(graceMs = 2_000): Promise<void> {
    this.#stopped = true;
    for (const timer of this.#timers) clearInterval(timer);
    let timer: NodeJS.Timeout | undefined;
    const grace = new Promise<void>((resolve) => { timer = setTimeout(resolve, graceMs); });
    await Promise.race([Promise.all([this.#turn, ...this.#inFlight]), grace]);
    clearTimeout(timer);
    await this.#send.close().catch((error: unknown) => this.#onError(error, 'closing the mail sender failed'));
  }

  async #work(): Promise<void> {
    try {
      for (;;) {
        await yieldToEvents();
        if (this.#stopped) return;
        const began = performance.now();
        // Reset requests become mails first (a few a turn), then due mails go out.
        const prepared = await this.#send.prepare(PREPARED_PER_TURN);
        const free = this.#maxInFlight - this.#inFlight.size;
        const claimed = free > 0 ? await this.#send.claim(free) : [];
        for (const mail of claimed) this.#start(mail);
        if (prepared < PREPARED_PER_TURN && (free <= 0 || claimed.length < free)) return;
        const rest = (performance.now() - began) * this.#restRatio;
        if (rest >= 1) await sleep(rest);
      }
    } catch (error) {
      this.#onError(error, 'looking for mail to send failed; it is tried again shortly');
    }
  }

  #start(mail: QueuedMail): void {
    const attempt: Promise<void> = this.#send.attempt(mail)
      .then((outcome) => this.#onAttempt(outcome))
      .catch((error: unknown) => this.#onError(error, 'a mail attempt could not be recorded; it is tried again when its lease ends'))
      .finally(() => {
        this.#inFlight.delete(attempt);
        this.kick();
      });
    this.#inFlight.add(attempt);
  }
}

/** The links in a mail's text (logged when mail goes to files, so one machine without SMTP can still follow them). */
export function linksIn(text: string): string[] {
  return text.split(/\s+/u).filter((word) => /^https?:\/\//u.test(word));
}
