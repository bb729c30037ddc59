/** The constraint a statement violated as a unique violation (SQLSTATE 23505), or null for any other error. */
export function uniqueViolation(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  if ((error as { code?: unknown }).code !== '23505') return null;
  return constraintOf(error);
}

/**
 * The constraint a statement violated as a foreign-key violation (SQLSTATE 23503), or null for any other error: a
 * parent row (a note, a notemap, a user) went away before the new row could reference it.
 */
export function foreignKeyViolation(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  if ((error as { code?: unknown }).code !== '23503') return null;
  return constraintOf(error);
}

/** The constraint an error names: PGlite's errors carry it as `constraint`, postgres.js's as `constraint_name`. */
function constraintOf(error: object): string {
  const { constraint, constraint_name: constraintName } = error as { constraint?: unknown; constraint_name?: unknown };
  if (typeof constraint === 'string') return constraint;
  return typeof constraintName === 'string' ? constraintName : '';
}
