import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../..');
const BIN = join(ROOT, 'node_modules/.bin');

/** A running `npm start`: the npm process, the port and pid its server logged, its exit, and everything it printed. */
export interface NpmStarted { npm: ChildProcess; port: number; serverPid: number; exited: Promise<number | null>; log(): string }

/** `npm start` on the repository, resolved once the server logs that it listens (with the pid it logs). */
export function npmStart(dataDir: string, extraEnv: Record<string, string> = {}): Promise<NpmStarted> {
  const npm = spawn('npm', ['start'], {
    cwd: ROOT,
    env: { PATH: `${BIN}:${process.env.PATH ?? ''}`, HOME: process.env.HOME, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'info', ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((done) => npm.on('exit', (code) => done(code)));
  let log = '';
  return new Promise((done, fail) => {
    let listening = false;
    npm.stderr?.on('data', (chunk: Buffer) => { log += chunk.toString(); });
    npm.stdout?.on('data', (chunk: Buffer) => {
      log += chunk.toString();
      const line = listening ? null : log.split('\n').find((l) => l.includes('Place Notes is listening on'));
      if (line) {
        listening = true;
        const { pid, msg } = JSON.parse(line) as { pid: number; msg: string };
        const port = Number(new URL(/listening on (\S+)/u.exec(msg)?.[1] ?? '').port);
        done({ npm, port, serverPid: pid, exited, log: () => log });
      }
    });
    void exited.then((code) => { if (!listening) fail(new Error(`npm start exited (${code}) before listening:\n${log}`)); });
  });
}
