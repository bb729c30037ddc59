// The built service (dist/, as `npm start` runs it) with the client features left out (ServerOptions.clientFeatures):
// the benchmark's measure of what CORS, compression, request ids, ETags, Link and Idempotency-Key cost a request.
// Node runs this file as it is (type stripping); SIGTERM stops it as it stops `npm start`.
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const require = createRequire(join(ROOT, 'package.json'));
require('reflect-metadata');
const { loadConfig } = require(join(ROOT, 'dist/src/config.js')) as typeof import('../src/config.js');
const { startService } = require(join(ROOT, 'dist/src/main.js')) as typeof import('../src/main.js');

const service = await startService(loadConfig(process.env), { clientFeatures: false });
process.once('SIGTERM', () => {
  void service.stop().then(() => process.exit(0), () => process.exit(1));
});
