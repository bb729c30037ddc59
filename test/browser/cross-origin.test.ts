import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { launchChromium, type Browser } from '../support/browser';
import { createTestApp, type TestApp } from '../support/test-app';

// A browser application on another origin calls the API with fetch and a bearer token (docs/api.md, Browsers).
jest.setTimeout(60_000);

describe('the API from a page on another origin, in real Chromium', () => {
  let t: TestApp;
  let api: string;
  let token: string;
  let elsewhere: http.Server;
  let origin: string;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    t = await createTestApp();
    const user = await t.createUser('browserapp');
    token = await t.token(user, 'notes');
    await t.request({ method: 'POST', url: '/v2/notes', token, payload: { message: 'seen from afar', latitude: 1, longitude: 2 } });
    api = await t.app.listen({ port: 0, host: '127.0.0.1' });
    // "localhost" and "127.0.0.1" are different origins: the page is cross-origin to the API.
    elsewhere = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><title>Some application</title><p>An application.</p>');
    });
    await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
    origin = `http://localhost:${(elsewhere.address() as AddressInfo).port}`;
    browser = await launchChromium();
    page = await browser.context.newPage();
    await page.goto(`${origin}/`);
  });
  afterAll(async () => {
    await browser?.close();
    elsewhere?.closeAllConnections();
    await new Promise<void>((resolve) => (elsewhere ? elsewhere.close(() => resolve()) : resolve()));
    await t?.close();
  });

  it('reads a list with its ETag and rate-limit headers, and revalidates it to a 304', async () => {
    const result = await page.evaluate(async ({ api, token }) => {
      const headers = { Authorization: `Bearer ${token}` };
      const first = await fetch(`${api}/v2/notes?limit=1`, { headers, cache: 'no-store' });
      const body = await first.json() as { data: { message: string }[] };
      const etag = first.headers.get('ETag');
      const again = await fetch(`${api}/v2/notes?limit=1`, { headers: { ...headers, 'If-None-Match': etag ?? '' }, cache: 'no-store' });
      return {
        origin: (globalThis as unknown as { location: { origin: string } }).location.origin, status: first.status, message: body.data[0]?.message, etag,
        remaining: first.headers.get('X-Rate-Limit-Remaining'), requestId: first.headers.get('X-Request-Id'),
        revalidated: again.status,
      };
    }, { api, token });
    expect(result.origin).not.toBe(api);
    expect(result.status).toBe(200);
    expect(result.message).toBe('seen from afar');
    expect(result.etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/u);
    expect(Number(result.remaining)).toBeGreaterThan(0);
    expect(result.requestId).toMatch(/^[0-9a-f-]{36}$/u);
    expect(result.revalidated).toBe(304);
  });

  it('posts a note with an Idempotency-Key (a preflighted request) and reads the replay on a retry', async () => {
    const result = await page.evaluate(async ({ api, token }) => {
      const post = () => fetch(`${api}/v2/notes`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'Idempotency-Key': 'browser-retry-1' },
        body: JSON.stringify({ message: 'posted from a browser', latitude: 3, longitude: 4 }),
      });
      const first = await post();
      const second = await post();
      return {
        statuses: [first.status, second.status],
        location: first.headers.get('Location'),
        replayed: second.headers.get('Idempotent-Replayed'),
        ids: [(await first.json() as { data: { id: number } }).data.id, (await second.json() as { data: { id: number } }).data.id],
      };
    }, { api, token });
    expect(result.statuses).toEqual([201, 201]);
    expect(result.location).toBe(`/v2/notes/${result.ids[0]}`);
    expect(result.replayed).toBe('true');
    expect(result.ids[1]).toBe(result.ids[0]);
  });
});
