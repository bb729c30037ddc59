/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  // Per-file transpilation (no type check: `npm run typecheck` does that) keeps tests fast.
  transform: { '^.+\\.ts$': ['ts-jest', { diagnostics: false }] },
  setupFiles: ['reflect-metadata'],
  testTimeout: 30_000,
  // PGlite instances are memory-hungry WASM; two workers fit the 2-core machines.
  maxWorkers: 2,
};
