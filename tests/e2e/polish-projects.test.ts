import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { pageWidth } from '../support/browser.ts';
import { describeE2e, e2eSetup } from '../support/e2e-setup.ts';

describeE2e('a first project in Chromium at 360 px: the header while it is required, its page, a missing one', () => {
  const e2e = e2eSetup();
  let page: Page;

  it('shows no link that bounces while a first project is required, and the reason fits the narrow header', async () => {
    page = await e2e.signedInPage({ viewport: { width: 360, height: 740 } }, { landing: '**/project/add' });
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
    await page.goto(e2e.url('/project/map/does-not-exist/anything'));
    await page.getByRole('heading', { name: 'Project not found' }).waitFor();
    await expect.poll(() => page.title()).toBe('Project not found | Sunplot');
    expect(await pageWidth(page)).toBeLessThanOrEqual(360);
    await page.getByRole('link', { name: 'Back to your projects' }).click();
    await page.waitForURL(/\/project$/);
    await page.getByText('Anacostia Solar').first().waitFor();
  });
});
