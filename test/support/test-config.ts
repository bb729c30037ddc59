import type { Config } from '../../src/config-types';

export const TEST_PUBLIC_URL = 'http://pn.test';

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    publicUrl: TEST_PUBLIC_URL,
    databaseUrl: null,
    dataDir: '/nonexistent',
    redisUrl: null,
    rateLimitMax: 100,
    rateLimitWindowS: 600,
    tlsCertFile: null,
    tlsKeyFile: null,
    trustProxy: false,
    logLevel: 'silent',
    accessTokenTtlS: null,
    ...overrides,
  };
}
