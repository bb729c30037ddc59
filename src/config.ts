import { accessSync, constants, statSync } from 'node:fs';
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import type { Config } from './config-types';

/** A bad environment variable; the message is one line that names it. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';

  constructor(readonly variable: string, problem: string, shown: string | null) {
    super(`${variable} ${problem}${shown === null ? '' : ` (got ${shown})`}`);
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const HOSTNAME = /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/u;
const SHOWN_MAX = 80;

/** Reads and checks every variable of docs/configuration.md; throws ConfigError on the first bad one. */
export function loadConfig(env: NodeJS.ProcessEnv): Config {
  // An empty value counts as unset, as `VAR=` in compose files and shells means.
  const read = (name: string): string | undefined => {
    const value = env[name];
    return value === undefined || value.trim() === '' ? undefined : value;
  };
  const port = integer('PORT', read('PORT'), 3000, 0, 65_535);
  const tls = tlsFiles(read('TLS_CERT_FILE'), read('TLS_KEY_FILE'));
  return {
    port,
    host: host(read('HOST')),
    publicUrl: publicUrl(read('PUBLIC_URL'), port),
    databaseUrl: urlOf('DATABASE_URL', read('DATABASE_URL'), ['postgres:', 'postgresql:']),
    dataDir: dataDir(read('DATA_DIR')),
    redisUrl: urlOf('REDIS_URL', read('REDIS_URL'), ['redis:', 'rediss:']),
    rateLimitMax: integer('RATE_LIMIT_MAX', read('RATE_LIMIT_MAX'), 100, 1, 1_000_000_000),
    rateLimitWindowS: integer('RATE_LIMIT_WINDOW_S', read('RATE_LIMIT_WINDOW_S'), 600, 1, 31_536_000),
    signUpLimitPerHour: integer('SIGNUP_LIMIT_PER_HOUR', read('SIGNUP_LIMIT_PER_HOUR'), 5, 1, 1_000_000_000),
    tlsCertFile: tls.cert,
    tlsKeyFile: tls.key,
    trustProxy: boolean('TRUST_PROXY', read('TRUST_PROXY'), false),
    logLevel: logLevel(read('LOG_LEVEL')),
    // Unset: tokens do not expire (docs/oauth.md); at most a hundred years.
    accessTokenTtlS: optionalInteger('ACCESS_TOKEN_TTL_S', read('ACCESS_TOKEN_TTL_S'), 1, 3_153_600_000),
    ...metricsToken(read('METRICS_TOKEN')),
    mapTileUrl: tileUrl(read('MAP_TILE_URL')),
    mapTileAttribution: read('MAP_TILE_ATTRIBUTION')?.trim() ?? DEFAULT_TILE_ATTRIBUTION,
    blobStore: blobStore(read),
    webhookAllowPrivate: boolean('WEBHOOK_ALLOW_PRIVATE', read('WEBHOOK_ALLOW_PRIVATE'), false),
    ...mail(read, publicUrl(read('PUBLIC_URL'), port)),
  };
}

/** SMTP_URL (`smtp:` or `smtps:`, with a host; unset: mail goes to files in DATA_DIR/mail) and MAIL_FROM. */
function mail(read: (name: string) => string | undefined, origin: string): Pick<Config, 'smtpUrl' | 'mailFrom'> {
  const smtpUrl = urlOf('SMTP_URL', read('SMTP_URL'), ['smtp:', 'smtps:']);
  if (smtpUrl !== null && new URL(smtpUrl).hostname === '') {
    throw new ConfigError('SMTP_URL', 'must be a smtp:// or smtps:// URL with a host', null);
  }
  const raw = read('MAIL_FROM')?.trim();
  if (raw === undefined) return { smtpUrl, mailFrom: `Place Notes <no-reply@${new URL(origin).hostname}>` };
  // A bare address, or a display name and an address in angle brackets, on one line.
  const address = /^[^\s@<>]+@[^\s@<>]+$/u;
  const named = /^[^<>\r\n]*<[^\s@<>]+@[^\s@<>]+>$/u;
  if (/[\r\n]/u.test(raw) || !(address.test(raw) || named.test(raw))) {
    throw new ConfigError('MAIL_FROM', 'must be an e-mail address, or a name and an address in angle brackets, like Place Notes <no-reply@example.org>', shown(raw));
  }
  return { smtpUrl, mailFrom: raw };
}

// S3's rules for a bucket name: 3-63 lowercase letters, digits, dots and hyphens, a letter or digit at each end.
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/u;
const REGION = /^[a-z0-9-]{1,32}$/u;

/** BLOB_STORE (`fs`, the default, or `s3`) and, for `s3`, S3_BUCKET (required), S3_ENDPOINT, S3_REGION, S3_FORCE_PATH_STYLE. */
function blobStore(read: (name: string) => string | undefined): Config['blobStore'] {
  const raw = read('BLOB_STORE');
  const kind = raw?.trim().toLowerCase() ?? 'fs';
  if (kind === 'fs') return { kind: 'fs' };
  if (kind !== 's3') throw new ConfigError('BLOB_STORE', 'must be fs or s3', shown(raw ?? ''));
  const bucket = read('S3_BUCKET')?.trim();
  if (bucket === undefined) throw new ConfigError('S3_BUCKET', 'must be set when BLOB_STORE=s3', null);
  if (!BUCKET.test(bucket)) throw new ConfigError('S3_BUCKET', 'must be a bucket name (3-63 of a-z 0-9 . -)', shown(bucket));
  const endpoint = urlOf('S3_ENDPOINT', read('S3_ENDPOINT'), ['http:', 'https:']);
  const region = read('S3_REGION')?.trim() ?? 'us-east-1';
  if (!REGION.test(region)) throw new ConfigError('S3_REGION', 'must be a region name such as eu-west-1', shown(region));
  // A store of one's own (MinIO and the like) is addressed by path; AWS S3 by virtual host.
  const forcePathStyle = boolean('S3_FORCE_PATH_STYLE', read('S3_FORCE_PATH_STYLE'), endpoint !== null);
  const accessKeyId = read('AWS_ACCESS_KEY_ID');
  const secretAccessKey = read('AWS_SECRET_ACCESS_KEY');
  if ((accessKeyId === undefined) !== (secretAccessKey === undefined)) {
    throw new ConfigError(accessKeyId === undefined ? 'AWS_ACCESS_KEY_ID' : 'AWS_SECRET_ACCESS_KEY', 'must be set with the other AWS key', null);
  }
  const credentials = accessKeyId !== undefined && secretAccessKey !== undefined ? { credentials: { accessKeyId, secretAccessKey } } : {};
  return { kind: 's3', bucket, endpoint, region, forcePathStyle, ...credentials };
}

/** OpenStreetMap's standard tile server and the attribution its tile usage policy requires. */
export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const DEFAULT_TILE_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

/** A tile URL template: http(s), with `{z}`, `{x}` and `{y}`. */
function tileUrl(raw: string | undefined): string {
  if (raw === undefined) return DEFAULT_TILE_URL;
  const value = raw.trim();
  const problem = 'must be an http(s) URL template holding {z}, {x} and {y}';
  const url = URL.parse(value.replaceAll('{s}', 'a'));
  if (url === null || (url.protocol !== 'https:' && url.protocol !== 'http:') || !['{z}', '{x}', '{y}'].every((p) => value.includes(p))) {
    throw new ConfigError('MAP_TILE_URL', problem, shown(value));
  }
  return value;
}

/** The value as it appears in a message: quoted, escaped onto one line, and cut when long. */
function shown(value: string): string {
  const cut = [...value].length > SHOWN_MAX ? `${[...value].slice(0, SHOWN_MAX).join('')}…` : value;
  return JSON.stringify(cut);
}

function integer(name: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined) return fallback;
  const value = Number(raw.trim());
  if (!/^[+-]?\d+$/u.test(raw.trim()) || !Number.isSafeInteger(value) || value < min || value > max) {
    throw new ConfigError(name, `must be an integer from ${min} to ${max}`, shown(raw));
  }
  return value;
}

function optionalInteger(name: string, raw: string | undefined, min: number, max: number): number | null {
  return raw === undefined ? null : integer(name, raw, min, min, max);
}

function boolean(name: string, raw: string | undefined, fallback: boolean): boolean {
  if (raw === undefined) return fallback;
  const value = raw.trim().toLowerCase();
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  throw new ConfigError(name, 'must be true or false (or 1 or 0)', shown(raw));
}

function host(raw: string | undefined): string {
  if (raw === undefined) return '127.0.0.1';
  const value = raw.trim();
  if (isIP(value) === 0 && !HOSTNAME.test(value)) {
    throw new ConfigError('HOST', 'must be an IP address or a host name', shown(raw));
  }
  return value;
}

function publicUrl(raw: string | undefined, port: number): string {
  if (raw === undefined) return `http://localhost:${port}`;
  const problem = 'must be an http:// or https:// origin without a path or trailing slash, like https://notes.example.org';
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new ConfigError('PUBLIC_URL', problem, shown(raw));
  }
  const extra = url.pathname !== '/' || url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '';
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || extra || raw.trim().endsWith('/')) {
    throw new ConfigError('PUBLIC_URL', problem, shown(raw));
  }
  return url.origin;
}

/** A URL with one of the schemes; its password never appears in a message. */
function urlOf(name: string, raw: string | undefined, schemes: readonly string[]): string | null {
  if (raw === undefined) return null;
  const problem = `must be a ${schemes.map((s) => `${s}//`).join(' or ')} URL`;
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new ConfigError(name, problem, null);
  }
  if (!schemes.includes(url.protocol) || (url.hostname === '' && !url.searchParams.has('host'))) {
    if (url.password !== '') url.password = '***';
    throw new ConfigError(name, `${problem} with a host`, shown(url.href));
  }
  return raw.trim();
}

function dataDir(raw: string | undefined): string {
  if (raw?.includes('\0')) throw new ConfigError('DATA_DIR', 'must be a path', shown(raw));
  const path = resolve(raw ?? './data');
  try {
    if (!statSync(path).isDirectory()) throw new ConfigError('DATA_DIR', 'must be a directory', shown(path));
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    // A directory that does not exist yet is created when it is first used.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new ConfigError('DATA_DIR', 'must be a directory this process can use', shown(path));
    }
  }
  return path;
}

function tlsFiles(cert: string | undefined, key: string | undefined): { cert: string | null; key: string | null } {
  if (cert === undefined && key === undefined) return { cert: null, key: null };
  if (cert === undefined) throw new ConfigError('TLS_CERT_FILE', 'must be set when TLS_KEY_FILE is', null);
  if (key === undefined) throw new ConfigError('TLS_KEY_FILE', 'must be set when TLS_CERT_FILE is', null);
  return { cert: readableFile('TLS_CERT_FILE', cert), key: readableFile('TLS_KEY_FILE', key) };
}

function readableFile(name: string, raw: string): string {
  const path = resolve(raw);
  try {
    accessSync(path, constants.R_OK);
    if (statSync(path).isFile()) return path;
  } catch {
    // Falls through to the one message below, whatever the reason.
  }
  throw new ConfigError(name, 'must name a readable file', shown(raw));
}

// What a Bearer header carries (RFC 6750 token68), long enough not to be guessed.
const METRICS_TOKEN = /^[A-Za-z0-9\-._~+/]{16,256}=*$/u;

/** A secret: a bad value is never shown in the message. */
function metricsToken(raw: string | undefined): Pick<Config, 'metricsToken'> {
  if (raw === undefined) return {};
  if (!METRICS_TOKEN.test(raw.trim()) || raw.trim().length > 256) {
    throw new ConfigError('METRICS_TOKEN', 'must be 16 to 256 characters of A-Z a-z 0-9 - . _ ~ + / (then = padding), such as the output of openssl rand -hex 32', null);
  }
  return { metricsToken: raw.trim() };
}

function logLevel(raw: string | undefined): Config['logLevel'] {
  if (raw === undefined) return 'info';
  const value = raw.trim().toLowerCase();
  const level = LOG_LEVELS.find((l) => l === value);
  if (level === undefined) throw new ConfigError('LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')}`, shown(raw));
  return level;
}
