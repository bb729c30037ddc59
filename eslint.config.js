// Layer rules: dependencies point inwards (see docs/architecture.md).
const js = require('@eslint/js');
const { createNodeResolver, importX } = require('eslint-plugin-import-x');
const tseslint = require('typescript-eslint');

const infrastructure = ['fastify', 'fastify/*', '@fastify/*', 'kysely', 'kysely/*', 'pg', 'pg/*',
  '@electric-sql/*', 'tsyringe', 'typebox', 'typebox/*', '@node-oauth/*', 'pino', 'ioredis'];

/** Every adapter folder; each may import only the application, the domain, its own files and the shared modules named here. */
const ADAPTERS = ['archive', 'blobs', 'cli', 'http', 'images', 'oauth', 'page-kit', 'persistence', 'security', 'mail', 'system', 'web', 'webhooks', 'worker-kit'];
/**
 * The shared page pieces (layout, escaping, sessions, CSRF) that the web pages and the authorization endpoint both use,
 * and the loop the background workers (mail, webhooks) share.
 */
const SHARED_WITH = { web: ['page-kit'], oauth: ['page-kit'], mail: ['worker-kit'], webhooks: ['worker-kit'] };
/** The composition root and the entry points: only they wire adapters together. */
const ROOT = ['src/main.ts', 'src/cli.ts', 'src/migrate.ts', 'src/app.ts', 'src/container.ts', 'src/config.ts'];

const adapterZones = ADAPTERS.map((adapter) => ({
  target: `./src/adapters/${adapter}`,
  from: './src/adapters',
  except: [`./${adapter}`, ...(SHARED_WITH[adapter] ?? []).map((shared) => `./${shared}`)],
  message: `An adapter knows no other adapter (only ${['application', 'domain', ...(SHARED_WITH[adapter] ?? [])].join(', ')}); the root composes them.`,
}));
const rootZones = ['./src/adapters', './src/runtime', './src/application', './src/domain'].map((target) => ({
  target,
  from: ROOT.map((file) => `./${file}`),
  message: 'Only the root (main.ts, cli.ts, app.ts, container.ts) wires; nothing points back at it.',
}));
const layerZones = [
  { target: './src/domain', from: ['./src/application', './src/adapters', './src/runtime', './src/config-types.ts'], message: 'The domain depends on nothing else in src.' },
  { target: './src/application', from: ['./src/adapters', './src/runtime', './src/config-types.ts'], message: 'The application knows the domain and its own ports; use cases get narrow policies, never Config.' },
  { target: './src/runtime', from: ['./src/adapters/cli', './src/adapters/http', './src/adapters/web', './src/adapters/oauth'], message: 'The runtime (store, lock, admin socket) serves both entry points and knows none of their adapters.' },
];

module.exports = tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.js'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', module: 'writable', __dirname: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // The scripts the web pages load: plain browser scripts over Leaflet's global `L`, served as they are.
    files: ['src/adapters/web/assets/**/*.js'],
    languageOptions: {
      sourceType: 'script',
      globals: {
        window: 'readonly', document: 'readonly', navigator: 'readonly', history: 'readonly', fetch: 'readonly',
        URL: 'readonly', URLSearchParams: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', L: 'readonly',
      },
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
    },
  },
  {
    files: ['src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: infrastructure, message: 'The domain is pure: no framework, database or DI imports.' },
          { group: ['**/application/**', '**/adapters/**', '**/container', '**/config', '**/main'], message: 'The domain depends on nothing else in src.' },
        ],
      }],
    },
  },
  {
    files: ['src/application/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: infrastructure.filter((p) => p !== 'tsyringe'), message: 'The application layer knows only the domain and its ports (and tsyringe decorators).' },
          { group: ['**/adapters/**', '**/container', '**/main'], message: 'The application layer must not depend on adapters.' },
        ],
      }],
    },
  },
  {
    files: ['src/adapters/http/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ group: ['kysely', 'kysely/*', 'pg', '@electric-sql/*', '**/persistence/**'], message: 'HTTP adapters reach data only through application use cases and ports.' }],
      }],
    },
  },
  {
    files: ['src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js', '.json', '.node'] })] },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...layerZones, ...rootZones, ...adapterZones] }],
      'import-x/no-cycle': 'error',
    },
  },
  {
    files: ['src/adapters/web/**/*.ts', 'src/adapters/oauth/**/*.ts', 'src/adapters/page-kit/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ group: ['kysely', 'kysely/*', 'pg', '@electric-sql/*'], message: 'Pages reach data only through application use cases and ports.' }],
      }],
    },
  },
);
