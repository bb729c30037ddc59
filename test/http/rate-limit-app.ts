import type { FastifyInstance } from 'fastify';
import type { DependencyContainer } from 'tsyringe';
import { newSecret, sha256Hex } from '../../src/application/auth/secrets';
import { UNIT_OF_WORK, type UnitOfWork } from '../../src/application/ports/unit-of-work';
import { buildApp } from '../../src/app';
import type { Config } from '../../src/config-types';
import { buildContainer, type Storage } from '../../src/container';
import { parseScopes } from '../../src/domain/scopes';
import { testConfig } from '../support/test-config';

export interface LimitedApp {
  app: FastifyInstance;
  container: DependencyContainer;
  /** A new member and a token of theirs with the given scopes. */
  newToken(scope?: string): Promise<string>;
}

/**
 * The whole service with a rate-limit configuration of the test's own (testConfig's limit is too high
 * to reach). `prepare` may replace registrations, such as the Redis client, before the server is built.
 */
export async function createLimitedApp(
  overrides: Partial<Config>,
  options: { storage?: Storage; prepare?: (container: DependencyContainer) => void; listen?: boolean } = {},
): Promise<LimitedApp> {
  const container = buildContainer(testConfig(overrides), options.storage ?? { kind: 'memory' });
  options.prepare?.(container);
  const app = await buildApp(container);
  await app.ready();
  const uow = container.resolve<UnitOfWork>(UNIT_OF_WORK);
  let users = 0;
  return {
    app,
    container,
    async newToken(scope = 'read write notes') {
      const token = newSecret();
      users += 1;
      const username = `limited${users}_${newSecret().slice(0, 6).toLowerCase().replace(/[^a-z0-9]/g, 'x')}`;
      await uow.run(async ({ users: repo, clients, tokens }) => {
        const userId = await repo.create({
          username, email: `${username}@example.com`, passwordHash: 'not-a-real-hash', name: null, avatarHash: sha256Hex(username).slice(0, 32),
        }, new Date());
        const clientId = await clients.create({
          clientId: `test-${newSecret()}`, secretHash: null, name: 'tests', ownerId: userId,
          redirectUris: ['http://localhost/cb'], allowImplicit: false,
        }, new Date());
        await tokens.create({ tokenHash: sha256Hex(token), userId, clientId, scopes: parseScopes(scope), expiresAt: null }, new Date());
      });
      return token;
    },
  };
}
