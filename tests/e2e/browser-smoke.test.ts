import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserUnavailable, chromiumArgs, chromiumPath, startAppProcess, type AppProcess } from '../support/app-process.ts';

const unavailable = browserUnavailable();
if (unavailable) {
  if (process.env.REQUIRE_E2E === '1') throw new Error(`REQUIRE_E2E=1 but ${unavailable}`);
  console.warn(`skipped browser tests: ${unavailable}`);
}

describe.skipIf(!!unavailable)('in Chromium', () => {
  let app: AppProcess;
  let browser: Browser;
  beforeAll(async () => {
    [app, browser] = await Promise.all([startAppProcess(), chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('shows the landing page with its title and no console errors', async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${app.baseUrl}/`);
    await page.waitForURL('**/getstart');
    await expect.poll(() => page.title()).toBe('Welcome | Sunplot');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(errors).toEqual([]);
  });

  it.each(['/getstart', '/auth/login', '/auth/forgot-password', '/terms', '/policies', '/response/error', '/no-such-page'])('fits %s into a 360 px wide screen', async (path) => {
    const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
    await page.goto(`${app.baseUrl}${path}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.close();
  });
});
