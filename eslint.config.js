// Layer rules: dependencies point inwards (see docs/architecture.md).
const js = require('@eslint/js');
const tseslint = require('typescript-eslint');

const infrastructure = ['fastify', 'fastify/*', '@fastify/*', 'kysely', 'kysely/*', 'pg', 'pg/*',
  '@electric-sql/*', 'tsyringe', 'typebox', 'typebox/*', '@node-oauth/*', 'pino', 'ioredis'];

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
);
