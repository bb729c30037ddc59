import { inject, injectable } from 'tsyringe';
import { CLOCK, type Clock } from '../ports/clock';

/** Failed log-ins (wrong passwords and wrong codes together) an account may have in one window before it is locked for the rest of it (docs/security.md). */
export const MAX_FAILED_LOG_INS = 10;
export const LOG_IN_WINDOW_S = 15 * 60;
/**
 * At most this many names are remembered (about 10 MB), so made-up names cannot fill memory. Past it, the oldest
 * unlocked counts are forgotten first, so a flood of made-up names does not free a locked account.
 */
export const MAX_THROTTLED_NAMES = 100_000;

interface Window {
  startsAt: number;
  failures: number;
}

/**
 * Counts failed log-ins per account (per typed name when no account has it, so the answers do not tell which
 * names exist): after MAX_FAILED_LOG_INS failures within LOG_IN_WINDOW_S of the first, further attempts are
 * refused until that window ends, whatever the password; a successful log-in forgets the failures. The counts
 * live in this process (docs/security.md): each instance counts its own attempts, and a restart forgets them.
 */
@injectable()
export class LogInThrottle {
  private readonly windows = new Map<string, Window>();

  constructor(@inject(CLOCK) private readonly clock: Clock) {}

  /** Seconds until the key may try again; null when it may now. */
  retryAfterS(key: string): number | null {
    const window = this.current(key);
    if (window === null || window.failures < MAX_FAILED_LOG_INS) return null;
    return Math.max(1, Math.ceil((window.startsAt + LOG_IN_WINDOW_S * 1000 - this.clock.now().getTime()) / 1000));
  }

  recordFailure(key: string): void {
    const window = this.current(key) ?? { startsAt: this.clock.now().getTime(), failures: 0 };
    window.failures += 1;
    // Re-inserted, so the map stays ordered by last failure, oldest first.
    this.windows.delete(key);
    this.windows.set(key, window);
    if (this.windows.size > MAX_THROTTLED_NAMES) this.forgetOne();
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  /** Forgets the oldest count that locks nothing (or is over), else the oldest lock. */
  private forgetOne(): void {
    const now = this.clock.now().getTime();
    for (const [key, window] of this.windows) {
      if (window.failures < MAX_FAILED_LOG_INS || now >= window.startsAt + LOG_IN_WINDOW_S * 1000) {
        this.windows.delete(key);
        return;
      }
    }
    const oldest = this.windows.keys().next();
    if (oldest.done !== true) this.windows.delete(oldest.value);
  }

  /** The key's window, unless it is over. */
  private current(key: string): Window | null {
    const window = this.windows.get(key);
    if (window === undefined) return null;
    if (this.clock.now().getTime() >= window.startsAt + LOG_IN_WINDOW_S * 1000) {
      this.windows.delete(key);
      return null;
    }
    return window;
  }
}
