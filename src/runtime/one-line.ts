import { DomainError } from '../domain/domain-error';

/** An error as the single line a command-line tool prints on stderr. */
export function oneLine(error: unknown): string {
  const text = error instanceof Error ? error.message + reasonUnavailable(error) : String(error);
  return text.split(/\r?\n/u).find((line) => line.trim() !== '')?.trim() ?? 'failed';
}

/**
 * Why the database is unavailable (refused, reset, timed out), when that is what went wrong: the operator
 * needs it, while an HTTP client is told only that it is unavailable.
 */
function reasonUnavailable(error: Error): string {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof DomainError && cause.kind === 'unavailable') {
      const reason = cause.cause instanceof Error ? cause.cause.message : '';
      return reason === '' ? '' : ` (${reason.split(/\r?\n/u)[0]})`;
    }
  }
  return '';
}
