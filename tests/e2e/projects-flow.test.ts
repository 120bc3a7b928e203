import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { clickMap, clickMapPoints, findPlace, hoverMap, pageWidth } from '../support/browser.ts';
import { describeE2e, e2eSetup } from '../support/e2e-setup.ts';
import { createScratchDatabase } from '../support/test-db.ts';

// On the embedded database as `npm start` runs it, and on PostgreSQL too when DATABASE_URL names a server.
const engines = ['PGlite', ...(process.env.DATABASE_URL ? ['PostgreSQL'] : [])];

for (const engine of engines) describeE2e(`project flows in Chromium at 360 px on ${engine}`, () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
  // Made before the app starts (hooks run in order) and dropped after it stops (afterAll hooks run in reverse).
  beforeAll(async () => {
    scratch = engine === 'PostgreSQL' ? await createScratchDatabase() : undefined;
  });
  afterAll(() => scratch?.drop());
  const e2e = e2eSetup({ env: (): Record<string, string> => (scratch ? { DATABASE_URL: scratch.url } : {}) });
  let page: Page;

  beforeAll(() => {
    expect(e2e.app.output()).toContain(`database: ${scratch ? 'postgres' : 'pglite'}`);
  });

  it('creates a first project by finding the place, clicking the map and drawing its boundary', async () => {
    page = await e2e.signedInPage({ viewport: { width: 360, height: 740 }, acceptDownloads: true }, { landing: '**/project/add' });

    await page.getByLabel('Project name').fill('Anacostia Solar');
    await findPlace(page, '38.8455, -77.0098');
    await expect.poll(() => page.getByLabel('Latitude').inputValue()).toBe('38.8455');

    // A click on the map moves the project there.
    await clickMap(page, 'Project site map', 0.5, 0.35);
    await expect.poll(() => page.getByLabel('Latitude').inputValue()).not.toBe('38.8455');
    const latitude = Number(await page.getByLabel('Latitude').inputValue());
    expect(latitude).toBeGreaterThan(38.8455);
    expect(latitude).toBeLessThan(38.85);

    // Four corners, then the first again to close the boundary; the whole map in view, as a planner would scroll it.
    await page.getByRole('button', { name: 'Draw boundary' }).click();
    await page.getByRole('region', { name: 'Project site map' }).scrollIntoViewIfNeeded();
    await clickMapPoints(page, 'Project site map', [[0.25, 0.25], [0.75, 0.25], [0.75, 0.75], [0.25, 0.75], [0.25, 0.25]]);
    await expect.poll(() => page.getByTestId('boundary-area').textContent()).toMatch(/^Boundary area: \d+\.\d\d ha \(\d+\.\d\d acres\)$/);
    expect(await page.getByRole('button', { name: 'Edit boundary' }).count()).toBe(1);
    expect(await pageWidth(page)).toBeLessThanOrEqual(360);

    await page.getByRole('button', { name: 'Create project' }).click();
    await page.waitForURL(/\/project\/[\w-]+\/anacostia-solar$/);
    await page.getByRole('heading', { name: 'Anacostia Solar' }).waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Projects' }).click();
    await page.getByRole('region', { name: 'Map of all projects' }).waitFor();
    expect(await pageWidth(page)).toBeLessThanOrEqual(360);
    await page.getByRole('link', { name: /Anacostia Solar/ }).click();
    await page.getByRole('heading', { name: 'Anacostia Solar' }).waitFor();
    await expect.poll(() => page.title()).toBe('Anacostia Solar | Sunplot');
    expect(await page.getByText(/^\d+\.\d\d ha \(\d+\.\d\d acres\)$/).count()).toBe(1);
    expect(await pageWidth(page)).toBeLessThanOrEqual(360);
  });

  it('attaches a DC parcel by its SSL, screens it and reads a reason on hover and in the table', async () => {
    await page.getByRole('link', { name: 'Map and screening' }).click();
    await page.getByRole('heading', { name: 'Anacostia Solar: map and screening' }).waitFor();
    await page.getByLabel('Parcel number (APN or SSL)').fill('PAR 02420088');
    await page.getByRole('button', { name: 'Find parcel' }).click();
    await page.getByRole('group', { name: 'Parcel PAR 02420088' }).getByText(/Open Data DC/).waitFor();
    await page.getByRole('button', { name: 'Attach to this project' }).click();
    await page.getByRole('status').filter({ hasText: 'Parcel PAR 02420088 attached.' }).waitFor();

    const table = page.getByRole('table', { name: 'Screening reasons' });
    const flood = table.getByRole('row').filter({ hasText: 'PAR 02420088' }).filter({ hasText: 'Flood zone' });
    await flood.waitFor();
    expect(await flood.textContent()).toMatch(/Share of the parcel in a flood zone at most 0%.*(Pass|Fail|Unknown).*FEMA zone AE.*2016-08-16/);

    // The map was framed on the parcel found: its middle is the parcel, and hovering it tells why.
    await page.getByRole('status').waitFor({ state: 'detached', timeout: 10_000 });
    const tooltip = page.locator('.leaflet-tooltip').filter({ hasText: 'APN PAR 02420088' });
    // The map may still be settling (fitting the parcel, the status leaving): hover again until the parcel answers.
    // Until it does, the poll reports what lies under the pointer, so a failure says what was there instead.
    await expect
      .poll(
        async () => {
          await page.getByRole('region', { name: 'Screening map' }).scrollIntoViewIfNeeded();
          const { x, y } = await hoverMap(page, 'Screening map', 30, 10);
          if (await tooltip.isVisible()) return 'the parcel\'s tooltip';
          return page.evaluate(([px, py]) => {
            const element = document.elementFromPoint(px!, py!);
            const className = element?.getAttribute('class') ?? '';
            return `no tooltip; at (${Math.round(px!)}, ${Math.round(py!)}) of a ${innerWidth}x${innerHeight} window: ${element?.tagName ?? 'nothing'}.${className}, in ${element?.closest('[aria-label]')?.getAttribute('aria-label') ?? 'no labelled region'}`;
          }, [x, y]);
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBe("the parcel's tooltip");
    expect(await tooltip.textContent()).toMatch(/Flood zone: .*Share of the parcel in a flood zone at most 0%/);
    expect(await page.getByRole('heading', { name: 'Data sources' }).count()).toBe(1);
    expect(await pageWidth(page)).toBeLessThanOrEqual(360);
  });

  it('downloads the project report as a PDF', async () => {
    await page.getByRole('link', { name: 'Back to the project' }).click();
    await page.getByRole('table', { name: 'Parcels' }).getByText('PAR 02420088').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download report' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^Anacostia Solar - report \d{4}-\d\d-\d\d\.pdf$/);
    const pdf = await readFile((await download.path()));
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(await pageWidth(page)).toBeLessThanOrEqual(360);
  });

  it('redraws the boundary on the edit screen', async () => {
    await page.getByRole('link', { name: 'Edit' }).click();
    await page.getByRole('heading', { name: 'Edit Anacostia Solar' }).waitFor();
    const before = await page.getByTestId('boundary-area').textContent();
    await page.getByRole('button', { name: 'Edit boundary' }).click();
    await page.getByRole('button', { name: 'Clear boundary' }).click();
    await page.getByRole('region', { name: 'Project site map' }).scrollIntoViewIfNeeded();
    await expect.poll(() => page.getByTestId('boundary-area').textContent()).toBe('No boundary drawn (optional).');
    // A triangle this time, inside the old square.
    await clickMapPoints(page, 'Project site map', [[0.3, 0.3], [0.7, 0.3], [0.5, 0.7], [0.3, 0.3]]);
    await expect.poll(() => page.getByTestId('boundary-area').textContent()).toMatch(/^Boundary area: /);
    expect(await page.getByTestId('boundary-area').textContent()).not.toBe(before);
    const area = /(\d+\.\d\d ha \(\d+\.\d\d acres\))/.exec((await page.getByTestId('boundary-area').textContent())!)![1]!;
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('heading', { name: 'Anacostia Solar' }).waitFor();
    await page.getByText(area, { exact: true }).waitFor();
  });

  it('edits the assumptions on the settings screen', async () => {
    await page.getByRole('link', { name: 'Assumptions' }).click();
    await page.getByRole('heading', { name: 'Assumptions for Anacostia Solar' }).waitFor();
    await page.getByLabel(/^Ground coverage ratio/).fill('1.5');
    await page.getByRole('button', { name: 'Save as a new preset' }).click();
    await page.getByText('Ground coverage ratio must be above 0 and below 1.').waitFor();
    await page.getByLabel(/^Ground coverage ratio/).fill('0.33');
    await page.getByRole('button', { name: 'Save as a new preset' }).click();
    await page.getByRole('status').filter({ hasText: /Preset ".*" saved/ }).waitFor();
    expect(await pageWidth(page)).toBeLessThanOrEqual(360);
  });
});
