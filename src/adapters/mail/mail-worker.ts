import type { QueuedMail } from '../../application/ports/mail-outbox';
import type { MailAttempt, SendQueuedMail } from '../../application/mail/send-queued-mail';
import { restAfter, WorkLoop, type TurnResult } from '../worker-kit/work-loop';

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
 * Sends queued mail from the server process, beside the webhook worker and on the same loop (`WorkLoop`): each turn
 * turns waiting password reset requests into mails, claims what is due (SKIP LOCKED in the database, so each mail
 * goes out from one instance) and starts an attempt per mail without waiting for it, up to `maxInFlight`.
 */
export class MailWorker {
  readonly #send: SendQueuedMail;
  readonly #maxInFlight: number;
  readonly #restRatio: number;
  readonly #onAttempt: (attempt: MailAttempt) => void;
  readonly #onError: (error: unknown, what: string) => void;
  readonly #loop: WorkLoop;

  constructor(send: SendQueuedMail, options: MailWorkerOptions) {
    this.#send = send;
    this.#maxInFlight = options.maxInFlight ?? 4;
    this.#restRatio = options.restRatio ?? 3;
    this.#onAttempt = options.onAttempt;
    this.#onError = options.onError;
    this.#loop = new WorkLoop({
      turn: () => this.#turn(),
      every: [{ ms: PURGE_EVERY_MS, run: () => send.purge(), failed: 'purging old mail failed' }],
      pollMs: options.pollMs ?? 2_000,
      onError: options.onError,
      turnFailed: 'looking for mail to send failed; it is tried again shortly',
    });
  }

  start(): void {
    this.#loop.start();
  }

  /** Looks for due mail now (or right after the turn under way). */
  kick(): void {
    this.#loop.kick();
  }

  /** Resolves when nothing due is left and no attempt is under way. */
  idle(): Promise<void> {
    return this.#loop.idle();
  }

  /**
   * Stops taking mail and waits up to `graceMs` for the attempts under way; one still running keeps its lease and is
   * tried again (by any instance) when the lease ends. Then lets go of the sender's connections.
   */
  async stop(graceMs = 2_000): Promise<void> {
    await this.#loop.stop(graceMs);
    await this.#send.close().catch((error: unknown) => this.#onError(error, 'closing the mail sender failed'));
  }

  async #turn(): Promise<TurnResult> {
    const began = performance.now();
    // Reset requests become mails first (a few a turn), then due mails go out.
    const prepared = await this.#send.prepare(PREPARED_PER_TURN);
    const free = this.#maxInFlight - this.#loop.inFlight;
    const claimed = free > 0 ? await this.#send.claim(free) : [];
    for (const mail of claimed) this.#start(mail);
    if (prepared < PREPARED_PER_TURN && (free <= 0 || claimed.length < free)) return null;
    return restAfter(began, this.#restRatio);
  }

  #start(mail: QueuedMail): void {
    this.#loop.track(this.#send.attempt(mail)
      .then((outcome) => this.#onAttempt(outcome))
      .catch((error: unknown) => this.#onError(error, 'a mail attempt could not be recorded; it is tried again when its lease ends')));
  }
}

/** The links in a mail's text (logged when mail goes to files, so one machine without SMTP can still follow them). */
export function linksIn(text: string): string[] {
  return text.split(/\s+/u).filter((word) => /^https?:\/\//u.test(word));
}
