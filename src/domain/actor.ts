import { DomainError } from './domain-error';
import { expandScopes, SCOPES, type Scope } from './scopes';

/** Who is making a request: a user holding a token with some scopes, or nobody. */
export interface Actor {
  readonly userId: number | null;
  readonly scopes: ReadonlySet<Scope>;
  /** The application the token was issued to (null for anonymous callers and web sessions). */
  readonly clientId?: number | null;
}

export const ANONYMOUS: Actor = { userId: null, scopes: expandScopes([]) };

export function userActor(userId: number, granted: Iterable<Scope>, clientId: number | null = null): Actor {
  return { userId, scopes: expandScopes(granted), clientId };
}

/**
 * A member signed in on the web pages: they act on their own account, so they see what a `readall` token of
 * theirs would and may do what the pages offer (post, comment, favorite, follow), as a token with every scope could.
 */
export function sessionActor(userId: number): Actor {
  return userActor(userId, SCOPES);
}

/** The user an action is taken for; fails as unauthenticated (401) or insufficient scope (403). */
export function requireScope(actor: Actor, scope: Scope): number {
  if (actor.userId === null) {
    throw new DomainError('unauthenticated', 'an access token is required');
  }
  if (!actor.scopes.has(scope)) {
    throw new DomainError('insufficient_scope', `the access token lacks the scope "${scope}"`, { scope });
  }
  return actor.userId;
}

/** The user whose non-public content the actor may read: set only with `readall`. */
export function privateReader(actor: Actor): number | null {
  return actor.userId !== null && actor.scopes.has('readall') ? actor.userId : null;
}
