// `npm start` and `npm run build`. Node runs this file as it is (type stripping), before anything is compiled:
// it imports nothing but Node itself. `npm start` builds dist/ only when a source changed since the last
// build, then *becomes* the server (execve), so the signals npm forwards reach the server itself.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import type * as Esbuild from 'esbuild';

const ROOT = resolve(import.meta.dirname, '../..');
/** What the build reads: a change to any of these (a file's content, or a directory's list of files) makes dist/ stale. */
const INPUTS = ['src', 'db', 'tsconfig.json', 'tsconfig.build.json', 'package-lock.json'];
const MAIN = join(ROOT, 'dist/src/main.js');
/**
 * V8 flags of the server (decision `v8-flags`, docs/benchmarks.md). Node 24 sizes the young generation by the machine's memory
 * (up to 64 MB a semi-space here); under load it filled to 128 MB and was never given back. It is held at 4 MB a
 * semi-space, and scavenged by the main thread alone: V8's helper threads cost more than they save on a young
 * generation this small on two busy cores (a scavenge under a load of pages took 0.5 ms of pause alone, 1.1 ms with
 * helpers). Against 8 MB scavenged in parallel, that held the peak of the same load 5–14 MB lower (V8 also starts a
 * full collection a semi-space earlier) for about 3 % more CPU a page and none a note read, in two paired runs
 * (docs/benchmarks.md, Memory). Maglev, V8's middle compiler, is left out: a server's hot code is TurboFan's anyway,
 * and without Maglev's code and compile memory the peak was about 30 MB lower at the same speed. The old generation
 * is left uncapped (a page of the largest comments needs room), but a full collection comes when it has grown by 20 %
 * since the last one: V8's own factor let it grow two to four times under load, dead objects and all. Under mixed
 * load that is a full collection every few seconds, well under 1 % of the time; 20 % held the peak 3–8 MB lower
 * than 30 % at no measurable cost (docs/benchmarks.md, Memory).
 * WebAssembly (PGlite, the embedded database) is compiled by V8's baseline compiler only: optimising PostgreSQL's
 * largest function took 600 MB for seconds after every start, for about 15 % less CPU a read (decision `pglite-memory`,
 * docs/operations.md, Memory).
 *
 * And the server's environment defaults, unless the operator set them: glibc gives each thread that
 * allocates its own malloc arena and keeps what it freed there (V8's compiler threads peak at about 25 MB); with one
 * arena, what they free serves the main thread's next allocations. Together with the flags above it held the peak
 * about 20 MB lower.
 *
 * Both live in server-runtime.json, which the benchmark and the tests' server children read too, so what they measure
 * is the server as `npm start` runs it; the container image passes the same (docker/Dockerfile, checked by a test).
 */
const { flags: SERVER_FLAGS, env: SERVER_ENV } = JSON.parse(readFileSync(join(import.meta.dirname, 'server-runtime.json'), 'utf8')) as {
  flags: readonly string[];
  env: Readonly<Record<string, string>>;
};
/** Written after a build that succeeded, with the time that build started. */
const STAMP = join(ROOT, 'dist/.build-stamp');

/** The latest modification time under `path` (directories count: a deleted or renamed file changes its directory). */
function newestChange(path: string): number {
  const stats = statSync(path, { throwIfNoEntry: false });
  if (stats === undefined) return 0;
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestChange(join(path, entry)));
  return newest;
}

function isStale(): boolean {
  const stamp = statSync(STAMP, { throwIfNoEntry: false });
  if (stamp === undefined || !existsSync(MAIN)) return true;
  return INPUTS.some((input) => newestChange(join(ROOT, input)) > stamp.mtimeMs);
}

/** Runs tsc; a signal meanwhile stops it too (npm forwards SIGTERM to this process only). */
async function build(): Promise<number> {
  const startedAt = new Date();
  rmSync(STAMP, { force: true });
  const tsc = createRequire(join(ROOT, 'package.json')).resolve('typescript/bin/tsc');
  const child = spawn(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: ROOT, stdio: 'inherit' });
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  process.on('SIGTERM', forward);
  process.on('SIGINT', forward);
  const code = await new Promise<number>((done) => {
    child.on('error', () => done(1));
    child.on('exit', (status, signal) => done(status ?? (signal === null ? 1 : 128 + signalNumber(signal))));
  });
  process.off('SIGTERM', forward);
  process.off('SIGINT', forward);
  if (code !== 0) return code;
  try {
    await bundleVendorPackages();
  } catch (error) {
    process.stderr.write(`npm run build: bundling ${VENDOR_PACKAGES.join(' and ')} failed: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
  // The start time, not the end: a source saved during the build makes the next start build again.
  writeFileSync(STAMP, `${startedAt.toISOString()}\n`);
  utimesSync(STAMP, startedAt, startedAt);
  return 0;
}

/**
 * Packages published as hundreds of ES modules. Node keeps a module record, a namespace and a scope for each module
 * it loads, which cost more heap than their code: TypeBox's schema builder and compiler and Kysely held 8.5 MB as ES
 * modules, 3.9 MB bundled (docs/benchmarks.md, decision `vendor-bundles`). The build bundles each into one CommonJS file under
 * dist/vendor with esbuild (the bundler tsx already runs on), with one small file per entry point of the package
 * (`typebox/compile`…) and a manifest; the built server resolves those names there (src/runtime/vendor-bundles.ts).
 * A package that is not installed is left out (the launcher's own tests build small projects).
 *
 * The bundles are written without comments or layout (names are kept, so stack traces still name the functions):
 * V8 keeps a module's source text for as long as the module lives, and a single character beyond Latin-1 (an em
 * dash in one of Kysely's comments) made it keep the whole bundle at two bytes a character. Kysely's source went
 * from 1.09 MB of heap to 0.30, TypeBox's from 0.69 to 0.55 (docs/benchmarks.md, Memory).
 */
const VENDOR_PACKAGES = ['typebox', 'kysely'];
const VENDOR = join(ROOT, 'dist/vendor');

async function bundleVendorPackages(): Promise<void> {
  rmSync(VENDOR, { recursive: true, force: true });
  mkdirSync(VENDOR, { recursive: true });
  const esbuild = createRequire(join(ROOT, 'package.json'))('esbuild') as typeof Esbuild;
  const manifest: Record<string, string> = {};
  for (const name of VENDOR_PACKAGES) {
    const packageJson = join(ROOT, 'node_modules', name, 'package.json');
    if (!existsSync(packageJson)) continue;
    const { exports } = JSON.parse(readFileSync(packageJson, 'utf8')) as { exports?: Record<string, unknown> };
    // Each entry point of the package (`.`, `./compile`…) as a name the server imports.
    const specifiers = Object.keys(exports ?? { '.': null })
      .filter((key) => key === '.' || (key.startsWith('./') && !key.includes('*') && key !== './package.json'))
      .map((key) => (key === '.' ? name : `${name}/${key.slice(2)}`));
    const bundle = join(VENDOR, `${name}.cjs`);
    const entry = join(VENDOR, `${name}.entry.mjs`);
    writeFileSync(entry, specifiers.map((specifier, i) => `export * as e${i} from ${JSON.stringify(specifier)};\n`).join(''));
    await esbuild.build({ entryPoints: [entry], outfile: bundle, bundle: true, format: 'cjs', platform: 'node', target: 'node24', logLevel: 'warning', minifyWhitespace: true, minifySyntax: true });
    rmSync(entry);
    specifiers.forEach((specifier, i) => {
      const file = join(VENDOR, `${specifier}${specifier === name ? '/index' : ''}.cjs`);
      mkdirSync(dirname(file), { recursive: true });
      const path = relative(dirname(file), bundle);
      writeFileSync(file, `module.exports = require(${JSON.stringify(path.startsWith('.') ? path : `./${path}`)}).e${i};\n`);
      manifest[specifier] = relative(VENDOR, file);
    });
  }
  writeFileSync(join(VENDOR, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
}

function signalNumber(signal: NodeJS.Signals): number {
  return signal === 'SIGINT' ? 2 : signal === 'SIGTERM' ? 15 : 9;
}

async function main(): Promise<void> {
  const buildOnly = process.argv[2] === '--build';
  if (buildOnly || isStale()) {
    if (!buildOnly) process.stderr.write('npm start: the sources changed since the last build; building dist/\n');
    const code = await build();
    if (code !== 0 || buildOnly) process.exit(code);
  }
  // Same pid, same stdio, no parent left behind to swallow SIGTERM.
  process.execve?.(process.execPath, [process.execPath, ...SERVER_FLAGS, MAIN, ...process.argv.slice(2)], { ...SERVER_ENV, ...process.env });
  process.stderr.write(`npm start: this platform cannot replace a process; run node ${MAIN} instead\n`);
  process.exit(1);
}

void main();
