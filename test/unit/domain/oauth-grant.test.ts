import { grantedScopes, implicitScopes, isPkceValue, isRegisteredRedirectUri } from '../../../src/domain/oauth-grant';

describe('OAuth grant rules', () => {
  it('grants the requested scopes the user left checked, and read always', () => {
    expect(grantedScopes(['read', 'write', 'contacts'], ['contacts'])).toEqual(['read', 'contacts']);
    expect(grantedScopes(['read', 'write'], [])).toEqual(['read']);
  });

  it('ignores a checked scope that was not requested', () => {
    expect(grantedScopes(['read'], ['delete', 'nonsense'])).toEqual(['read']);
  });

  it('keeps the client-side flow read-only', () => {
    expect(implicitScopes(['read', 'readall', 'write', 'notes'])).toEqual(['read', 'readall']);
  });

  it('matches redirect URIs exactly', () => {
    const registered = ['https://app.example/cb'];
    expect(isRegisteredRedirectUri(registered, 'https://app.example/cb')).toBe(true);
    for (const uri of ['https://app.example/cb/', 'https://APP.example/cb', 'https://app.example/cb?x=1', 'https://app.example:443/cb']) {
      expect(isRegisteredRedirectUri(registered, uri)).toBe(false);
    }
  });

  it('takes PKCE values of 43-128 unreserved characters', () => {
    expect(isPkceValue('a'.repeat(43))).toBe(true);
    expect(isPkceValue('a'.repeat(42))).toBe(false);
    expect(isPkceValue(`${'a'.repeat(42)}+`)).toBe(false);
    expect(isPkceValue('A-._~'.repeat(25).slice(0, 128))).toBe(true);
    expect(isPkceValue('a'.repeat(129))).toBe(false);
  });
});
