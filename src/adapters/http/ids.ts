import { DomainError } from '../../domain/domain-error';

const INT4_MAX = 2_147_483_647;
// Canonical decimal only: no sign, no leading zero, at most 10 digits (then range-checked).
const CANONICAL_ID = /^[1-9][0-9]{0,9}$/;

/**
 * A path `:id` as the positive int4 it names. Anything else names nothing, so it is a 404
 * (docs/api.md, Conventions), never a 400 or a 500 from the database.
 */
export function parseId(raw: string, what: string): number {
  if (CANONICAL_ID.test(raw)) {
    const id = Number(raw);
    if (id <= INT4_MAX) return id;
  }
  throw new DomainError('not_found', `${what} ${raw} does not exist`);
}
