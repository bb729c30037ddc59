import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import type { Config } from '../../src/config-types';
import { buildContainer } from '../../src/container';
import { appContainers } from './app-containers';
import { testConfig } from './test-config';

/** The whole service over memory storage with some configuration changed (token lifetime, HTTPS public URL, proxy). */
export async function createConfiguredApp(overrides: Partial<Config>): Promise<FastifyInstance> {
  const container = buildContainer(testConfig(overrides), { kind: 'memory' });
  const app = await buildApp(container);
  // So that helpers holding only the app (signUp's verification) reach its storage.
  appContainers.set(app, container);
  await app.ready();
  return app;
}
