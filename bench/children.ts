// Child processes for the benchmark: started, awaited until they answer, and stopped by their own pid.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

const TAIL_CHARS = 4_000;

export interface Child {
  name: string;
  process: ChildProcess;
  /** The last few thousand characters it wrote, for error messages. */
  output(): string;
  /** Resolves with the exit code (or the signal's name) once it has exited. */
  exited: Promise<number | string>;
  /** SIGTERM, then SIGKILL if it has not exited within the grace period. */
  stop(graceMs?: number): Promise<void>;
}

export function startChild(name: string, command: string, args: readonly string[], env: NodeJS.ProcessEnv, ipc = false): Child {
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe', ...(ipc ? ['ipc' as const] : [])] });
  let tail = '';
  const keep = (chunk: Buffer): void => {
    tail = (tail + chunk.toString('utf8')).slice(-TAIL_CHARS);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | string>((resolve) => {
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown'));
    child.once('error', (error) => {
      keep(Buffer.from(`${error.message}\n`));
      resolve('spawn failed');
    });
  });
  let done = false;
  void exited.then(() => {
    done = true;
  });
  return {
    name,
    process: child,
    output: () => tail,
    exited,
    async stop(graceMs = 10_000) {
      if (done) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Runs a command to completion; rejects with its output when it fails or overruns. */
export async function runToEnd(name: string, command: string, args: readonly string[], env: NodeJS.ProcessEnv, timeoutMs: number): Promise<void> {
  const child = startChild(name, command, args, env);
  const timer = setTimeout(() => child.process.kill('SIGKILL'), timeoutMs);
  const status = await child.exited;
  clearTimeout(timer);
  if (status !== 0) throw new Error(`${name} failed (${status}):\n${child.output()}`);
}

/** A port free on 127.0.0.1 right now (the OS picks it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Polls `url` until it answers 200; fails when the child exits first or the deadline passes. */
export async function waitUntilOk(child: Child, url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void child.exited.then(() => {
    exited = true;
  });
  while (Date.now() < deadline) {
    if (exited) throw new Error(`${child.name} exited before answering ${url}:\n${child.output()}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${child.name} did not answer ${url} within ${timeoutMs} ms:\n${child.output()}`);
}
