import { DomainError } from '../../../src/domain/domain-error';
import { expandScopes, formatScopes, isScope, parseScopes, SCOPES, type Scope } from '../../../src/domain/scopes';
import { domainErrorOf } from './domain-error-of';

const expanded = (...granted: Scope[]) => [...expandScopes(granted)].sort();

describe('expandScopes', () => {
  it.each<[Scope[], Scope[]]>([
    [[], ['read']],
    [['read'], ['read']],
    [['readall'], ['read', 'readall']],
    [['write'], ['read', 'readall', 'write']],
    [['contacts'], ['contacts', 'read']],
    [['notes'], ['notes', 'read', 'readall', 'write']],
    [['delete'], ['delete', 'read', 'readall', 'write']],
    [['contacts', 'readall'], ['contacts', 'read', 'readall']],
    [['notes', 'delete', 'contacts'], ['contacts', 'delete', 'notes', 'read', 'readall', 'write']],
  ])('%j grants %j', (granted, scopes) => {
    expect(expanded(...granted)).toEqual(scopes);
  });

  it('never lets one scope imply a scope that is not below it', () => {
    expect(expandScopes(['write']).has('notes')).toBe(false);
    expect(expandScopes(['write']).has('delete')).toBe(false);
    expect(expandScopes(['write']).has('contacts')).toBe(false);
    expect(expandScopes(['notes']).has('delete')).toBe(false);
    expect(expandScopes(['delete']).has('notes')).toBe(false);
    expect(expandScopes(['contacts']).has('readall')).toBe(false);
  });

  it('is idempotent: expanding an expansion changes nothing', () => {
    for (const scope of SCOPES) {
      const once = expandScopes([scope]);
      expect([...expandScopes(once)].sort()).toEqual([...once].sort());
    }
  });

  it('accepts duplicates and any iterable', () => {
    expect(expanded('write', 'write', 'readall')).toEqual(['read', 'readall', 'write']);
    expect([...expandScopes(new Set<Scope>(['contacts']))].sort()).toEqual(['contacts', 'read']);
  });
});

describe('isScope', () => {
  it('knows the six scopes and nothing else', () => {
    expect(SCOPES.every(isScope)).toBe(true);
    expect(isScope('admin')).toBe(false);
    expect(isScope('READ')).toBe(false);
    expect(isScope('')).toBe(false);
  });
});

describe('parseScopes', () => {
  it('splits a space-delimited string', () => {
    expect(parseScopes('read write')).toEqual(['read', 'write']);
  });

  it('accepts any white space and commas as separators', () => {
    expect(parseScopes(' notes\tdelete\n contacts,readall ')).toEqual(['notes', 'delete', 'contacts', 'readall']);
  });

  it('drops duplicates, keeping the first position', () => {
    expect(parseScopes('write read write')).toEqual(['write', 'read']);
  });

  it('defaults to read for an empty or blank string', () => {
    expect(parseScopes('')).toEqual(['read']);
    expect(parseScopes('   ')).toEqual(['read']);
  });

  it('refuses unknown scopes as invalid, naming them under the field scope', () => {
    const error = domainErrorOf(() => parseScopes('read admin Write'));
    expect(error).toBeInstanceOf(DomainError);
    expect(error.kind).toBe('invalid');
    expect(error.details.fields).toEqual([{ name: 'scope', problem: 'has unknown scopes: admin Write' }]);
  });
});

describe('formatScopes', () => {
  it('writes known order, read first, without duplicates', () => {
    expect(formatScopes(['delete', 'write', 'readall', 'write'])).toBe('read readall write delete');
    expect(formatScopes(['contacts', 'notes'])).toBe('read contacts notes');
  });

  it('always includes read', () => {
    expect(formatScopes([])).toBe('read');
    expect(formatScopes(['readall'])).toBe('read readall');
  });

  it('round-trips with parseScopes', () => {
    const text = 'read readall write contacts notes delete';
    expect(formatScopes(parseScopes(text))).toBe(text);
  });
});
