import { DomainError } from '../../domain/domain-error';
import type { UserRepository } from '../ports/user-repository';

/** The ids of the users a note is addressed to; any name that matches nobody is a 400. */
export async function resolveRecipients(users: UserRepository, refs: readonly (number | string)[]): Promise<number[]> {
  const found = await users.resolve(refs);
  const unknown = refs.filter((ref) => !found.has(ref));
  if (unknown.length > 0) {
    throw DomainError.invalid([{ name: 'recipients', problem: `names unknown users: ${unknown.join(', ')}` }]);
  }
  return [...new Set(found.values())];
}
