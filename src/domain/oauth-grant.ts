import { formatScopes, isScope, type Scope } from './scopes';

/** Tokens of the client-side flow are read-only (docs/oauth.md). */
export const IMPLICIT_SCOPES: readonly Scope[] = ['read', 'readall'];

/** How long an authorization code may wait for its exchange (docs/oauth.md). */
export const AUTHORIZATION_CODE_LIFETIME_S = 600;

/** PKCE code challenges and verifiers: 43-128 characters of the unreserved set (RFC 7636 §4.1, §4.2). */
const PKCE_VALUE = /^[A-Za-z0-9\-._~]{43,128}$/u;

export function isPkceValue(value: string): boolean {
  return PKCE_VALUE.test(value);
}

/** The scopes the client-side flow may grant: the requested ones that are read-only. */
export function implicitScopes(requested: readonly Scope[]): Scope[] {
  return requested.filter((s) => IMPLICIT_SCOPES.includes(s));
}

/**
 * What the user grants on the consent page: the requested scopes they left checked, `read` always;
 * a checked value that was not requested is ignored, so a forged form cannot widen the grant.
 */
export function grantedScopes(requested: readonly Scope[], kept: readonly string[]): Scope[] {
  const keep = new Set(kept.filter(isScope));
  const granted = requested.filter((s) => s === 'read' || keep.has(s));
  return formatScopes(granted).split(' ').filter(isScope);
}

/** A redirect URI matches only when it is exactly one the client registered (docs/oauth.md). */
export function isRegisteredRedirectUri(registered: readonly string[], uri: string): boolean {
  return registered.includes(uri);
}
