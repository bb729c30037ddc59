/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: { '^.+\\.ts$': ['@swc/jest', {}] },
  setupFiles: ['reflect-metadata'],
  testTimeout: 30_000,
  // PGlite instances are memory-hungry WASM; two workers fit the 2-core machines.
  maxWorkers: 2,
};
