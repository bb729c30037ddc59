import type { Page } from 'playwright-core';
import { launchChromiumBrowser, seriousAxeViolations, type Chromium } from '../support/browser';
import { createMailTestApp, type MailTestApp } from '../support/mail-app';
import { linkIn } from '../support/smtp-test-server';
import { TEST_PUBLIC_URL } from '../support/test-config';

jest.setTimeout(180_000);

/** The page's globals the in-page functions below use (the project's TypeScript has no DOM library). */
declare const document: { documentElement: { scrollWidth: number; clientWidth: number } };

const PASSWORD = 'a long and secret password';
const NEW_PASSWORD = 'another long secret';

// The pages of §18 in real Chromium, 360 px wide, none with a script: sign up, the applications page asking for
// verification, sending the link again, following it and pressing "Verify"; "Forgot your password?" from the log-in
// page to a new password; the e-mail address section. Each page: no serious or critical axe violation, no sideways
// scrolling. Mail goes through the worker to a test SMTP server; links from it are opened in the browser.
describe('account mail pages in real Chromium', () => {
  let m: MailTestApp;
  let chromium: Chromium;
  let base: string;
  const checked: string[] = [];

  beforeAll(async () => {
    m = await createMailTestApp();
    base = await m.t.app.listen({ port: 0, host: '127.0.0.1' });
    chromium = await launchChromiumBrowser();
  });
  afterAll(async () => {
    await chromium?.close();
    await m?.close();
  });

  /** No script of the page's own (it works without JavaScript), axe (serious and critical only) and its width. */
  async function check(page: Page, name: string): Promise<void> {
    expect({ page: name, scripts: await page.locator('script').count() }).toEqual({ page: name, scripts: 0 });
    const violations = await seriousAxeViolations(page);
    expect({ page: name, violations }).toEqual({ page: name, violations: [] });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect({ page: name, width }).toEqual({ page: name, width: 360 });
    checked.push(name);
  }

  /** The browser's address for a link from a mail (the mails carry PUBLIC_URL). */
  const local = (link: string) => `${base}${link.slice(TEST_PUBLIC_URL.length)}`;

  it('verifies the address from the applications page and the link, then resets the password from the log-in page', async () => {
    // The pages carry no script (checked on each); bypassCSP only so that the test can add axe.
    const context = await chromium.newContext({ viewport: { width: 360, height: 740 }, bypassCSP: true });
    try {
      const page = await context.newPage();
      await page.goto(`${base}/signup`);
      await page.getByLabel('Username').fill('chroma');
      await page.getByLabel('Email').fill('chroma@example.com');
      await page.getByLabel('Password').fill(PASSWORD);
      await Promise.all([page.waitForURL(`${base}/settings/applications`), page.getByRole('button', { name: 'Sign up' }).click()]);
      await expect(page.getByRole('heading', { name: 'Verify your e-mail address first' }).count()).resolves.toBe(1);
      await expect(page.getByRole('button', { name: 'Register application' }).count()).resolves.toBe(0);
      await check(page, 'applications, unverified');
      // The sign-up's mail first, so that the two arrive in the order they were sent.
      await m.deliver();
      await m.smtp.waitFor('chroma@example.com', 1);

      await Promise.all([page.waitForURL(`${base}/settings/applications?verification=sent`), page.getByRole('button', { name: 'Send the link again' }).click()]);
      await expect(page.getByRole('status').textContent()).resolves.toContain('A new link is on its way');
      await m.deliver();
      const mails = await m.smtp.waitFor('chroma@example.com', 2);
      const first = linkIn(mails[0]!, `${TEST_PUBLIC_URL}/verify-email?token=`);
      const newest = linkIn(mails[1]!, `${TEST_PUBLIC_URL}/verify-email?token=`);

      await page.goto(local(first));
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('A newer link was sent');
      await check(page, 'a replaced link');

      await page.goto(local(newest));
      await check(page, 'verify');
      await Promise.all([page.waitForURL(`${base}/email-verified`), page.getByRole('button', { name: 'Verify' }).click()]);
      await expect(page.getByRole('status').textContent()).resolves.toContain('Your e-mail address is verified');
      await check(page, 'verified');
      await page.goto(`${base}/settings/applications`);
      await expect(page.getByRole('button', { name: 'Register application' }).count()).resolves.toBe(1);

      await page.goto(`${base}/settings/security`);
      await check(page, 'security, with the e-mail section');
      await page.getByLabel('New e-mail address').fill('chroma@example.com');
      await page.getByLabel('Your password, to confirm').fill(PASSWORD);
      await Promise.all([page.waitForURL(`${base}/settings/security/email`), page.getByRole('button', { name: 'Change the address' }).click()]);
      await expect(page.getByRole('alert').first().textContent()).resolves.toContain('is already your address');
      await check(page, 'security, e-mail change refused');

      // Forgot the password: from the log-in page, as a visitor.
      await context.clearCookies();
      await page.goto(`${base}/login`);
      await Promise.all([page.waitForURL(`${base}/forgot-password`), page.getByRole('link', { name: 'Forgot your password?' }).click()]);
      await check(page, 'forgot password');
      await page.getByLabel('Username or e-mail address').fill('chroma');
      await Promise.all([page.waitForURL(`${base}/forgot-password/sent`), page.getByRole('button', { name: 'Send the link' }).click()]);
      await expect(page.getByRole('status').textContent()).resolves.toContain('If an account matches, a link is on its way');
      await check(page, 'reset requested');
      await m.deliver();
      const reset = linkIn((await m.smtp.waitFor('chroma@example.com', 3))[2]!, `${TEST_PUBLIC_URL}/reset-password?token=`);
      await page.goto(local(reset));
      await check(page, 'choose a new password');
      await page.getByLabel('New password').fill('short');
      await page.getByRole('button', { name: 'Set the new password' }).click();
      await expect(page.getByRole('alert').textContent()).resolves.toContain('at least 8 characters');
      await check(page, 'new password refused');
      await page.getByLabel('New password').fill(NEW_PASSWORD);
      await Promise.all([page.waitForURL(`${base}/reset-password/done`), page.getByRole('button', { name: 'Set the new password' }).click()]);
      await check(page, 'password changed');
      await page.getByRole('link', { name: 'Log in with the new password' }).click();
      await page.getByLabel('Username').fill('chroma');
      await page.getByLabel('Password').fill(NEW_PASSWORD);
      await Promise.all([page.waitForURL(`${base}/settings/applications`), page.getByRole('button', { name: 'Log in' }).click()]);

      await page.goto(local(reset));
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('This link was already used');
      await check(page, 'a used link');
    } finally {
      await context.close();
    }
    expect(checked).toHaveLength(12);
  });
});
