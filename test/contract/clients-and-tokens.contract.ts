import type { ContractAdapters, Fixtures } from './contract-adapters';

/** ClientRepository and AccessTokenRepository: what OAuth and the operator CLI store. */
export function clientAndTokenContract(adapters: () => ContractAdapters, fixtures: Fixtures): void {
  const newClient = (ownerId: number, fields: { secretHash?: string | null; allowImplicit?: boolean } = {}) => ({
    clientId: fixtures.name('client'),
    secretHash: fields.secretHash === undefined ? 'f'.repeat(64) : fields.secretHash,
    name: 'My app',
    ownerId,
    redirectUris: ['https://app.example/callback', 'http://localhost:8080/cb?x=1,2'],
    allowImplicit: fields.allowImplicit ?? false,
  });

  describe('ClientRepository', () => {
    const clients = () => adapters().repositories.clients;

    it('creates a client and finds it by client id', async () => {
      const owner = await fixtures.user();
      const client = newClient(owner.id);
      const now = fixtures.now();
      const id = await clients().create(client, now);
      await expect(clients().findByClientId(client.clientId)).resolves.toEqual({ id, ...client, createdAt: now });
    });

    it('stores a public client without a secret, allowing the implicit flow', async () => {
      const owner = await fixtures.user();
      const client = newClient(owner.id, { secretHash: null, allowImplicit: true });
      await clients().create(client, fixtures.now());
      await expect(clients().findByClientId(client.clientId)).resolves.toMatchObject({ secretHash: null, allowImplicit: true });
    });

    it('finds no client for an unknown client id', async () => {
      await expect(clients().findByClientId(fixtures.name('nobody'))).resolves.toBeNull();
    });

    it('lists an owner’s clients newest first, and nobody else’s', async () => {
      const [owner, other] = [await fixtures.user(), await fixtures.user()];
      const first = newClient(owner.id);
      const second = newClient(owner.id, { secretHash: null });
      await clients().create(first, fixtures.now());
      await clients().create(second, fixtures.now());
      await clients().create(newClient(other.id), fixtures.now());
      const listed = await clients().listByOwner(owner.id);
      expect(listed.map((c) => c.clientId)).toEqual([second.clientId, first.clientId]);
      expect(listed[0]).toMatchObject({ secretHash: null, redirectUris: second.redirectUris, ownerId: owner.id });
    });

    it('replaces a client’s secret hash', async () => {
      const owner = await fixtures.user();
      const client = newClient(owner.id);
      const id = await clients().create(client, fixtures.now());
      await clients().setSecretHash(id, 'a'.repeat(64));
      await expect(clients().findByClientId(client.clientId)).resolves.toMatchObject({ secretHash: 'a'.repeat(64) });
    });

    it('turns the client-side flow on and off, for that client only', async () => {
      const owner = await fixtures.user();
      const client = newClient(owner.id);
      const neighbour = newClient(owner.id);
      const id = await clients().create(client, fixtures.now());
      await clients().create(neighbour, fixtures.now());
      await clients().setAllowImplicit(id, true);
      await expect(clients().findByClientId(client.clientId)).resolves.toMatchObject({ allowImplicit: true, secretHash: client.secretHash });
      await expect(clients().findByClientId(neighbour.clientId)).resolves.toMatchObject({ allowImplicit: false });
      await clients().setAllowImplicit(id, false);
      await expect(clients().findByClientId(client.clientId)).resolves.toMatchObject({ allowImplicit: false });
    });
  });

  describe('AccessTokenRepository', () => {
    const tokens = () => adapters().repositories.tokens;
    const setUp = async () => {
      const user = await fixtures.user();
      const clientId = await adapters().repositories.clients.create(newClient(user.id), fixtures.now());
      return { userId: user.id, clientId };
    };

    it('creates a token and finds it by hash', async () => {
      const { userId, clientId } = await setUp();
      const token = { tokenHash: fixtures.name('hash'), userId, clientId, scopes: ['read', 'write', 'notes'] as const, expiresAt: null };
      const now = fixtures.now();
      const id = await tokens().create({ ...token, scopes: [...token.scopes] }, now);
      await expect(tokens().findByHash(token.tokenHash)).resolves.toEqual({
        id, ...token, scopes: ['read', 'write', 'notes'], authorizationCodeId: null, createdAt: now, revokedAt: null,
      });
      await expect(tokens().findById(id)).resolves.toMatchObject({ id, tokenHash: token.tokenHash });
      await expect(tokens().findById(2_000_000_000)).resolves.toBeNull();
    });

    it('keeps an expiry time', async () => {
      const { userId, clientId } = await setUp();
      const expiresAt = fixtures.now();
      const tokenHash = fixtures.name('hash');
      await tokens().create({ tokenHash, userId, clientId, scopes: ['read'], expiresAt }, fixtures.now());
      await expect(tokens().findByHash(tokenHash)).resolves.toMatchObject({ expiresAt, scopes: ['read'] });
    });

    it('revokes a token', async () => {
      const { userId, clientId } = await setUp();
      const tokenHash = fixtures.name('hash');
      const id = await tokens().create({ tokenHash, userId, clientId, scopes: ['read'], expiresAt: null }, fixtures.now());
      const revokedAt = fixtures.now();
      await tokens().revoke(id, revokedAt);
      await expect(tokens().findByHash(tokenHash)).resolves.toMatchObject({ id, revokedAt });
    });

    it('finds no token for an unknown hash', async () => {
      await expect(tokens().findByHash(fixtures.name('nohash'))).resolves.toBeNull();
    });

    it('revokes the tokens of an authorization code, and those of a user for a client', async () => {
      const { userId, clientId } = await setUp();
      const codeId = await adapters().repositories.codes.create({
        codeHash: fixtures.name('code'), clientId, userId, redirectUri: 'https://app.example/callback', scopes: ['read'],
        codeChallenge: null, codeChallengeMethod: null, expiresAt: fixtures.now(),
      }, fixtures.now());
      const make = (authorizationCodeId: number | null) => {
        const tokenHash = fixtures.name('hash');
        return tokens().create({ tokenHash, userId, clientId, scopes: ['read'], expiresAt: null, authorizationCodeId }, fixtures.now())
          .then((id) => ({ id, tokenHash }));
      };
      const fromCode = await make(codeId);
      const other = await make(null);
      await expect(tokens().findByHash(fromCode.tokenHash)).resolves.toMatchObject({ authorizationCodeId: codeId });

      const now = fixtures.now();
      await tokens().revokeForAuthorizationCode(codeId, now);
      await expect(tokens().findByHash(fromCode.tokenHash)).resolves.toMatchObject({ revokedAt: now });
      await expect(tokens().findByHash(other.tokenHash)).resolves.toMatchObject({ revokedAt: null });

      const later = fixtures.now();
      await tokens().revokeForUserAndClient(userId, clientId, later);
      await expect(tokens().findByHash(other.tokenHash)).resolves.toMatchObject({ revokedAt: later });
      await expect(tokens().findByHash(fromCode.tokenHash)).resolves.toMatchObject({ revokedAt: now });
    });
  });
}
