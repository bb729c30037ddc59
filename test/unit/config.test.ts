import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ConfigError, loadConfig } from '../../src/config';

let dir: string;
let cert: string;
let key: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'place-notes-config-'));
  cert = join(dir, 'cert.pem');
  key = join(dir, 'key.pem');
  writeFileSync(cert, 'cert');
  writeFileSync(key, 'key');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The one-line message loadConfig fails with for this environment. */
function failure(env: NodeJS.ProcessEnv): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    expect(message).not.toContain('\n');
    return message;
  }
  throw new Error('loadConfig accepted the environment');
}

describe('loadConfig defaults', () => {
  it('gives the documented defaults for an empty environment', () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:3000',
      databaseUrl: null,
      dataDir: resolve('data'),
      redisUrl: null,
      rateLimitMax: 100,
      rateLimitWindowS: 600,
      signUpLimitPerHour: 5,
      tlsCertFile: null,
      tlsKeyFile: null,
      trustProxy: false,
      webhookAllowPrivate: false,
      logLevel: 'info',
      accessTokenTtlS: null,
      mapTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      mapTileAttribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
      blobStore: { kind: 'fs' },
      smtpUrl: null,
      mailFrom: 'Place Notes <no-reply@localhost>',
    });
  });

  it('treats an empty value as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: ' ', LOG_LEVEL: '' })).toMatchObject({
      port: 3000, databaseUrl: null, logLevel: 'info',
    });
  });
});

describe('BLOB_STORE and the S3 settings', () => {
  it('reads an S3 store: path style by default with an endpoint, virtual hosts without one', () => {
    expect(loadConfig({ BLOB_STORE: 's3', S3_BUCKET: 'notes-images', S3_ENDPOINT: 'http://minio:9000' }).blobStore).toEqual({
      kind: 's3', bucket: 'notes-images', endpoint: 'http://minio:9000', region: 'us-east-1', forcePathStyle: true,
    });
    expect(loadConfig({ BLOB_STORE: 'S3', S3_BUCKET: 'b.example', S3_REGION: 'eu-west-1' }).blobStore).toEqual({
      kind: 's3', bucket: 'b.example', endpoint: null, region: 'eu-west-1', forcePathStyle: false,
    });
    expect(loadConfig({ BLOB_STORE: 's3', S3_BUCKET: 'bkt', S3_ENDPOINT: 'https://r2.example', S3_FORCE_PATH_STYLE: 'false' }).blobStore)
      .toMatchObject({ forcePathStyle: false });
    expect(loadConfig({ BLOB_STORE: 'fs', S3_BUCKET: 'ignored' }).blobStore).toEqual({ kind: 'fs' });
  });

  it('names the variable that is missing or wrong', () => {
    expect(failure({ BLOB_STORE: 'disk' })).toBe('BLOB_STORE must be fs or s3 (got "disk")');
    expect(failure({ BLOB_STORE: 's3' })).toBe('S3_BUCKET must be set when BLOB_STORE=s3');
    expect(failure({ BLOB_STORE: 's3', S3_BUCKET: 'No_Such' })).toMatch(/^S3_BUCKET must be a bucket name/u);
    expect(failure({ BLOB_STORE: 's3', S3_BUCKET: 'bkt', S3_ENDPOINT: 'ftp://x' })).toMatch(/^S3_ENDPOINT /u);
    expect(failure({ BLOB_STORE: 's3', S3_BUCKET: 'bkt', S3_REGION: 'Europe West' })).toMatch(/^S3_REGION /u);
    expect(failure({ BLOB_STORE: 's3', S3_BUCKET: 'bkt', S3_FORCE_PATH_STYLE: 'maybe' })).toMatch(/^S3_FORCE_PATH_STYLE /u);
    expect(failure({ BLOB_STORE: 's3', S3_BUCKET: 'bkt', AWS_ACCESS_KEY_ID: 'id-only' })).toBe('AWS_SECRET_ACCESS_KEY must be set with the other AWS key');
  });

  it('takes both AWS keys, never showing them', () => {
    const config = loadConfig({ BLOB_STORE: 's3', S3_BUCKET: 'bkt', AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE', AWS_SECRET_ACCESS_KEY: 'secret-example' });
    expect(config.blobStore).toMatchObject({ credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret-example' } });
  });
});

describe('PORT', () => {
  it('accepts 0 to 65535 and builds the default PUBLIC_URL from it', () => {
    expect(loadConfig({ PORT: '8080' })).toMatchObject({ port: 8080, publicUrl: 'http://localhost:8080' });
    expect(loadConfig({ PORT: '0' }).port).toBe(0);
    expect(loadConfig({ PORT: '65535' }).port).toBe(65_535);
  });

  it.each(['abc', '-1', '65536', '80.5', '1e3', '0x50'])('rejects %j', (value) => {
    expect(failure({ PORT: value })).toBe(`PORT must be an integer from 0 to 65535 (got "${value}")`);
  });
});

describe('HOST', () => {
  it.each(['0.0.0.0', '::', '::1', 'localhost', 'api.internal'])('accepts %j', (value) => {
    expect(loadConfig({ HOST: value }).host).toBe(value);
  });

  it.each(['not a host', 'http://x', '-bad-', 'a..b'])('rejects %j', (value) => {
    expect(failure({ HOST: value })).toMatch(/^HOST must be an IP address or a host name \(got /u);
  });
});

describe('PUBLIC_URL', () => {
  it.each([
    ['https://notes.example.org', 'https://notes.example.org'],
    ['http://localhost:8080', 'http://localhost:8080'],
    ['HTTPS://Notes.Example.org:443', 'https://notes.example.org'],
  ])('accepts %j as %j', (value, expected) => {
    expect(loadConfig({ PUBLIC_URL: value }).publicUrl).toBe(expected);
  });

  it.each([
    'https://notes.example.org/',
    'https://notes.example.org/app',
    'https://notes.example.org?x=1',
    'https://notes.example.org#top',
    'https://user:pw@notes.example.org',
    'ftp://notes.example.org',
    'notes.example.org',
  ])('rejects %j', (value) => {
    expect(failure({ PUBLIC_URL: value })).toMatch(/^PUBLIC_URL must be an http:\/\/ or https:\/\/ origin/u);
  });
});

describe('DATABASE_URL', () => {
  it.each(['postgres://postgres@127.0.0.1:5432/notes', 'postgresql://u:p@db/notes?sslmode=require'])('accepts %j', (value) => {
    expect(loadConfig({ DATABASE_URL: value }).databaseUrl).toBe(value);
  });

  it('rejects another scheme without showing the password', () => {
    const message = failure({ DATABASE_URL: 'mysql://app:s3cret@db/notes' });
    expect(message).toBe('DATABASE_URL must be a postgres:// or postgresql:// URL with a host (got "mysql://app:***@db/notes")');
    expect(message).not.toContain('s3cret');
  });

  it('rejects a value that is not a URL without echoing it', () => {
    expect(failure({ DATABASE_URL: 'host=db password=s3cret' })).toBe('DATABASE_URL must be a postgres:// or postgresql:// URL');
  });

  it('rejects a URL without a host', () => {
    expect(failure({ DATABASE_URL: 'postgres://' })).toMatch(/^DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL with a host/u);
  });
});

describe('DATA_DIR', () => {
  it('resolves the directory to an absolute path, existing or not', () => {
    expect(loadConfig({ DATA_DIR: dir }).dataDir).toBe(dir);
    expect(loadConfig({ DATA_DIR: 'var/notes' }).dataDir).toBe(resolve('var/notes'));
  });

  it('rejects a path that is a file', () => {
    expect(failure({ DATA_DIR: cert })).toBe(`DATA_DIR must be a directory (got ${JSON.stringify(cert)})`);
  });

  it('rejects a path with a NUL byte', () => {
    expect(failure({ DATA_DIR: 'a\0b' })).toBe('DATA_DIR must be a path (got "a\\u0000b")');
  });
});

describe('REDIS_URL', () => {
  it.each(['redis://127.0.0.1:6379', 'rediss://:pw@cache:6380/1'])('accepts %j', (value) => {
    expect(loadConfig({ REDIS_URL: value }).redisUrl).toBe(value);
  });

  it.each(['http://127.0.0.1:6379', '127.0.0.1:6379', 'redis://'])('rejects %j', (value) => {
    expect(failure({ REDIS_URL: value })).toMatch(/^REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL/u);
  });
});

describe('SIGNUP_LIMIT_PER_HOUR', () => {
  it('is 5 by default and reads a positive integer', () => {
    expect(loadConfig({}).signUpLimitPerHour).toBe(5);
    expect(loadConfig({ SIGNUP_LIMIT_PER_HOUR: '20' }).signUpLimitPerHour).toBe(20);
  });

  it.each(['0', '-1', 'five', '2.5'])('rejects SIGNUP_LIMIT_PER_HOUR=%j', (value) => {
    expect(failure({ SIGNUP_LIMIT_PER_HOUR: value })).toBe(`SIGNUP_LIMIT_PER_HOUR must be an integer from 1 to 1000000000 (got "${value}")`);
  });
});

describe('RATE_LIMIT_MAX and RATE_LIMIT_WINDOW_S', () => {
  it('reads positive integers', () => {
    expect(loadConfig({ RATE_LIMIT_MAX: '5', RATE_LIMIT_WINDOW_S: '60' })).toMatchObject({ rateLimitMax: 5, rateLimitWindowS: 60 });
  });

  it.each(['0', '-3', 'ten', '1.5'])('rejects RATE_LIMIT_MAX=%j', (value) => {
    expect(failure({ RATE_LIMIT_MAX: value })).toBe(`RATE_LIMIT_MAX must be an integer from 1 to 1000000000 (got "${value}")`);
  });

  it.each(['0', '31536001', 'x'])('rejects RATE_LIMIT_WINDOW_S=%j', (value) => {
    expect(failure({ RATE_LIMIT_WINDOW_S: value })).toBe(`RATE_LIMIT_WINDOW_S must be an integer from 1 to 31536000 (got "${value}")`);
  });
});

describe('TLS_CERT_FILE and TLS_KEY_FILE', () => {
  it('takes both when both are readable files', () => {
    expect(loadConfig({ TLS_CERT_FILE: cert, TLS_KEY_FILE: key })).toMatchObject({ tlsCertFile: cert, tlsKeyFile: key });
  });

  it('wants both or neither', () => {
    expect(failure({ TLS_CERT_FILE: cert })).toBe('TLS_KEY_FILE must be set when TLS_CERT_FILE is');
    expect(failure({ TLS_KEY_FILE: key })).toBe('TLS_CERT_FILE must be set when TLS_KEY_FILE is');
  });

  it('rejects a missing file and a directory', () => {
    const missing = join(dir, 'missing.pem');
    expect(failure({ TLS_CERT_FILE: missing, TLS_KEY_FILE: key })).toBe(`TLS_CERT_FILE must name a readable file (got ${JSON.stringify(missing)})`);
    expect(failure({ TLS_CERT_FILE: cert, TLS_KEY_FILE: dir })).toBe(`TLS_KEY_FILE must name a readable file (got ${JSON.stringify(dir)})`);
  });
});

describe('TRUST_PROXY', () => {
  it.each([['true', true], ['TRUE', true], ['1', true], ['false', false], ['0', false]])('reads %j as %j', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toBe(expected);
  });

  it.each(['yes', 'on', '2'])('rejects %j', (value) => {
    expect(failure({ TRUST_PROXY: value })).toBe(`TRUST_PROXY must be true or false (or 1 or 0) (got "${value}")`);
  });
});

describe('WEBHOOK_ALLOW_PRIVATE', () => {
  it.each([['true', true], ['1', true], ['false', false], ['', false]])('reads %j as %j', (value, expected) => {
    expect(loadConfig({ WEBHOOK_ALLOW_PRIVATE: value }).webhookAllowPrivate).toBe(expected);
  });

  it('rejects anything else, naming the variable', () => {
    expect(failure({ WEBHOOK_ALLOW_PRIVATE: 'sometimes' })).toBe('WEBHOOK_ALLOW_PRIVATE must be true or false (or 1 or 0) (got "sometimes")');
  });
});

describe('LOG_LEVEL', () => {
  it.each(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent', 'DEBUG'])('accepts %j', (value) => {
    expect(loadConfig({ LOG_LEVEL: value }).logLevel).toBe(value.toLowerCase());
  });

  it.each(['verbose', 'warning'])('rejects %j', (value) => {
    expect(failure({ LOG_LEVEL: value })).toBe(
      `LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "${value}")`,
    );
  });
});

describe('ACCESS_TOKEN_TTL_S', () => {
  it('is null (no expiry) when unset, else a number of seconds', () => {
    expect(loadConfig({}).accessTokenTtlS).toBeNull();
    expect(loadConfig({ ACCESS_TOKEN_TTL_S: '3600' }).accessTokenTtlS).toBe(3600);
  });

  it.each(['0', '-60', 'an hour', '3153600001'])('rejects %j', (value) => {
    expect(failure({ ACCESS_TOKEN_TTL_S: value })).toBe(`ACCESS_TOKEN_TTL_S must be an integer from 1 to 3153600000 (got "${value}")`);
  });
});

describe('messages', () => {
  it('keep a long value on one line and cut it', () => {
    const message = failure({ LOG_LEVEL: `${'x'.repeat(200)}\nmore` });
    expect(message.length).toBeLessThan(200);
  });
});

describe('METRICS_TOKEN', () => {
  const token = 'mEtr1cs-t0ken_of.24~chars+/=';

  it('is absent (GET /metrics open) when unset, else the token', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: token }).metricsToken).toBe(token);
  });

  it.each(['short-token', 'a token with spaces in it', `${'x'.repeat(257)}`, 'non-ascii-tökenxxxxxxxxxxxxx'])('rejects %j without echoing it', (value) => {
    const message = failure({ METRICS_TOKEN: value });
    expect(message).toMatch(/^METRICS_TOKEN must be 16 to 256 characters/u);
    expect(message).not.toContain(value);
  });
});

describe('SMTP_URL and MAIL_FROM', () => {
  it('takes smtp: and smtps: URLs with a host', () => {
    expect(loadConfig({ SMTP_URL: 'smtp://user:pass@mail.example.org:587' }).smtpUrl).toBe('smtp://user:pass@mail.example.org:587');
    expect(loadConfig({ SMTP_URL: 'smtps://mail.example.org' }).smtpUrl).toBe('smtps://mail.example.org');
  });

  it('refuses any other URL on one line naming the variable, never showing the password', () => {
    for (const value of ['http://mail.example.org', 'mail.example.org:25', 'smtp://', 'smtp://?host=x']) {
      const message = failure({ SMTP_URL: value });
      expect(message).toMatch(/^SMTP_URL must be a smtp:\/\/ or smtps:\/\/ URL/u);
    }
    expect(failure({ SMTP_URL: 'http://u:secret@mail.example.org' })).not.toContain('secret');
  });

  it('defaults MAIL_FROM to no-reply at the host of PUBLIC_URL', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://notes.example.org:8443' }).mailFrom).toBe('Place Notes <no-reply@notes.example.org>');
  });

  it('takes an address or a named address, and refuses anything else naming MAIL_FROM', () => {
    expect(loadConfig({ MAIL_FROM: 'notes@example.org' }).mailFrom).toBe('notes@example.org');
    expect(loadConfig({ MAIL_FROM: 'Notes <notes@example.org>' }).mailFrom).toBe('Notes <notes@example.org>');
    expect(failure({ MAIL_FROM: 'not an address' })).toMatch(/^MAIL_FROM must be an e-mail address/u);
    expect(failure({ MAIL_FROM: 'a@b.org\nBcc: c@d.org' })).toMatch(/^MAIL_FROM /u);
  });
});
