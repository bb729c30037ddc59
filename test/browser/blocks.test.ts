import type { Page } from 'playwright-core';
import { launchChromiumBrowser, seriousAxeViolations, signUpInBrowser, type Chromium } from '../support/browser';
import { postNote } from '../support/notemap-helpers';
import { createTestApp, type TestApp } from '../support/test-app';

jest.setTimeout(120_000);

const PASSWORD = 'a long and secret password';

/** The page's globals the in-page functions below use (the project's TypeScript has no DOM library). */
declare const document: { documentElement: { scrollWidth: number }; body: { scrollWidth: number } };

// Blocking on the web face in real Chromium, 360 px wide: Block on a user's page hides their notes at once, the
// page offers Unblock, /settings/blocks lists them with Unblock, and both pages pass axe-core without sideways scrolling.
describe('blocking on the web pages in real Chromium', () => {
  let t: TestApp;
  let chromium: Chromium;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    chromium = await launchChromiumBrowser();
  });
  afterAll(async () => {
    await chromium?.close();
    await t?.close();
  });

  async function signUp(page: Page, username: string): Promise<void> {
    await signUpInBrowser(page, base, username, PASSWORD);
  }

  async function checkPage(page: Page): Promise<void> {
    const width = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, body: document.body.scrollWidth }));
    expect(width.scroll).toBeLessThanOrEqual(360);
    expect(width.body).toBeLessThanOrEqual(360);
    const violations = await seriousAxeViolations(page);
    expect(violations).toEqual([]);
  }

  it('blocks from the user\'s page, lists the block in /settings/blocks and unblocks from there', async () => {
    const pest = await t.createUser('pest');
    const note = await postNote(t, await t.token(pest, 'notes'), { message: 'Pest was here' });
    const context = await chromium.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, bypassCSP: true });
    try {
      const page = await context.newPage();
      await signUp(page, 'quiet');
      await page.goto(`${base}/users/pest`);
      await expect(page.getByText('Pest was here').count()).resolves.toBeGreaterThan(0);
      await Promise.all([page.waitForURL(`${base}/users/pest`), page.getByRole('button', { name: 'Block @pest' }).click()]);
      await expect(page.getByRole('button', { name: 'Unblock @pest' }).count()).resolves.toBe(1);
      await expect(page.getByText('Pest was here').count()).resolves.toBe(0);
      await checkPage(page);
      expect((await page.goto(`${base}/notes/${note}`))?.status()).toBe(404);

      await page.goto(`${base}/settings/applications`);
      await Promise.all([page.waitForURL(`${base}/settings/blocks`), page.getByRole('link', { name: 'Blocks' }).click()]);
      await expect(page.getByRole('link', { name: 'pest' }).count()).resolves.toBe(1);
      await checkPage(page);
      await Promise.all([page.waitForURL(/\/settings\/blocks\?unblocked=pest$/u), page.getByRole('button', { name: 'Unblock' }).click()]);
      await expect(page.getByRole('status').textContent()).resolves.toContain('You no longer block @pest');
      await expect(page.getByText('You block nobody.').count()).resolves.toBe(1);
      await checkPage(page);
      expect((await page.goto(`${base}/notes/${note}`))?.status()).toBe(200);
    } finally {
      await context.close();
    }
  });
});
