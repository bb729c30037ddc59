import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import type { Config } from '../../src/config-types';
import { buildContainer } from '../../src/container';
import { testConfig } from './test-config';

/** The whole service over memory storage with some configuration changed (token lifetime, HTTPS public URL, proxy). */
export async function createConfiguredApp(overrides: Partial<Config>): Promise<FastifyInstance> {
  const app = await buildApp(buildContainer(testConfig(overrides), { kind: 'memory' }));
  await app.ready();
  return app;
}
