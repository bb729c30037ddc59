import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser as PlaywrightBrowser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';

/** Debian's Chromium, as the machines carry it (installed by .ci/run; never a downloaded browser). */
const CHROMIUM = '/usr/bin/chromium';
const ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

/** A headless Chromium with a fresh user-data directory of its own. */
export async function launchChromium(): Promise<Browser> {
  const dir = await mkdtemp(join(tmpdir(), 'pn-chromium-'));
  const context = await chromium.launchPersistentContext(dir, { executablePath: CHROMIUM, headless: true, args: ARGS });
  return {
    context,
    async close() {
      await context.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** One headless Chromium for many contexts, each a fresh profile with its own options (viewport, JavaScript off, …). */
export interface Chromium {
  browser: PlaywrightBrowser;
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
  close(): Promise<void>;
}

export async function launchChromiumBrowser(): Promise<Chromium> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
  return {
    browser,
    newContext: (options = {}) => browser.newContext(options),
    close: () => browser.close(),
  };
}

/** Signs a new member up through the form, as a person would (the address `<username>@example.com`), landing on /settings/applications. */
export async function signUpInBrowser(page: Page, base: string, username: string, password: string): Promise<void> {
  await page.goto(`${base}/signup`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Email').fill(`${username}@example.com`);
  await page.getByLabel('Password').fill(password);
  await Promise.all([page.waitForURL(`${base}/settings/applications`), page.getByRole('button', { name: 'Sign up' }).click()]);
}

/** The page's globals the in-page function below uses (the project's TypeScript has no DOM library). */
interface AxeGlobals {
  axe: { run(context: unknown, options: { resultTypes: string[] }): Promise<{ violations: { id: string; impact: string | null }[] }> };
  document: unknown;
}

/** The ids of the page's serious and critical axe-core violations (axe-core injected into the page, even with scripts off). */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: require.resolve('axe-core') });
  return page.evaluate(async () => {
    const { axe, document } = globalThis as unknown as AxeGlobals;
    return (await axe.run(document, { resultTypes: ['violations'] })).violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
  });
}

/** A map tile server on 127.0.0.1: the same PNG for every `/tiles/{z}/{x}/{y}.png`, and every path it was asked for. */
export interface TileServer {
  /** The template for MAP_TILE_URL. */
  url: string;
  origin: string;
  requested: string[];
  close(): Promise<void>;
}

export async function startTileServer(png: Buffer): Promise<TileServer> {
  const requested: string[] = [];
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?', 1)[0] ?? '/';
    requested.push(path);
    if (!/^\/tiles\/\d+\/-?\d+\/-?\d+\.png$/u.test(path)) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('no such tile');
      return;
    }
    res.writeHead(200, { 'content-type': 'image/png', 'content-length': png.length, 'cache-control': 'max-age=3600' }).end(png);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${origin}/tiles/{z}/{x}/{y}.png`,
    origin,
    requested,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

/** A third-party application's redirect endpoint: it answers a small page and remembers every URL it was sent to. */
export interface CallbackServer {
  redirectUri: string;
  received: URL[];
  close(): Promise<void>;
}

export async function startCallbackServer(): Promise<CallbackServer> {
  const received: URL[] = [];
  const server = http.createServer((req, res) => {
    const { port } = server.address() as AddressInfo;
    received.push(new URL(req.url ?? '/', `http://127.0.0.1:${port}`));
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><title>Callback</title><p>Back at the application.</p>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    redirectUri: `http://127.0.0.1:${port}/callback`,
    received,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
