import { ANONYMOUS, privateReader, requireScope, userActor } from '../../../src/domain/actor';
import { DomainError } from '../../../src/domain/domain-error';
import { domainErrorOf } from './domain-error-of';

describe('userActor', () => {
  it('holds the expanded scopes of the grant', () => {
    const actor = userActor(7, ['notes']);
    expect(actor.userId).toBe(7);
    expect([...actor.scopes].sort()).toEqual(['notes', 'read', 'readall', 'write']);
  });
});

describe('ANONYMOUS', () => {
  it('is nobody, reading public content only', () => {
    expect(ANONYMOUS.userId).toBeNull();
    expect([...ANONYMOUS.scopes]).toEqual(['read']);
  });
});

describe('requireScope', () => {
  it('returns the user id when the scope is granted directly', () => {
    expect(requireScope(userActor(3, ['write']), 'write')).toBe(3);
  });

  it('returns the user id when the scope is implied by the lattice', () => {
    expect(requireScope(userActor(3, ['delete']), 'write')).toBe(3);
    expect(requireScope(userActor(3, ['notes']), 'readall')).toBe(3);
    expect(requireScope(userActor(3, ['contacts']), 'read')).toBe(3);
  });

  it('grants read to every signed-in user', () => {
    expect(requireScope(userActor(3, []), 'read')).toBe(3);
  });

  it('fails as unauthenticated for an anonymous actor, whatever the scope', () => {
    for (const scope of ['read', 'write'] as const) {
      const error = domainErrorOf(() => requireScope(ANONYMOUS, scope));
      expect(error.kind).toBe('unauthenticated');
      expect(error.message).toBe('an access token is required');
    }
  });

  it('fails as insufficient_scope naming the scope when the token lacks it', () => {
    const error = domainErrorOf(() => requireScope(userActor(3, ['write']), 'notes'));
    expect(error).toBeInstanceOf(DomainError);
    expect(error.kind).toBe('insufficient_scope');
    expect(error.details.scope).toBe('notes');
    expect(error.message).toContain('"notes"');
  });

  it.each([
    ['write', 'contacts'],
    ['contacts', 'readall'],
    ['notes', 'delete'],
    ['delete', 'notes'],
    ['readall', 'write'],
  ] as const)('a token with %s lacks %s', (granted, needed) => {
    expect(domainErrorOf(() => requireScope(userActor(1, [granted]), needed)).kind).toBe('insufficient_scope');
  });
});

describe('privateReader', () => {
  it('is the user when the token holds readall, directly or implied', () => {
    expect(privateReader(userActor(5, ['readall']))).toBe(5);
    expect(privateReader(userActor(5, ['write']))).toBe(5);
    expect(privateReader(userActor(5, ['notes']))).toBe(5);
    expect(privateReader(userActor(5, ['delete']))).toBe(5);
  });

  it('is null for a token without readall', () => {
    expect(privateReader(userActor(5, []))).toBeNull();
    expect(privateReader(userActor(5, ['read']))).toBeNull();
    expect(privateReader(userActor(5, ['contacts']))).toBeNull();
  });

  it('is null for an anonymous actor, even one claiming readall', () => {
    expect(privateReader(ANONYMOUS)).toBeNull();
    expect(privateReader({ userId: null, scopes: new Set(['read', 'readall']) })).toBeNull();
  });
});
