import { expect, it } from 'vitest';
import { describeE2e, e2eSetup } from '../support/e2e-setup.ts';

describeE2e('in Chromium', () => {
  const e2e = e2eSetup();

  it('shows the landing page with its title and no console errors', async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 360, height: 740 } });
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(e2e.url('/'));
    await page.waitForURL('**/getstart');
    await expect.poll(() => page.title()).toBe('Welcome | Sunplot');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(errors).toEqual([]);
  });

  it.each(['/getstart', '/auth/login', '/auth/forgot-password', '/terms', '/policies', '/response/error', '/no-such-page'])('fits %s into a 360 px wide screen', async (path) => {
    const page = await e2e.browser.newPage({ viewport: { width: 360, height: 740 } });
    await page.goto(e2e.url(path));
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.close();
  });
});
