import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { MAX_SCANNED_BYTES } from '../../../src/adapters/http/method-override';
import { buildConventionsApp, type ConventionsApp } from './conventions-app';

const FORM = 'application/x-www-form-urlencoded';

interface Sent {
  status: number;
  headers: http.IncomingHttpHeaders;
  json: { method?: string; body?: Record<string, unknown>; meta?: { error?: { type: string; message: string } } };
}

/**
 * One request to a listening server. Several chunks are sent apart (and chunked when `chunked`),
 * so the override reads the body across more than one 'readable' event.
 */
function send(
  origin: string,
  options: { method?: string; path: string; headers?: Record<string, string>; chunks?: Buffer[]; chunked?: boolean; agent?: http.Agent; ca?: Buffer },
): Promise<Sent> {
  const chunks = options.chunks ?? [];
  const length = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
  const headers = { ...options.headers, ...(options.chunked ? {} : { 'content-length': String(length) }) };
  const client = origin.startsWith('https') ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(`${origin}${options.path}`, { method: options.method ?? 'POST', headers, agent: options.agent, ca: options.ca }, (response) => {
      const body: Buffer[] = [];
      response.on('data', (chunk: Buffer) => body.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, json: JSON.parse(Buffer.concat(body).toString('utf8')) }));
    });
    request.on('error', reject);
    void (async () => {
      for (const chunk of chunks) {
        request.write(chunk);
        await sleep(5);
      }
      request.end();
    })();
  });
}

const form = (text: string) => [Buffer.from(text)];

describe('method override on a listening server', () => {
  let t: ConventionsApp;
  let origin: string;
  beforeAll(async () => {
    t = buildConventionsApp({ bodyLimit: 4 * 1024 * 1024 });
    origin = await t.listen();
  });
  afterAll(() => t.close());

  describe('_method in a urlencoded POST', () => {
    it.each([['PUT', 'PUT'], ['DELETE', 'DELETE'], ['put', 'PUT'], ['Delete', 'DELETE']])('_method=%s is %s, and the body still arrives', async (field, verb) => {
      const response = await send(origin, { path: '/v2/echo/1', headers: { 'content-type': FORM }, chunks: form(`a=1&_method=${field}&b=caf%C3%A9`) });
      expect(response.status).toBe(200);
      expect(response.json).toEqual({ method: verb, body: { a: '1', b: 'café' } });
    });

    it.each(['PATCH', 'GET', 'TRACE', ''])('_method=%s is ignored: the request stays a POST', async (field) => {
      const response = await send(origin, { path: '/v2/echo/1', headers: { 'content-type': FORM }, chunks: form(`_method=${field}&a=1`) });
      expect(response.json.method).toBe('POST');
    });

    it('routes as the new verb on every route: DELETE of a garbage id is a 404', async () => {
      const response = await send(origin, { path: '/v2/things/abc', headers: { 'content-type': FORM }, chunks: form('_method=DELETE') });
      expect(response.status).toBe(404);
      expect(response.json.meta?.error?.message).toBe('thing abc does not exist');
    });

    it('a verb with no route is the not-found envelope for that verb', async () => {
      const response = await send(origin, { path: '/v2/things', headers: { 'content-type': FORM }, chunks: form('_method=PUT&name=x') });
      expect(response.status).toBe(404);
      expect(response.json.meta?.error?.message).toBe('PUT /v2/things does not exist');
    });

    it('a body sent in pieces, chunked, is read whole and replayed whole', async () => {
      const pieces = ['message=', 'x'.repeat(100_000), '&_meth', 'od=PUT&tail=', 'y'.repeat(50_000)].map((s) => Buffer.from(s));
      const response = await send(origin, { path: '/v2/echo/1', headers: { 'content-type': FORM }, chunks: pieces, chunked: true });
      expect(response.json.method).toBe('PUT');
      expect(response.json.body).toEqual({ message: 'x'.repeat(100_000), tail: 'y'.repeat(50_000) });
    });

    it('a form over the scanning bound stays a POST, with its body intact', async () => {
      const big = 'x'.repeat(MAX_SCANNED_BYTES + 10);
      const declared = await send(origin, { path: '/v2/echo/1', headers: { 'content-type': FORM }, chunks: form(`_method=PUT&big=${big}`) });
      expect(declared.json).toEqual({ method: 'POST', body: { big } });
      const chunked = await send(origin, { path: '/v2/echo/1', headers: { 'content-type': FORM }, chunks: [Buffer.from('_method=PUT&big='), Buffer.from(big)], chunked: true });
      expect(chunked.json).toEqual({ method: 'POST', body: { big } });
    });

    it('keeps a keep-alive connection usable for the next request', async () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        for (const verb of ['PUT', 'DELETE', 'PUT']) {
          const response = await send(origin, { path: '/v2/echo/1', headers: { 'content-type': FORM }, chunks: form(`_method=${verb}&n=1`), agent });
          expect(response.json).toEqual({ method: verb, body: { n: '1' } });
        }
        const list = await send(origin, { method: 'GET', path: '/v2/things?limit=1', agent });
        expect(list.status).toBe(200);
      } finally {
        agent.destroy();
      }
    });

    it('_method in a JSON body is data, not an override', async () => {
      const response = await send(origin, { path: '/v2/echo/1', headers: { 'content-type': 'application/json' }, chunks: [Buffer.from('{"_method":"PUT"}')] });
      expect(response.json).toEqual({ method: 'POST', body: { _method: 'PUT' } });
    });

    it('only a POST is overridden', async () => {
      const response = await send(origin, { method: 'PATCH', path: '/v2/echo/1', headers: { 'content-type': FORM }, chunks: form('_method=DELETE&a=1') });
      expect(response.json).toEqual({ method: 'PATCH', body: { a: '1' } });
    });
  });

  describe('_method in a multipart POST', () => {
    const boundary = 'override-boundary';
    const part = (name: string, value: string | Buffer, filename?: string) => Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"\r\nContent-Type: image/png` : ''}\r\n\r\n`),
      Buffer.from(value),
      Buffer.from('\r\n'),
    ]);
    const end = Buffer.from(`--${boundary}--\r\n`);
    const headers = { 'content-type': `multipart/form-data; boundary=${boundary}` };

    it('a hidden _method before a large file makes it a PUT, with the file intact', async () => {
      const file = Buffer.alloc(3 * 1024 * 1024, 0x41);
      const response = await send(origin, { path: '/v2/echo/1', headers, chunks: [part('_method', 'PUT'), part('message', 'hi'), part('image_file', file, 'a.png'), end] });
      expect(response.json.method).toBe('PUT');
      expect(response.json.body).toEqual({ message: 'hi', image_file: { file: file.toString('utf8') } });
    });

    it('a _method after the text fields counts too', async () => {
      const response = await send(origin, { path: '/v2/echo/1', headers, chunks: [part('message', 'hi'), part('_method', 'DELETE'), end], chunked: true });
      expect(response.json).toEqual({ method: 'DELETE', body: { message: 'hi' } });
    });

    it('a _method behind more than the scanning bound stays a POST', async () => {
      const file = Buffer.alloc(MAX_SCANNED_BYTES + 1, 0x41);
      const response = await send(origin, { path: '/v2/echo/1', headers, chunks: [part('image_file', file, 'a.png'), part('_method', 'PUT'), end] });
      expect(response.json.method).toBe('POST');
    });
  });

  describe('X-HTTP-Method-Override', () => {
    it.each(['PUT', 'DELETE', 'PATCH', 'patch'])('%s on a POST is that verb', async (verb) => {
      const response = await send(origin, { path: '/v2/echo/1', headers: { 'content-type': 'application/json', 'x-http-method-override': verb }, chunks: [Buffer.from('{"a":1}')] });
      expect(response.json).toEqual({ method: verb.toUpperCase(), body: { a: 1 } });
    });

    it('wins over a form _method', async () => {
      const response = await send(origin, { path: '/v2/echo/1', headers: { 'content-type': FORM, 'x-http-method-override': 'PATCH' }, chunks: form('_method=DELETE') });
      expect(response.json.method).toBe('PATCH');
    });

    it('is ignored on a GET and for other verbs', async () => {
      const onGet = await send(origin, { method: 'GET', path: '/v2/things?limit=1', headers: { 'x-http-method-override': 'DELETE' } });
      expect(onGet.status).toBe(200);
      const trace = await send(origin, { path: '/v2/echo/1', headers: { 'content-type': 'application/json', 'x-http-method-override': 'TRACE' }, chunks: [Buffer.from('{}')] });
      expect(trace.json.method).toBe('POST');
    });
  });
});

describe('method override over HTTPS', () => {
  let directory: string;
  let t: ConventionsApp;
  let cert: Buffer;
  beforeAll(async () => {
    directory = mkdtempSync(path.join(tmpdir(), 'place-notes-tls-'));
    const keyFile = path.join(directory, 'key.pem');
    const certFile = path.join(directory, 'cert.pem');
    execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1',
      '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', keyFile, '-out', certFile], { stdio: 'ignore' });
    cert = readFileSync(certFile);
    t = buildConventionsApp({ tls: { key: readFileSync(keyFile), cert } });
    await t.listen();
  });
  afterAll(async () => {
    await t.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it('serves HTTPS and still overrides', async () => {
    expect(t.origin.startsWith('https://')).toBe(true);
    const response = await send(t.origin, { path: '/v2/echo/1', headers: { 'content-type': FORM }, chunks: form('_method=PUT&a=1'), ca: cert });
    expect(response.json).toEqual({ method: 'PUT', body: { a: '1' } });
  });
});
