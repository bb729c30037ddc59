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
    // Test files send hundreds of requests with one token; the rate-limit tests set a small limit themselves.
    rateLimitMax: 1_000_000,
    rateLimitWindowS: 600,
    // Test files sign up many members from one address; the sign-up limit's tests set a small limit themselves.
    signUpLimitPerHour: 1_000_000,
    tlsCertFile: null,
    tlsKeyFile: null,
    trustProxy: false,
    logLevel: 'silent',
    accessTokenTtlS: null,
    // Never a real tile server from a test: the browser tests serve tiles themselves.
    mapTileUrl: 'http://127.0.0.1:9/tiles/{z}/{x}/{y}.png',
    mapTileAttribution: 'Test tiles',
    blobStore: { kind: 'fs' },
    // Tests that deliver webhooks to a receiver on 127.0.0.1 allow it themselves.
    webhookAllowPrivate: false,
    // Mail goes to files under dataDir unless a test points SMTP_URL at its own server.
    smtpUrl: null,
    mailFrom: 'Place Notes <no-reply@pn.test>',
    ...overrides,
  };
}
