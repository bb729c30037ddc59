import type { Page } from 'playwright-core';
import { TOTP } from 'otpauth';
import { launchChromiumBrowser, seriousAxeViolations, signUpInBrowser, type Chromium } from '../support/browser';
import { createTestApp, type TestApp } from '../support/test-app';

jest.setTimeout(120_000);

const PASSWORD = 'a long and secret password';

/** The page's globals the in-page functions below use (the project's TypeScript has no DOM library). */
declare const document: { documentElement: { scrollWidth: number; clientWidth: number } };

// /settings/security and the code asked after the password, in real Chromium: without JavaScript a member turns
// two-step sign-in on from the QR code's key and signs in again with a recovery code; at 360 px every page of it fits
// the width and has no serious or critical axe violation.
describe('/settings/security and two-step sign-in in real Chromium', () => {
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

  const code = (key: string) => new TOTP({ secret: key, digits: 6, period: 30 }).generate();

  async function signUp(page: Page, username: string): Promise<void> {
    await signUpInBrowser(page, base, username, PASSWORD);
  }

  async function logIn(page: Page, username: string): Promise<void> {
    await page.goto(`${base}/login`);
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill(PASSWORD);
    await Promise.all([page.waitForURL(`${base}/login/code`), page.getByRole('button', { name: 'Log in' }).click()]);
  }

  async function turnOn(page: Page): Promise<string[]> {
    await page.goto(`${base}/settings/security`);
    await Promise.all([page.waitForURL(`${base}/settings/security/two-step`), page.getByRole('link', { name: 'Turn on two-step sign-in' }).click()]);
    const qr = await page.getByRole('img', { name: /QR code/u }).boundingBox();
    expect(qr?.width).toBeGreaterThan(100);
    const key = (await page.locator('#totp-key').textContent() ?? '').replace(/\s/gu, '');
    await page.getByLabel('Code', { exact: true }).fill(code(key));
    await Promise.all([page.waitForURL(`${base}/settings/security`), page.getByRole('button', { name: 'Turn on' }).click()]);
    return page.locator('#recovery-codes li').allTextContents();
  }

  /** No serious or critical axe violation, and nothing wider than the window. */
  async function check(page: Page): Promise<void> {
    const violations = await seriousAxeViolations(page);
    expect(violations).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  }

  it('works without JavaScript: the QR code and key, recovery codes shown once, the code asked after the password', async () => {
    const context = await chromium.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } });
    try {
      const page = await context.newPage();
      await signUp(page, 'nojs');
      const recoveryCodes = await turnOn(page);
      expect(recoveryCodes).toHaveLength(10);
      await page.reload();
      expect(await page.locator('#recovery-codes').count()).toBe(0);
      await expect(page.locator('#two-step-state').textContent()).resolves.toContain('10 unused recovery codes left');

      await page.goto(`${base}/logout`);
      await Promise.all([page.waitForURL(`${base}/login`), page.getByRole('button', { name: 'Log out' }).click()]);
      await logIn(page, 'nojs');
      await page.getByLabel('Code', { exact: true }).fill('123456');
      await Promise.all([page.waitForURL(`${base}/login/code`), page.getByRole('button', { name: 'Sign in' }).click()]);
      await expect(page.getByRole('alert').textContent()).resolves.toContain('That code is not right');
      await page.getByLabel('Code', { exact: true }).fill(recoveryCodes[0] ?? '');
      await Promise.all([page.waitForURL(`${base}/settings/applications`), page.getByRole('button', { name: 'Sign in' }).click()]);
      await page.goto(`${base}/settings/security`);
      await expect(page.locator('#two-step-state').textContent()).resolves.toContain('9 unused recovery codes left');
    } finally {
      await context.close();
    }
  });

  it('has no serious or critical axe violation at 360 px: the settings, the set-up page and the code prompt', async () => {
    const context = await chromium.newContext({ bypassCSP: true, viewport: { width: 360, height: 740 } });
    try {
      const page = await context.newPage();
      await signUp(page, 'axed');
      await page.goto(`${base}/settings/security/two-step`);
      await check(page);
      await page.getByLabel('Code', { exact: true }).fill('000000');
      await Promise.all([page.waitForURL(`${base}/settings/security/two-step`), page.getByRole('button', { name: 'Turn on' }).click()]);
      await check(page);
      await turnOn(page);
      await check(page);
      await page.getByLabel('Current password').fill('wrong password');
      await page.getByLabel('New password').fill('a new password');
      await Promise.all([page.waitForURL(`${base}/settings/security/password`), page.getByRole('button', { name: 'Change password' }).click()]);
      await check(page);

      const other = await context.browser()?.newContext({ bypassCSP: true, viewport: { width: 360, height: 740 } });
      if (other === undefined) throw new Error('no browser');
      const second = await other.newPage();
      await logIn(second, 'axed');
      await check(second);
      await other.close();
    } finally {
      await context.close();
    }
  });
});
