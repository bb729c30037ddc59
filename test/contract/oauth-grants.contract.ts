import type { ContractAdapters, Fixtures } from './contract-adapters';

/** AuthorizationCodeRepository, RefreshTokenRepository, SessionRepository and AuthorizationViews: what OAuth and the web pages store. */
export function oauthGrantsContract(adapters: () => ContractAdapters, fixtures: Fixtures): void {
  const repositories = () => adapters().repositories;
  const setUp = async () => {
    const user = await fixtures.user();
    const clientId = await repositories().clients.create({
      clientId: fixtures.name('client'), secretHash: null, name: fixtures.name('App'), ownerId: user.id,
      redirectUris: ['https://app.example/cb'], allowImplicit: false,
    }, fixtures.now());
    return { userId: user.id, clientId };
  };
  const newCode = (userId: number, clientId: number) => ({
    codeHash: fixtures.name('code'), clientId, userId, redirectUri: 'https://app.example/cb', scopes: ['read' as const, 'write' as const],
    codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', codeChallengeMethod: 'S256', expiresAt: fixtures.now(),
  });

  describe('AuthorizationCodeRepository', () => {
    const codes = () => repositories().codes;

    it('creates a code and finds it by hash', async () => {
      const { userId, clientId } = await setUp();
      const code = newCode(userId, clientId);
      const now = fixtures.now();
      const id = await codes().create(code, now);
      await expect(codes().findByHash(code.codeHash)).resolves.toEqual({ id, ...code, usedAt: null, createdAt: now });
      await expect(codes().findByHash(fixtures.name('nocode'))).resolves.toBeNull();
    });

    it('marks a code used once: the second time is refused', async () => {
      const { userId, clientId } = await setUp();
      const code = newCode(userId, clientId);
      const id = await codes().create(code, fixtures.now());
      const usedAt = fixtures.now();
      await expect(codes().markUsed(id, usedAt)).resolves.toBe(true);
      await expect(codes().markUsed(id, fixtures.now())).resolves.toBe(false);
      await expect(codes().findByHash(code.codeHash)).resolves.toMatchObject({ usedAt });
    });

    it('marks every unused code of a user for a client used', async () => {
      const { userId, clientId } = await setUp();
      const other = await setUp();
      const mine = newCode(userId, clientId);
      const theirs = newCode(other.userId, other.clientId);
      await codes().create(mine, fixtures.now());
      await codes().create(theirs, fixtures.now());
      const now = fixtures.now();
      await codes().markUsedForUserAndClient(userId, clientId, now);
      await expect(codes().findByHash(mine.codeHash)).resolves.toMatchObject({ usedAt: now });
      await expect(codes().findByHash(theirs.codeHash)).resolves.toMatchObject({ usedAt: null });
    });
  });

  describe('RefreshTokenRepository', () => {
    const refreshTokens = () => repositories().refreshTokens;
    const accessToken = (userId: number, clientId: number, authorizationCodeId: number | null = null) =>
      repositories().tokens.create({ tokenHash: fixtures.name('at'), userId, clientId, scopes: ['read'], expiresAt: null, authorizationCodeId }, fixtures.now());
    const newRefresh = (userId: number, clientId: number, accessTokenId: number | null) => ({
      tokenHash: fixtures.name('rt'), accessTokenId, userId, clientId, scopes: ['read' as const, 'readall' as const], expiresAt: null,
    });

    it('creates a refresh token, finds it by hash, and revokes it once', async () => {
      const { userId, clientId } = await setUp();
      const token = newRefresh(userId, clientId, await accessToken(userId, clientId));
      const now = fixtures.now();
      const id = await refreshTokens().create(token, now);
      await expect(refreshTokens().findByHash(token.tokenHash)).resolves.toEqual({ id, ...token, createdAt: now, revokedAt: null });
      const revokedAt = fixtures.now();
      await expect(refreshTokens().revoke(id, revokedAt)).resolves.toBe(true);
      await expect(refreshTokens().revoke(id, fixtures.now())).resolves.toBe(false);
      await expect(refreshTokens().findByHash(token.tokenHash)).resolves.toMatchObject({ revokedAt });
    });

    it('revokes by access token, by authorization code, and by user and client', async () => {
      const { userId, clientId } = await setUp();
      const codeId = await repositories().codes.create(newCode(userId, clientId), fixtures.now());
      const byAccess = newRefresh(userId, clientId, await accessToken(userId, clientId));
      const byCode = newRefresh(userId, clientId, await accessToken(userId, clientId, codeId));
      const rest = newRefresh(userId, clientId, null);
      for (const token of [byAccess, byCode, rest]) await refreshTokens().create(token, fixtures.now());
      const revoked = async (hash: string) => (await refreshTokens().findByHash(hash))?.revokedAt !== null;

      await refreshTokens().revokeForAccessToken(byAccess.accessTokenId ?? 0, fixtures.now());
      expect([await revoked(byAccess.tokenHash), await revoked(byCode.tokenHash), await revoked(rest.tokenHash)]).toEqual([true, false, false]);
      await refreshTokens().revokeForAuthorizationCode(codeId, fixtures.now());
      expect([await revoked(byCode.tokenHash), await revoked(rest.tokenHash)]).toEqual([true, false]);
      await refreshTokens().revokeForUserAndClient(userId, clientId, fixtures.now());
      expect(await revoked(rest.tokenHash)).toBe(true);
    });
  });

  describe('SessionRepository', () => {
    it('creates, finds and deletes a session', async () => {
      const { userId } = await setUp();
      const session = { tokenHash: fixtures.name('session'), userId, expiresAt: fixtures.now() };
      const now = fixtures.now();
      const id = await repositories().sessions.create(session, now);
      await expect(repositories().sessions.findByHash(session.tokenHash)).resolves.toEqual({
        id, ...session, userAgent: null, address: null, createdAt: now, lastSeenAt: now,
      });
      await repositories().sessions.delete(session.tokenHash);
      await expect(repositories().sessions.findByHash(session.tokenHash)).resolves.toBeNull();
      await expect(repositories().sessions.delete(session.tokenHash)).resolves.toBeUndefined();
    });

    it('keeps the browser and the cut address, lists a member\'s live sessions last seen first, and moves last seen on', async () => {
      const { userId } = await setUp();
      const now = fixtures.now();
      const later = new Date(now.getTime() + 60_000);
      const sessions = repositories().sessions;
      const make = (expiresAt: Date, userAgent: string | null) => ({ tokenHash: fixtures.name('session'), userId, expiresAt, userAgent, address: '192.0.2.0/24' });
      const older = make(new Date(now.getTime() + 3_600_000), 'Firefox');
      const newer = make(new Date(now.getTime() + 3_600_000), null);
      const expired = make(now, 'Gone');
      const olderId = await sessions.create(older, now);
      const newerId = await sessions.create(newer, later);
      await sessions.create(expired, now);
      await expect(sessions.findByHash(older.tokenHash)).resolves.toMatchObject({ userAgent: 'Firefox', address: '192.0.2.0/24', lastSeenAt: now });
      expect((await sessions.listOfUser(userId, now)).map((s) => s.id)).toEqual([newerId, olderId]);
      const muchLater = new Date(now.getTime() + 120_000);
      await sessions.touch(olderId, muchLater);
      await expect(sessions.findByHash(older.tokenHash)).resolves.toMatchObject({ lastSeenAt: muchLater, createdAt: now });
      expect((await sessions.listOfUser(userId, now)).map((s) => s.id)).toEqual([olderId, newerId]);
    });

    it('ends one session of a member by id, and never another member\'s', async () => {
      const { userId } = await setUp();
      const other = await fixtures.user();
      const now = fixtures.now();
      const mine = { tokenHash: fixtures.name('session'), userId, expiresAt: now };
      const id = await repositories().sessions.create(mine, now);
      await expect(repositories().sessions.deleteOfUser(other.id, id)).resolves.toBe(false);
      await expect(repositories().sessions.findByHash(mine.tokenHash)).resolves.not.toBeNull();
      await expect(repositories().sessions.deleteOfUser(userId, id)).resolves.toBe(true);
      await expect(repositories().sessions.findByHash(mine.tokenHash)).resolves.toBeNull();
      await expect(repositories().sessions.deleteOfUser(userId, id)).resolves.toBe(false);
    });

    it("ends every session of one member but the one kept, and nobody else's", async () => {
      const { userId } = await setUp();
      const other = await fixtures.user();
      const now = fixtures.now();
      const make = (owner: number) => ({ tokenHash: fixtures.name('session'), userId: owner, expiresAt: now });
      const [kept, first, second, others] = [make(userId), make(userId), make(userId), make(other.id)];
      for (const session of [kept, first, second, others]) await repositories().sessions.create(session, now);
      await expect(repositories().sessions.deleteAllOfUser(userId, kept.tokenHash)).resolves.toBe(2);
      await expect(repositories().sessions.findByHash(first.tokenHash)).resolves.toBeNull();
      await expect(repositories().sessions.findByHash(second.tokenHash)).resolves.toBeNull();
      await expect(repositories().sessions.findByHash(kept.tokenHash)).resolves.not.toBeNull();
      await expect(repositories().sessions.findByHash(others.tokenHash)).resolves.not.toBeNull();
      await expect(repositories().sessions.deleteAllOfUser(userId)).resolves.toBe(1);
      await expect(repositories().sessions.findByHash(kept.tokenHash)).resolves.toBeNull();
    });
  });

  describe('AuthorizationViews', () => {
    it('lists the clients holding live tokens of a user, with their scopes together, newest first', async () => {
      const { userId, clientId } = await setUp();
      const owner = await fixtures.user();
      const second = await repositories().clients.create({
        clientId: fixtures.name('client'), secretHash: 'f'.repeat(64), name: 'Second', ownerId: owner.id,
        redirectUris: ['https://second.example/cb'], allowImplicit: true,
      }, fixtures.now());
      const third = await repositories().clients.create({
        clientId: fixtures.name('client'), secretHash: 'f'.repeat(64), name: 'Third', ownerId: owner.id,
        redirectUris: ['https://third.example/cb'], allowImplicit: true,
      }, fixtures.now());
      const firstSince = fixtures.now();
      await repositories().tokens.create({ tokenHash: fixtures.name('at'), userId, clientId, scopes: ['read', 'write'], expiresAt: null }, firstSince);
      await repositories().refreshTokens.create({
        tokenHash: fixtures.name('rt'), accessTokenId: null, userId, clientId, scopes: ['read', 'contacts'], expiresAt: null,
      }, fixtures.now());
      const secondSince = fixtures.now();
      await repositories().tokens.create({ tokenHash: fixtures.name('at'), userId, clientId: second, scopes: ['read'], expiresAt: null }, secondSince);
      // Revoked and expired tokens grant nothing.
      const revoked = await repositories().tokens.create({ tokenHash: fixtures.name('at'), userId, clientId: third, scopes: ['read'], expiresAt: null }, fixtures.now());
      await repositories().tokens.revoke(revoked, fixtures.now());
      const expiresAt = fixtures.now();
      await repositories().tokens.create({ tokenHash: fixtures.name('at'), userId, clientId: third, scopes: ['read'], expiresAt }, fixtures.now());

      const views = await adapters().authorizationViews.listForUser(userId, fixtures.now());
      expect(views).toEqual([
        { clientId: expect.any(String), name: 'Second', scopes: ['read'], webhooks: 0, since: secondSince },
        { clientId: expect.any(String), name: expect.stringMatching(/^App/), scopes: ['read', 'write', 'contacts'], webhooks: 0, since: firstSince },
      ]);
      await expect(adapters().authorizationViews.listForUser(owner.id, fixtures.now())).resolves.toEqual([]);
    });
  });
}
