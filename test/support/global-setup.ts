import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';

/**
 * jest's global setup. Under CI=true every service, browser and database a test needs must be there before a test
 * runs (.ci/run starts them): one clear failure naming what is missing, not a run that passes by skipping.
 */
export default async function globalSetup(): Promise<void> {
  if (process.env.CI !== 'true') return;
  const missing: string[] = [];
  const url = process.env.TEST_DATABASE_URL;
  if (!url) missing.push('TEST_DATABASE_URL (a PostgreSQL database to test on)');
  else if (!(await answers(Number(new URL(url).port || 5432), new URL(url).hostname))) missing.push(`PostgreSQL at ${new URL(url).host}`);
  if (!(await answers(6379, '127.0.0.1', 'PING\r\n', '+PONG'))) missing.push('a Redis answering on 127.0.0.1:6379');
  for (const program of ['redis-server', 'unzip']) {
    try {
      execFileSync('sh', ['-c', `command -v ${program}`], { stdio: 'ignore' });
    } catch {
      missing.push(`${program} on PATH`);
    }
  }
  if (!existsSync('/usr/bin/chromium')) missing.push('Chromium at /usr/bin/chromium');
  if (missing.length > 0) {
    throw new Error(`CI=true, but the tests would have to skip for want of: ${missing.join('; ')}. `
      + 'Under CI nothing may be skipped: .ci/run starts or installs each of them.');
  }
}

/** Whether something listens on host:port (and, given a probe, answers it with `expected`). */
function answers(port: number, host: string, probe?: string, expected?: string): Promise<boolean> {
  return new Promise((done) => {
    const socket = net.connect(port, host);
    const finish = (ok: boolean) => { socket.destroy(); done(ok); };
    socket.setTimeout(2_000, () => finish(false));
    socket.once('error', () => finish(false));
    socket.once('connect', () => {
      if (probe === undefined) finish(true);
      else socket.write(probe);
    });
    socket.on('data', (chunk: Buffer) => finish(expected === undefined || chunk.toString().startsWith(expected)));
  });
}
