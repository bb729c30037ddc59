/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  // Per-file transpilation (no type check: `npm run typecheck` does that) keeps tests fast.
  transform: { '^.+\\.ts$': ['ts-jest', { diagnostics: false }] },
  setupFiles: ['reflect-metadata'],
  testTimeout: 30_000,
  // Under CI=true, fails at once when a service, browser or database a test needs is missing (nothing is skipped).
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  // The files known to be slow start first, so that the two workers end together on a clean clone.
  testSequencer: '<rootDir>/test/support/slow-first-sequencer.js',
  // PGlite instances are memory-hungry WASM; two workers fit the 2-core machines.
  maxWorkers: 2,
};
