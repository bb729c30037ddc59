import { portToken } from './port-token';

/** The answer kept for a request made with an `Idempotency-Key`, replayed to its repeats. */
export interface KeptAnswer {
  status: number;
  /** The headers a repeat gets again (`content-type`, `location`, `etag`), lowercase names. */
  headers: Record<string, string>;
  body: string;
}

/** What a key holds: the request it was first used with, and its answer once there is one. */
export interface IdempotencyEntry {
  fingerprint: string;
  /** null while the first request is still being processed. */
  answer: KeptAnswer | null;
  createdAt: Date;
}

/**
 * The rest of a begun key's request as one transaction with its answer: every statement made inside `enter` joins it,
 * and `keep` saves the answer in it and commits, so a committed write always has its kept answer.
 */
export interface KeyedRequest {
  /** Runs `work` (the request's handling) and everything it starts inside the transaction. */
  enter(work: () => void): void;
  /**
   * Keeps the answer and commits the request's writes with it; if that fails, nothing is written and the key is
   * forgotten. `null`: an answer that cannot be kept (a streamed body): the writes commit and the key is forgotten.
   */
  keep(answer: KeptAnswer | null): Promise<void>;
  /** Rolls the request's writes back and forgets the key (a retry runs again). */
  discard(): Promise<void>;
}

export type Begun = { begun: true } | { begun: false; entry: IdempotencyEntry };

/**
 * `Idempotency-Key`s by caller (docs/api.md, Safe retries), kept in the database so they hold across restarts and
 * instances. An entry lives 24 hours from its first use; one still in flight after `staleAfterMs` is taken to be
 * abandoned (its process ended before answering) and may be begun again.
 */
export interface IdempotencyStore {
  /**
   * Claims `key` for `caller` with the request's fingerprint, unless a live entry holds it: then that entry is
   * returned, untouched. Atomic: of two concurrent claims of one key, one begins.
   */
  begin(caller: string, key: string, fingerprint: string, now: Date, limits: { expiresBefore: Date; staleBefore: Date }): Promise<Begun>;
  /** Opens the transaction in which a begun key's request runs and its answer is kept (see KeyedRequest). */
  transact(caller: string, key: string): Promise<KeyedRequest>;
  /** Keeps the answer of a begun key. */
  complete(caller: string, key: string, answer: KeptAnswer): Promise<void>;
  /** Forgets a begun key (its answer is not kept: a retry runs again). */
  release(caller: string, key: string): Promise<void>;
  /** Deletes the entries first used before `before`; returns how many. */
  purge(before: Date): Promise<number>;
}
export const IDEMPOTENCY_STORE = portToken<IdempotencyStore>('IdempotencyStore');
