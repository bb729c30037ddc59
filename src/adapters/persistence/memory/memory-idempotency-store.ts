import { injectable } from 'tsyringe';
import type { Begun, IdempotencyEntry, IdempotencyStore, KeptAnswer, KeyedRequest } from '../../../application/ports/idempotency-store';

/** Idempotency keys in process memory, with the same rules as the database's. */
@injectable()
export class MemoryIdempotencyStore implements IdempotencyStore {
  readonly #entries = new Map<string, IdempotencyEntry>();

  async begin(caller: string, key: string, fingerprint: string, now: Date, limits: { expiresBefore: Date; staleBefore: Date }): Promise<Begun> {
    const id = entryId(caller, key);
    const entry = this.#entries.get(id);
    const expired = entry !== undefined && entry.createdAt <= limits.expiresBefore;
    const abandoned = entry !== undefined && entry.answer === null && entry.createdAt <= limits.staleBefore;
    if (entry !== undefined && !expired && !abandoned) return { begun: false, entry: { ...entry } };
    this.#entries.set(id, { fingerprint, answer: null, createdAt: now });
    return { begun: true };
  }

  /** Memory has no transactions: the request's writes are made as they come, and the answer kept after them. */
  async transact(caller: string, key: string): Promise<KeyedRequest> {
    return {
      enter: (work) => work(),
      keep: (answer) => (answer === null ? this.release(caller, key) : this.complete(caller, key, answer)),
      discard: () => this.release(caller, key),
    };
  }

  async complete(caller: string, key: string, answer: KeptAnswer): Promise<void> {
    const entry = this.#entries.get(entryId(caller, key));
    if (entry !== undefined) entry.answer = { ...answer, headers: { ...answer.headers } };
  }

  async release(caller: string, key: string): Promise<void> {
    const id = entryId(caller, key);
    if (this.#entries.get(id)?.answer === null) this.#entries.delete(id);
  }

  async purge(before: Date): Promise<number> {
    let purged = 0;
    for (const [id, entry] of this.#entries) {
      if (entry.createdAt < before) {
        this.#entries.delete(id);
        purged++;
      }
    }
    return purged;
  }
}

const entryId = (caller: string, key: string) => `${caller}\u0000${key}`;
