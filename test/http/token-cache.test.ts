import { sql } from 'kysely';
import { sha256Hex } from '../../src/application/auth/secrets';
import { UNIT_OF_WORK, type UnitOfWork } from '../../src/application/ports/unit-of-work';
import { buildApp } from '../../src/app';
import { buildContainer } from '../../src/container';
import { ACCESS_TOKEN_CACHE, type AccessTokenCache } from '../../src/adapters/persistence/kysely/access-token-cache';
import type { PostgresNotifications } from '../../src/adapters/persistence/kysely/notifications';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app';
import { testConfig } from '../support/test-config';
import { itIf, NO_POSTGRES } from '../support/required';
import { eventually } from '../support/eventually';

const TOKEN_LOOKUP = /from "access_tokens"/u;


// Access-token look-ups are cached for a few seconds and every change to a token row forgets it, on every
// instance over the same database (decision `token-cache`).
describe('the access-token cache', () => {
  let t: TestApp;
  let user: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    user = await t.createUser('tokie');
  });
  afterAll(() => t.close());

  const me = (token: string) => t.request({ method: 'GET', url: '/v2/notes?limit=1', token });
  const lookups = () => t.queries.filter((q) => TOKEN_LOOKUP.test(q)).length;

  it('looks a token up once, then answers from the cache', async () => {
    const token = await t.token(user, 'read');
    t.resetQueries();
    expect((await me(token)).statusCode).toBe(200);
    expect(lookups()).toBe(1);
    t.resetQueries();
    expect((await me(token)).statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(200);
    expect(lookups()).toBe(0);
  });

  it('never caches an unknown token', async () => {
    t.resetQueries();
    expect((await me('no-such-token')).statusCode).toBe(401);
    expect((await me('no-such-token')).statusCode).toBe(401);
    expect(lookups()).toBe(2);
  });

  it('refuses a cached token at once when this instance revokes it', async () => {
    const token = await t.token(user, 'read');
    expect((await me(token)).statusCode).toBe(200);
    const uow = t.container.resolve<UnitOfWork>(UNIT_OF_WORK);
    await uow.run(async ({ tokens }) => {
      const record = await tokens.findByHash(sha256Hex(token));
      await tokens.revoke(record!.id, new Date());
    });
    expect((await me(token)).statusCode).toBe(401);
  });

  it('refuses a cached token soon after its row changes behind the service’s back', async () => {
    const token = await t.token(user, 'read');
    expect((await me(token)).statusCode).toBe(200);
    await sql`update access_tokens set revoked_at = now() where token_hash = ${sha256Hex(token)}`.execute(t.database!.kysely);
    await eventually(async () => (await me(token)).statusCode === 401, 'the revoked token is refused');
  });

  it('forgets every token when the table is truncated', async () => {
    const cache = t.container.resolve<AccessTokenCache>(ACCESS_TOKEN_CACHE);
    const token = await t.token(user, 'read');
    expect((await me(token)).statusCode).toBe(200);
    expect(cache.get(sha256Hex(token))).toBeDefined();
    await sql`truncate access_tokens cascade`.execute(t.database!.kysely);
    await eventually(async () => cache.get(sha256Hex(token)) === undefined, 'the cache is emptied');
    expect((await me(token)).statusCode).toBe(401);
  });

  it('hears a revocation made by another instance over the same database', async () => {
    const other = buildContainer(testConfig({ dataDir: t.dataDir }), { kind: 'database', database: t.database! });
    const otherApp = await buildApp(other);
    try {
      await other.resolve<AccessTokenCache>(ACCESS_TOKEN_CACHE).whenLive();
      const token = await t.token(user, 'read');
      const onOther = () => otherApp.inject({ method: 'GET', url: '/v2/notes?limit=1', headers: { authorization: `Bearer ${token}` } });
      expect((await onOther()).statusCode).toBe(200);
      expect((await me(token)).statusCode).toBe(200);
      await t.container.resolve<UnitOfWork>(UNIT_OF_WORK).run(async ({ tokens }) => {
        const record = await tokens.findByHash(sha256Hex(token));
        await tokens.revokeForUserAndClient(user.id, record!.clientId, new Date());
      });
      expect((await me(token)).statusCode).toBe(401);
      await eventually(async () => (await onOther()).statusCode === 401, 'the other instance refuses the token');
    } finally {
      await otherApp.close();
    }
  });

  const onPostgres = itIf(Boolean(process.env.TEST_DATABASE_URL), NO_POSTGRES);
  onPostgres('looks every token up while the listening connection is lost, and caches again once it is back', async () => {
    const notifications = t.database!.notifications as PostgresNotifications;
    const cache = t.container.resolve<AccessTokenCache>(ACCESS_TOKEN_CACHE);
    const token = await t.token(user, 'read');
    expect((await me(token)).statusCode).toBe(200);
    const pid = notifications.processId();
    expect(pid).not.toBeNull();
    await sql`select pg_terminate_backend(${pid})`.execute(t.database!.kysely);
    await eventually(async () => notifications.processId() !== pid && cache.get(sha256Hex(token)) === undefined, 'the loss is noticed');
    // Whatever changed meanwhile went unheard: nothing is trusted until it listens again.
    await sql`update access_tokens set revoked_at = now() where token_hash = ${sha256Hex(token)}`.execute(t.database!.kysely);
    expect((await me(token)).statusCode).toBe(401);
    const fresh = await t.token(user, 'read');
    await eventually(async () => notifications.processId() !== null, 'it reconnects');
    await eventually(async () => {
      t.resetQueries();
      await me(fresh);
      await me(fresh);
      return lookups() <= 1;
    }, 'it caches again');
  });
});
