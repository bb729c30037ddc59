/** The constraint a statement violated as a unique violation (SQLSTATE 23505), or null for any other error. */
export function uniqueViolation(error: unknown): string | null {
  // pg and PGlite both raise errors carrying PostgreSQL's `code` and `constraint` fields.
  if (typeof error !== 'object' || error === null) return null;
  const { code, constraint } = error as { code?: unknown; constraint?: unknown };
  if (code !== '23505') return null;
  return typeof constraint === 'string' ? constraint : '';
}
