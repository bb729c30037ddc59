/** The constraint a statement violated as a unique violation (SQLSTATE 23505), or null for any other error. */
export function uniqueViolation(error: unknown): string | null {
  // pg and PGlite both raise errors carrying PostgreSQL's `code` and `constraint` fields.
  if (typeof error !== 'object' || error === null) return null;
  const { code, constraint } = error as { code?: unknown; constraint?: unknown };
  if (code !== '23505') return null;
  return typeof constraint === 'string' ? constraint : '';
}

/**
 * The constraint a statement violated as a foreign-key violation (SQLSTATE 23503), or null for any other error: a
 * parent row (a note, a notemap, a user) went away before the new row could reference it.
 */
export function foreignKeyViolation(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const { code, constraint } = error as { code?: unknown; constraint?: unknown };
  if (code !== '23503') return null;
  return typeof constraint === 'string' ? constraint : '';
}
