import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { launchChromiumBrowser, seriousAxeViolations, signUpInBrowser, type Chromium } from '../support/browser';
import { postNote } from '../support/notemap-helpers';
import { createTestApp, type TestApp } from '../support/test-app';

const run = promisify(execFile);
jest.setTimeout(120_000);

const PASSWORD = 'a long and secret password';

// A member's own data in real Chromium: they sign up, download their export from /settings/account, get a wrong
// password refused, then delete their account and are signed out, their notes and username gone.
describe('the account page in real Chromium', () => {
  let t: TestApp;
  let chromium: Chromium;
  let base: string;
  let downloads: string;

  beforeAll(async () => {
    t = await createTestApp();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    chromium = await launchChromiumBrowser();
    downloads = await mkdtemp(join(tmpdir(), 'pn-downloads-'));
  });
  afterAll(async () => {
    await chromium?.close();
    await t?.close();
    await rm(downloads, { recursive: true, force: true });
  });

  async function signUp(page: Page, username: string): Promise<void> {
    await signUpInBrowser(page, base, username, PASSWORD);
  }

  it('downloads the export, refuses a wrong password, then deletes the account and signs out', async () => {
    const context = await chromium.newContext({ acceptDownloads: true, bypassCSP: true });
    try {
      const page = await context.newPage();
      await signUp(page, 'leaver');
      const user = (await t.request({ method: 'GET', url: '/v2/users/by_username/leaver' })).json().data as { id: number };
      const token = await t.token({ id: user.id, username: 'leaver' }, 'notes');
      const note = await postNote(t, token, { message: 'Soon gone', latitude: 59.91, longitude: 10.75 });

      await page.getByRole('link', { name: 'Account' }).click();
      await page.waitForURL(`${base}/settings/account`);
      const violations = await seriousAxeViolations(page);
      expect(violations).toEqual([]);

      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download your data' }).click()]);
      expect(download.suggestedFilename()).toMatch(/^place-notes-leaver-\d{4}-\d{2}-\d{2}\.zip$/u);
      const file = join(downloads, download.suggestedFilename());
      await download.saveAs(file);
      expect((await run('unzip', ['-t', file])).stdout).toContain('No errors detected');
      const geojson = JSON.parse((await run('unzip', ['-p', file, 'notes.geojson'])).stdout);
      expect(geojson.features.map((f: { id: number }) => f.id)).toEqual([note]);

      await page.getByLabel('Your password').fill('not the password');
      await Promise.all([page.waitForURL(`${base}/settings/account/delete`), page.getByRole('button', { name: 'Delete my account' }).click()]);
      await expect(page.getByRole('alert').textContent()).resolves.toContain('The password is not your password.');
      expect((await t.request({ method: 'GET', url: `/v2/notes/${note}` })).statusCode).toBe(200);

      await page.getByLabel('Your password').fill(PASSWORD);
      await Promise.all([page.waitForURL(`${base}/account-deleted`), page.getByRole('button', { name: 'Delete my account' }).click()]);
      await expect(page.getByRole('status').textContent()).resolves.toContain('The account is deleted');
      expect((await context.cookies(base)).map((c) => c.name)).not.toContain('pn_session');

      await page.goto(`${base}/settings/account`);
      expect(new URL(page.url()).pathname).toBe('/login');
      expect((await t.request({ method: 'GET', url: `/v2/notes/${note}` })).statusCode).toBe(404);
      expect((await t.request({ method: 'GET', url: '/v2/users/by_username/leaver' })).statusCode).toBe(404);
      await signUp(page, 'leaver');
    } finally {
      await context.close();
    }
  });
});
