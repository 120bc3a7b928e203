import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import type { AppProcess } from '../support/app-process.ts';
import { pageWidth } from '../support/browser.ts';
import { describeE2e, e2eSetup } from '../support/e2e-setup.ts';

const password = 'sunny fields and long cables';
// Long enough to overflow a phone's width if the page let it.
const longEmail = (label: string) => `${label}-a-planner-with-a-rather-long-address-${Date.now()}@solar-developments.example.com`;

/** The `msg` of each JSON line the server logged. */
const loggedMessages = (app: AppProcess) =>
  app
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => (JSON.parse(line) as { msg?: string }).msg ?? '');

describeE2e('auth and account polish of issue 13 in Chromium', () => {
  // No SMTP_URL: mail goes to the outbox, and the server log is where a self-hoster finds the link.
  const e2e = e2eSetup({ env: { LOG_LEVEL: 'info' } });
  let page: Page;

  it('signs up and confirms the address with the link from the one server log line about the mail', async () => {
    const email = longEmail('signup');
    page = await e2e.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(e2e.url('/auth/login'));
    await page.getByRole('tab', { name: 'Sign up' }).click();
    await page.getByLabel('Name').fill('Asha Planner');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('status').filter({ hasText: /check your email/i }).waitFor();

    const line = `mail to ${email}: "Confirm your email address for Sunplot" → `;
    await expect.poll(() => loggedMessages(e2e.app).find((message) => message.startsWith(line)), { timeout: 10_000 }).toBeDefined();
    const link = loggedMessages(e2e.app).find((message) => message.startsWith(line))!.slice(line.length);
    expect(link).toMatch(new RegExp(`^${e2e.app.baseUrl}/auth/verify/[\\w-]{43}$`));
    await page.goto(link);
    await page.getByRole('status').filter({ hasText: /confirmed/i }).waitFor();
  });

  it('shows the account email as text that wraps on a phone, not as a field', async () => {
    const account = await e2e.confirmedAccount(longEmail('account'), password);
    await e2e.logIn(page, { account, landing: '**/project/add' });
    // A first project opens the rest of the app.
    await page.getByLabel('Project name').fill('Nashik Solar Park');
    await page.getByLabel('Latitude').fill('19.9975');
    await page.getByLabel('Longitude').fill('73.7898');
    await page.getByRole('button', { name: 'Create project' }).click();
    await page.waitForURL((url) => url.pathname !== '/project/add');

    await page.goto(e2e.url('/account'));
    await expect.poll(() => page.getByLabel('Name').inputValue()).toBe('Asha Planner');
    expect(await page.getByRole('textbox', { name: /email/i }).count()).toBe(0);
    expect(await page.locator('dd').filter({ hasText: account.email }).count()).toBe(1);
    await page.getByText(/you log in with this address/i).waitFor();
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
  });
});
