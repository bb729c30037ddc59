import { DomainError } from '../../../src/domain/domain-error';

/** The DomainError `fn` throws; fails the test when it throws nothing or something else. */
export function domainErrorOf(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a DomainError, but nothing was thrown');
}

/** The field problems of the validation error `fn` throws. */
export function problemsOf(fn: () => unknown): { name: string; problem: string }[] {
  const error = domainErrorOf(fn);
  expect(error.kind).toBe('invalid');
  return error.details.fields ?? [];
}
