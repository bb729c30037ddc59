import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../..');
/** What `npm run build` reads (src/runtime/launcher.mts): a change to any of these makes dist/ stale. */
const INPUTS = ['src', 'db', 'tsconfig.json', 'tsconfig.build.json', 'package-lock.json'];
const STAMP = join(ROOT, 'dist/.build-stamp');

function newestChange(path: string): number {
  const stats = statSync(path, { throwIfNoEntry: false });
  if (stats === undefined) return 0;
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestChange(join(path, entry)));
  return newest;
}

/** Whether dist/ holds a build of the current sources, by the launcher's own rule (its stamp is newer than every input). */
export function builtIsCurrent(): boolean {
  const stamp = statSync(STAMP, { throwIfNoEntry: false });
  return stamp !== undefined && INPUTS.every((input) => newestChange(join(ROOT, input)) <= stamp.mtimeMs);
}

/**
 * Node's arguments to run an entry point of the project (`src/main.ts`, `src/cli.ts`…): its build in dist/ when that
 * is current, as `npm start` runs it (CI builds it before the tests: .ci/run), else the source through tsx. A
 * start of the built server took 1.6 s of CPU, through tsx 2.9 s; the process tests start some thirty servers and CLIs.
 */
export function entryArguments(source: string): string[] {
  const built = join(ROOT, 'dist', source.replace(/\.ts$/u, '.js'));
  if (source.startsWith('src/') && existsSync(built) && builtIsCurrent()) return [built];
  return ['--import', 'tsx', join(ROOT, source)];
}
