import type { DependencyContainer } from 'tsyringe';
import { AuthenticateToken } from '../../../src/application/auth/authenticate-token';
import { CreateClient } from '../../../src/application/auth/create-client';
import { IssueToken } from '../../../src/application/auth/issue-token';
import { sha256Hex } from '../../../src/application/auth/secrets';
import { ACCESS_TOKEN_REPOSITORY, type AccessTokenRepository } from '../../../src/application/ports/access-token-repository';
import { UNIT_OF_WORK, type UnitOfWork } from '../../../src/application/ports/unit-of-work';
import { buildContainer } from '../../../src/container';
import { DomainError } from '../../../src/domain/domain-error';
import { testConfig } from '../../support/test-config';

const NOW = new Date('2026-03-01T12:00:00Z');

async function failure(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

describe('IssueToken (memory adapters)', () => {
  let userId: number;
  let clientId: string;

  async function setUp(accessTokenTtlS: number | null): Promise<DependencyContainer> {
    const c = buildContainer(testConfig({ accessTokenTtlS }), { kind: 'memory' }, { clock: { now: () => NOW } });
    userId = await c.resolve<UnitOfWork>(UNIT_OF_WORK).run(({ users }) => users.create({
      username: 'ada', email: 'ada@example.org', passwordHash: 'h', name: null, avatarHash: '0'.repeat(32),
    }, NOW));
    ({ clientId } = await c.resolve(CreateClient).execute({ ownerId: userId, name: 'CLI', redirectUris: ['http://localhost/cb'] }));
    return c;
  }

  const record = (c: DependencyContainer, token: string) =>
    c.resolve<AccessTokenRepository>(ACCESS_TOKEN_REPOSITORY).findByHash(sha256Hex(token));

  it('issues a token that authenticates as the user with the scopes, stored only as a hash', async () => {
    const c = await setUp(null);
    const { accessToken, scope } = await c.resolve(IssueToken).execute({ userId, clientId, scopes: ['write', 'write'] });
    expect(scope).toBe('read write');
    expect(accessToken).toMatch(/^[A-Za-z0-9_-]{43}$/u);
    expect(await record(c, accessToken)).toMatchObject({ userId, scopes: ['write'], expiresAt: null, revokedAt: null });
    const actor = await c.resolve(AuthenticateToken).execute(accessToken);
    expect(actor.userId).toBe(userId);
    expect([...actor.scopes].sort()).toEqual(['read', 'readall', 'write']);
  });

  it('sets the expiry from ACCESS_TOKEN_TTL_S', async () => {
    const c = await setUp(3600);
    const { accessToken } = await c.resolve(IssueToken).execute({ userId, clientId, scopes: ['read'] });
    expect((await record(c, accessToken))?.expiresAt).toEqual(new Date(NOW.getTime() + 3_600_000));
  });

  it('refuses an unknown client or user and stores nothing', async () => {
    const c = await setUp(null);
    expect((await failure(c.resolve(IssueToken).execute({ userId, clientId: 'nope', scopes: ['read'] }))).kind).toBe('not_found');
    expect((await failure(c.resolve(IssueToken).execute({ userId: 999, clientId, scopes: ['read'] }))).kind).toBe('not_found');
  });
});
