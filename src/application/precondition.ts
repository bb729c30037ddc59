import { DomainError } from '../domain/domain-error';

/**
 * A caller's condition on what they would see of a resource right now (HTTP's `If-Match`): checked inside the
 * change's transaction, after the resource's row is locked, so two changes made under the same condition cannot
 * both pass. The adapter that asks decides how "what they would see" is compared.
 */
export type Precondition<T> = (current: T) => boolean;

/** Throws `precondition_failed` (nothing changes) unless `check` holds for `current`. */
export function requirePrecondition<T>(check: Precondition<T>, current: T | null, what: string): void {
  if (current === null || !check(current)) {
    throw new DomainError('precondition_failed', `${what} has changed since the version the request names; read it again`);
  }
}
