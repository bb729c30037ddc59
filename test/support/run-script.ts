import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { entryArguments } from './built-server';

const ROOT = resolve(__dirname, '../..');
const NODE = join(ROOT, 'node_modules/.bin/node');

/** How a script run to its end finished. */
export interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs a TypeScript entry point of the project (e.g. `src/cli.ts`) in the project's folder, to its end: its build
 * when dist/ is current, else the source with tsx (built-server.ts).
 */
export function runScript(script: string, args: readonly string[], env: NodeJS.ProcessEnv): Promise<Finished> {
  return new Promise((done, fail) => {
    const child = spawn(NODE, [...entryArguments(script), ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => { stdout += chunk.toString(); });
    child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}
