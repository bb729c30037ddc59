import { DomainError } from './domain-error';

export const SCOPES = ['read', 'readall', 'write', 'contacts', 'notes', 'delete'] as const;
export type Scope = (typeof SCOPES)[number];

// What each scope directly includes; expansion follows the chain (specification part 5).
const INCLUDES: Record<Scope, readonly Scope[]> = {
  read: [],
  readall: ['read'],
  write: ['readall'],
  contacts: ['read'],
  notes: ['readall', 'write'],
  delete: ['readall', 'write'],
};

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}

/** Every scope a set of granted scopes amounts to; `read` is always granted. */
export function expandScopes(granted: Iterable<Scope>): ReadonlySet<Scope> {
  const result = new Set<Scope>(['read']);
  const pending = [...granted];
  for (let scope = pending.pop(); scope !== undefined; scope = pending.pop()) {
    if (!result.has(scope)) pending.push(...INCLUDES[scope]);
    result.add(scope);
  }
  return result;
}

/** Parses a space-delimited scope string; an empty string means the default, `read`. */
export function parseScopes(text: string): Scope[] {
  const words = text.split(/[\s,]+/).filter((w) => w.length > 0);
  const unknown = words.filter((w) => !isScope(w));
  if (unknown.length > 0) {
    throw DomainError.invalid([{ name: 'scope', problem: `has unknown scopes: ${unknown.join(' ')}` }]);
  }
  const scopes = [...new Set(words as Scope[])];
  return scopes.length > 0 ? scopes : ['read'];
}

/** The canonical text of a granted scope list: known order, no duplicates, `read` first. */
export function formatScopes(scopes: Iterable<Scope>): string {
  const set = new Set<Scope>(['read', ...scopes]);
  return SCOPES.filter((s) => set.has(s)).join(' ');
}
