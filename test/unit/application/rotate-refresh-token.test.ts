import { AuthenticateToken } from '../../../src/application/auth/authenticate-token';
import { FindRefreshToken, type LiveRefreshToken } from '../../../src/application/auth/find-refresh-token';
import { IssueTokens, type IssuedTokens } from '../../../src/application/auth/issue-tokens';
import { RotateRefreshToken } from '../../../src/application/auth/rotate-refresh-token';
import { UNIT_OF_WORK, type UnitOfWork } from '../../../src/application/ports/unit-of-work';
import { memoryApplication, rejectsWith } from '../../support/use-cases';

describe('refresh token rotation and families (memory adapters)', () => {
  const app = memoryApplication();
  const uow = app.container.resolve<UnitOfWork>(UNIT_OF_WORK);
  const find = app.container.resolve(FindRefreshToken);
  const rotate = app.container.resolve(RotateRefreshToken);
  let userId: number;
  let clientId: number;

  beforeAll(async () => {
    userId = await app.createUser('rota');
    clientId = await uow.run(({ clients }) => clients.create({
      clientId: 'rotation-client', secretHash: null, name: 'Rotation', ownerId: userId, redirectUris: ['https://r.example/cb'], allowImplicit: false,
    }, new Date()));
  });

  /** A new authorization: a code, and the tokens its exchange issued. */
  const authorization = async (): Promise<IssuedTokens> => {
    const codeId = await uow.run(({ codes }) => codes.create({
      codeHash: `code-${Math.random()}`, clientId, userId, redirectUri: 'https://r.example/cb', scopes: ['read', 'write'],
      codeChallenge: null, codeChallengeMethod: null, expiresAt: new Date(Date.now() + 600_000),
    }, new Date()));
    return app.container.resolve(IssueTokens).execute({ clientId, userId, scopes: ['read', 'write'], authorizationCodeId: codeId, withRefreshToken: true });
  };
  const live = (accessToken: string) => app.container.resolve(AuthenticateToken).execute(accessToken).then(() => true, () => false);
  const found = async (refreshToken: string | null): Promise<LiveRefreshToken> => {
    const token = await find.execute(refreshToken ?? '');
    if (token === null) throw new Error('the refresh token is not live');
    return token;
  };

  it('revokes the refresh token and its access token, and issues a new pair of the same family', async () => {
    const first = await authorization();
    const refresh = await found(first.refreshToken);
    const second = await rotate.execute(refresh, ['read']);
    expect(second).toMatchObject({ scope: 'read', refreshToken: expect.any(String) });
    expect(await live(first.accessToken)).toBe(false);
    expect(await live(second?.accessToken ?? '')).toBe(true);
    expect((await found(second?.refreshToken ?? null)).authorizationCodeId).toBe(refresh.authorizationCodeId);
  });

  it('answers a second use with null and revokes the family, the first use’s new tokens included', async () => {
    const first = await authorization();
    const other = await authorization();
    const refresh = await found(first.refreshToken);
    const [a, b] = await Promise.all([rotate.execute(refresh, ['read', 'write']), rotate.execute(refresh, ['read', 'write'])]);
    const winner = a ?? b;
    expect([a, b].filter((x) => x === null)).toHaveLength(1);
    expect(await live(winner?.accessToken ?? '')).toBe(false);
    expect(await find.execute(winner?.refreshToken ?? '')).toBeNull();
    expect(await live(other.accessToken)).toBe(true);
    expect(await find.execute(other.refreshToken ?? '')).not.toBeNull();
  });

  it('revokes the family when a used refresh token is presented again', async () => {
    const first = await authorization();
    const second = await rotate.execute(await found(first.refreshToken), ['read', 'write']);
    const third = await rotate.execute(await found(second?.refreshToken ?? null), ['read', 'write']);
    expect(await live(third?.accessToken ?? '')).toBe(true);
    expect(await find.execute(first.refreshToken ?? '')).toBeNull();
    expect(await live(third?.accessToken ?? '')).toBe(false);
    expect(await find.execute(third?.refreshToken ?? '')).toBeNull();
    await rejectsWith(app.container.resolve(AuthenticateToken).execute(second?.accessToken ?? ''), 'invalid_token');
  });
});
