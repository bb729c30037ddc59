/** The validated configuration of one process (see docs/configuration.md). */
export interface Config {
  port: number;
  host: string;
  /** Origin used to build `link`, `urlRoot` and redirect URLs; no trailing slash. */
  publicUrl: string;
  /** `postgres://…` selects PostgreSQL; null selects the embedded PGlite database in `dataDir`. */
  databaseUrl: string | null;
  dataDir: string;
  redisUrl: string | null;
  rateLimitMax: number;
  rateLimitWindowS: number;
  /** SIGNUP_LIMIT_PER_HOUR: successful web sign-ups per client address in any hour (5). */
  signUpLimitPerHour: number;
  tlsCertFile: string | null;
  tlsKeyFile: string | null;
  trustProxy: boolean;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Lifetime of access tokens in seconds; null: they do not expire. */
  accessTokenTtlS: number | null;
  /** When set, `GET /metrics` wants `Authorization: Bearer <this>`; absent, it is open to whoever reaches it. */
  metricsToken?: string;
  /** The web pages' map tiles: a `{z}/{x}/{y}` URL template (`{s}` for a sub-domain is allowed). */
  mapTileUrl: string;
  /** The tile provider's attribution, shown on every map (HTML: a link to the provider's terms is usual). */
  mapTileAttribution: string;
  /** Where uploaded files go with a database: `DATA_DIR/blobs` (`fs`), or an S3-compatible bucket shared by every instance. */
  blobStore: BlobStoreConfig;
  /** WEBHOOK_ALLOW_PRIVATE: webhooks may be delivered to private, loopback and link-local addresses (tests, private networks). */
  webhookAllowPrivate: boolean;
  /** SMTP_URL: where mail is sent (`smtp:` with STARTTLS when offered, or `smtps:`); null: written to `DATA_DIR/mail`. */
  smtpUrl: string | null;
  /** MAIL_FROM: the From of every mail; by default `Place Notes <no-reply@` + PUBLIC_URL's host + `>`. */
  mailFrom: string;
}

export type BlobStoreConfig =
  | { kind: 'fs' }
  | {
    kind: 's3';
    bucket: string;
    /** The store's URL; null for AWS S3 itself. */
    endpoint: string | null;
    region: string;
    forcePathStyle: boolean;
    /** From AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY when both are set; else the AWS SDK's other sources (a profile, a role). */
    credentials?: { accessKeyId: string; secretAccessKey: string };
  };
export const CONFIG = Symbol('Config');
