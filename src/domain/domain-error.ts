/** The kinds of failure the application reports; the HTTP adapter maps each to one status. */
export type DomainErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'invalid_token'
  | 'forbidden'
  | 'insufficient_scope'
  | 'not_found'
  | 'conflict'
  /** The caller's condition on the resource's current state (an `If-Match`) does not hold: nothing was changed. */
  | 'precondition_failed'
  /** A resource the service needs (the database) cannot be reached now; trying again later may succeed. */
  | 'unavailable';

/** One field that failed validation, and what is wrong with it. */
export interface FieldProblem {
  name: string;
  problem: string;
}

export class DomainError extends Error {
  override readonly name = 'DomainError';

  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    readonly details: { fields?: FieldProblem[]; scope?: string } = {},
  ) {
    super(message);
  }

  static invalid(fields: FieldProblem[]): DomainError {
    const message = fields.map((f) => `${f.name} ${f.problem}`).join('; ');
    return new DomainError('invalid', message, { fields });
  }

  static notFound(what: string, id: number | string): DomainError {
    return new DomainError('not_found', `${what} ${id} does not exist`);
  }
}
