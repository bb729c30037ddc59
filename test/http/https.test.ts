import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import https from 'node:https';
import type { IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { HSTS } from '../../src/adapters/http/security-headers';
import { buildApp } from '../../src/app';
import { buildContainer } from '../../src/container';
import { selfSigned } from '../support/self-signed';
import { testConfig } from '../support/test-config';

function get(port: number, path: string, ca: Buffer): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = https.get({ host: '127.0.0.1', port, path, ca, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
  });
}

describe('HTTPS served by the process itself (TLS_CERT_FILE / TLS_KEY_FILE)', () => {
  let dir: string;
  let tls: { key: Buffer; cert: Buffer };
  let app: FastifyInstance;
  let port: number;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pn-tls-'));
    tls = selfSigned(dir);
    app = await buildApp(buildContainer(testConfig(), { kind: 'memory' }), { https: tls });
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers over TLS with HSTS on API responses, errors included', async () => {
    const ok = await get(port, '/v2/notes', tls.cert);
    expect(ok.status).toBe(200);
    expect(JSON.parse(ok.body).meta.http_status).toBe(200);
    expect(ok.headers['strict-transport-security']).toBe(HSTS);
    const missing = await get(port, '/v2/notes/999999', tls.cert);
    expect(missing.status).toBe(404);
    expect(missing.headers['strict-transport-security']).toBe(HSTS);
  });

  it('marks the web cookies Secure', async () => {
    const login = await get(port, '/login', tls.cert);
    expect(login.status).toBe(200);
    expect(login.headers['strict-transport-security']).toBe(HSTS);
    const cookies = login.headers['set-cookie'] ?? [];
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) expect(cookie).toMatch(/;\s*Secure/i);
  });

  it('refuses plain HTTP on the TLS port', async () => {
    const plain = await fetch(`http://127.0.0.1:${port}/healthz`).then(() => 'answered', () => 'refused');
    expect(plain).toBe('refused');
  });
});

describe('npm start with TLS_CERT_FILE and TLS_KEY_FILE', () => {
  const ROOT = resolve(__dirname, '../..');

  it('listens on HTTPS, sends HSTS, and stops cleanly on SIGTERM', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pn-tls-main-'));
    const tls = selfSigned(dir);
    const child = spawn(join(ROOT, 'node_modules/.bin/node'), ['--import', 'tsx', join(ROOT, 'src/main.ts')], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH, HOME: process.env.HOME, PORT: '0', LOG_LEVEL: 'info', DATA_DIR: join(dir, 'data'),
        TLS_CERT_FILE: join(dir, 'cert.pem'), TLS_KEY_FILE: join(dir, 'key.pem'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stderr.on('data', (chunk: Buffer) => { output += chunk.toString(); });
    try {
      const port = await new Promise<number>((done, fail) => {
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          const match = /listening on https:\/\/127\.0\.0\.1:(\d+)/u.exec(output);
          if (match?.[1] !== undefined) done(Number(match[1]));
        });
        child.on('exit', () => fail(new Error(`the server exited before listening:\n${output}`)));
      });
      const res = await get(port, '/v2/notes', tls.cert);
      expect(res.status).toBe(200);
      expect(res.headers['strict-transport-security']).toBe(HSTS);
      expect(res.headers['x-rate-limit-limit']).toBe('100');
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      const [code] = (await exited) as [number | null];
      expect(code).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
    // The child compiles the sources (tsx) and makes its embedded database from nothing (initdb, every migration):
    // 10 s alone, and more than jest's 30 s beside the other test files on a slow machine (a CI run of 2026-11-27).
  }, 120_000);
});
