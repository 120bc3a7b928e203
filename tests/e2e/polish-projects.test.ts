import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfirmedAccount } from '../support/accounts.ts';
import { browserUnavailable, chromiumArgs, chromiumPath, startAppProcess, type AppProcess } from '../support/app-process.ts';
import { logInThroughUi, pageWidth } from '../support/browser.ts';

const unavailable = browserUnavailable();
if (unavailable) {
  if (process.env.REQUIRE_E2E === '1') throw new Error(`REQUIRE_E2E=1 but ${unavailable}`);
  console.warn(`skipped browser project polish: ${unavailable}`);
}

describe.skipIf(!!unavailable)('a first project in Chromium at 360 px: the header while it is required, its page, a missing one', () => {
  let app: AppProcess;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startAppProcess(), chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })]);
    page = await (await browser.newContext({ viewport: { width: 360, height: 740 } })).newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('shows no link that bounces while a first project is required, and the reason fits the narrow header', async () => {
    await logInThroughUi(page, app.baseUrl, await createConfirmedAccount(app.baseUrl, app.dataDir));
    await page.waitForURL('**/project/add');
    const header = page.getByRole('banner');
    await header.getByText('Projects and Account open once your first project is created.').waitFor();
    expect(await header.getByRole('link').count()).toBe(0);
    expect(await pageWidth(page)).toBeLessThanOrEqual(360);
  });

  it('opens the first project on its page, with the links back', async () => {
    await page.getByLabel('Project name').fill('Anacostia Solar');
    await page.getByLabel('Latitude').fill('38.846');
    await page.getByLabel('Longitude').fill('-77.0098');
    await page.getByRole('button', { name: 'Create project' }).click();
    await page.waitForURL(/\/project\/[\w-]+\/anacostia-solar$/);
    await page.getByRole('heading', { name: 'Anacostia Solar' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link').allTextContents()).toEqual(['Projects', 'Account']);
    expect(await page.getByRole('banner').getByText(/open once your first project/).count()).toBe(0);
    expect(await pageWidth(page)).toBeLessThanOrEqual(360);
  });

  it('tells that a project does not exist and leads back to the projects', async () => {
    await page.goto(`${app.baseUrl}/project/map/does-not-exist/anything`);
    await page.getByRole('heading', { name: 'Project not found' }).waitFor();
    await expect.poll(() => page.title()).toBe('Project not found | Sunplot');
    expect(await pageWidth(page)).toBeLessThanOrEqual(360);
    await page.getByRole('link', { name: 'Back to your projects' }).click();
    await page.waitForURL(/\/project$/);
    await page.getByText('Anacostia Solar').first().waitFor();
  });
});
