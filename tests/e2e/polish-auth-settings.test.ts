import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfirmedAccount } from '../support/accounts.ts';
import { browserUnavailable, chromiumArgs, chromiumPath, startAppProcess, type AppProcess } from '../support/app-process.ts';
import { logInThroughUi, pageWidth } from '../support/browser.ts';

const unavailable = browserUnavailable();
if (unavailable) {
  if (process.env.REQUIRE_E2E === '1') throw new Error(`REQUIRE_E2E=1 but ${unavailable}`);
  console.warn(`skipped browser polish flows: ${unavailable}`);
}

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

describe.skipIf(!!unavailable)('auth and account polish of issue 13 in Chromium', () => {
  let app: AppProcess;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    // No SMTP_URL: mail goes to the outbox, and the server log is where a self-hoster finds the link.
    [app, browser] = await Promise.all([startAppProcess({ LOG_LEVEL: 'info' }), chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })]);
    page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('signs up and confirms the address with the link from the one server log line about the mail', async () => {
    const email = longEmail('signup');
    await page.goto(`${app.baseUrl}/auth/login`);
    await page.getByRole('tab', { name: 'Sign up' }).click();
    await page.getByLabel('Name').fill('Asha Planner');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('status').filter({ hasText: /check your email/i }).waitFor();

    const line = `mail to ${email}: "Confirm your email address for Sunplot" → `;
    await expect.poll(() => loggedMessages(app).find((message) => message.startsWith(line)), { timeout: 10_000 }).toBeDefined();
    const link = loggedMessages(app).find((message) => message.startsWith(line))!.slice(line.length);
    expect(link).toMatch(new RegExp(`^${app.baseUrl}/auth/verify/[\\w-]{43}$`));
    await page.goto(link);
    await page.getByRole('status').filter({ hasText: /confirmed/i }).waitFor();
  });

  it('shows the account email as text that wraps on a phone, not as a field', async () => {
    const account = await createConfirmedAccount(app.baseUrl, app.dataDir, longEmail('account'), password);
    await logInThroughUi(page, app.baseUrl, account);
    await page.waitForURL('**/project/add');
    // A first project opens the rest of the app.
    await page.getByLabel('Project name').fill('Nashik Solar Park');
    await page.getByLabel('Latitude').fill('19.9975');
    await page.getByLabel('Longitude').fill('73.7898');
    await page.getByRole('button', { name: 'Create project' }).click();
    await page.waitForURL((url) => url.pathname !== '/project/add');

    await page.goto(`${app.baseUrl}/account`);
    await expect.poll(() => page.getByLabel('Name').inputValue()).toBe('Asha Planner');
    expect(await page.getByRole('textbox', { name: /email/i }).count()).toBe(0);
    expect(await page.locator('dd').filter({ hasText: account.email }).count()).toBe(1);
    await page.getByText(/you log in with this address/i).waitFor();
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
  });
});
