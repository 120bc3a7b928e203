import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { clickMapPoints, findPlace, pageWidth } from '../support/browser.ts';
import { describeE2e, e2eSetup } from '../support/e2e-setup.ts';
import { pageText } from '../support/pdf-text.ts';
import { studyPath } from '../../src/lib/project-path.ts';
import { sharedPath, WEATHER_FILES } from '../solar/fixtures.ts';

/** The what-if table's "Annual energy" row: saved value, what-if value, change. */
async function whatIfEnergy(page: Page) {
  const cells = page.getByRole('table', { name: 'What-if figures' }).getByRole('row').filter({ hasText: 'Annual energy' }).getByRole('cell');
  return { saved: await cells.nth(1).textContent(), now: await cells.nth(2).textContent() };
}

describeE2e('a feasibility study in Chromium, as a new user', () => {
  const e2e = e2eSetup();
  let page: Page;

  it('creates a project with a boundary near the weather station', async () => {
    page = await e2e.signedInPage({ viewport: { width: 1280, height: 900 }, acceptDownloads: true }, { landing: '**/project/add' });
    await page.getByLabel('Project name').fill('Greensboro Solar');
    await findPlace(page, '36.1, -79.95');
    await expect.poll(() => page.getByLabel('Latitude').inputValue()).toBe('36.1');
    await page.getByRole('button', { name: 'Draw boundary' }).click();
    await clickMapPoints(page, 'Project site map', [[0.3, 0.3], [0.7, 0.3], [0.7, 0.7], [0.3, 0.7], [0.3, 0.3]]);
    await expect.poll(() => page.getByTestId('boundary-area').textContent()).toMatch(/^Boundary area: /);
    await page.getByRole('button', { name: 'Create project' }).click();
    await page.waitForURL(/\/project\/[\w-]+\/greensboro-solar$/);
    await page.getByRole('heading', { name: 'Greensboro Solar' }).waitFor();
    // The studies section's empty state (the summary above it says "No study yet" too).
    await page.getByRole('region', { name: 'Feasibility studies' }).getByRole('heading', { name: 'No study yet' }).waitFor();
  });

  it('runs a first study on an uploaded TMY3 file and shows its figures and charts', async () => {
    await page.getByRole('button', { name: 'New study' }).click();
    const dialog = page.getByRole('dialog', { name: 'New feasibility study' });
    await dialog.getByLabel('Upload a weather file').setInputFiles(sharedPath(WEATHER_FILES.tmy3));
    await dialog.getByRole('status').filter({ hasText: /^Read .*kWh\/m² a year\.$/ }).waitFor();
    // Sized from the boundary: the DC size field offers the boundary's MWdc.
    await dialog.getByText(/MWdc from the boundary/).waitFor();
    await dialog.getByRole('button', { name: 'Run and save study' }).click();
    await page.waitForURL(/\/feasibility\/[0-9a-f-]{36}$/);
    // The snackbar goes after a few seconds: read it first, before the charts, which take long under load.
    await page.getByRole('status').filter({ hasText: 'Study saved: Study 1' }).waitFor();
    await page.getByRole('heading', { name: 'Study 1' }).waitFor();
    await expect.poll(() => page.title()).toBe('Study 1 | Sunplot');
    expect(await page.getByText('Primary', { exact: true }).count()).toBeGreaterThan(0);
    const figures = page.getByTestId('study-figures');
    expect(await figures.textContent()).toMatch(/Annual energy \(P50\)[\d,.]+ MWh/);
    expect(await figures.textContent()).toMatch(/P90 \(one year\)[\d,.]+ MWh/);
    // Weather from the station the project stands by: its distance, and standard confidence.
    const weather = page.getByTestId('weather-used');
    expect(await weather.getByTestId('weather-distance').textContent()).toMatch(/^\d+(\.\d)? km from the project\.$/);
    expect(await weather.textContent()).toContain('Standard confidence');
    // The US utility-scale preset finances the plant as a single owner: after-tax figures, debt sized at DSCR 1.3.
    expect(await figures.textContent()).toMatch(/After-tax NPV.*Equity IRR.*Min DSCR1\.30.*PPA price needed\$\d+\.\d\/MWh/);
    await page.getByRole('img', { name: 'Monthly AC energy in MWh' }).locator('svg rect').first().waitFor();
    await page.getByRole('img', { name: /Yearly equity cash flow after tax in USD/ }).locator('svg rect').first().waitFor();
    const summary = await page.getByTestId('finance-summary').textContent();
    expect(summary).toContain('Debt / equity');
    expect(summary).toMatch(/PPA price needed\$\d+\.\d\/MWh in year 1, for an equity IRR of 11 ?% at year 25/);
    const table = page.getByRole('table', { name: 'Yearly cash flows in USD' });
    expect(await table.getByRole('row').count()).toBe(27);
    expect(await table.getByRole('columnheader').allTextContents()).toContain('Equity cash flow');
    await page.getByTestId('loss-waterfall').getByText('AC energy delivered').waitFor();
    expect(await page.getByTestId('weather-used').textContent()).toContain('Standard confidence');
  });

  it('recomputes at once in the browser when the tilt slider is dragged, and saves the what-if as a second study', async () => {
    await page.getByText(/Recomputed in your browser in/).waitFor();
    const before = await whatIfEnergy(page);
    expect(before.now).toBe(before.saved);
    // The preset is a tracker: its tilt is the axis's.
    const thumb = page.getByRole('slider', { name: 'Axis tilt' });
    await thumb.scrollIntoViewIfNeeded();
    const box = (await thumb.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect.poll(async () => (await whatIfEnergy(page)).now).not.toBe(before.saved);
    const after = await whatIfEnergy(page);
    expect(after.saved).toBe(before.saved);
    expect(Number(await thumb.getAttribute('aria-valuenow'))).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Save as new study' }).click();
    await page.getByRole('heading', { name: 'Study 1 (what-if)' }).waitFor();
    // The saved study has the what-if's figures (shown to the MWh there).
    const mwh = Math.round(Number(after.now!.replace(/[^\d.]/g, ''))).toLocaleString('en-US');
    await expect.poll(() => page.getByTestId('study-figures').textContent()).toContain(`Annual energy (P50)${mwh} MWh`);
  });

  it('makes the second study primary, renames and deletes the first', async () => {
    await page.getByRole('button', { name: 'Make primary' }).click();
    await page.getByRole('alertdialog', { name: 'Make this the primary study?' }).getByRole('button', { name: 'Make primary' }).click();
    await page.getByRole('status').filter({ hasText: 'Primary study set: Study 1 (what-if)' }).waitFor();
    await page.getByText('Primary', { exact: true }).first().waitFor();

    await page.getByRole('link', { name: 'Greensboro Solar' }).click();
    const table = page.getByRole('table', { name: 'Feasibility studies' });
    await expect.poll(() => table.getByTestId('study-row').count()).toBe(2);
    const primaryRow = table.getByTestId('study-row').filter({ has: page.getByText('Primary', { exact: true }) });
    expect(await primaryRow.textContent()).toContain('Study 1 (what-if)');

    await page.getByRole('button', { name: 'Rename Study 1', exact: true }).click();
    const rename = page.getByRole('dialog', { name: 'Rename study' });
    await rename.getByLabel('Name').fill('   ');
    await rename.getByRole('button', { name: 'Rename' }).click();
    await rename.getByText('Invalid Text').waitFor();
    await rename.getByLabel('Name').fill('Fixed-tilt baseline');
    await rename.getByRole('button', { name: 'Rename' }).click();
    await table.getByRole('link', { name: 'Fixed-tilt baseline' }).waitFor();

    await page.getByRole('button', { name: 'Delete Fixed-tilt baseline' }).click();
    await page.getByRole('alertdialog', { name: 'Delete study?' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('status').filter({ hasText: 'Study deleted: Fixed-tilt baseline' }).waitFor();
    await expect.poll(() => table.getByTestId('study-row').count()).toBe(1);
  });

  it('downloads the report with the primary study in it', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download report' }).click()]);
    const text = pageText(await readFile((await download.path())));
    expect(text).toContain('Primary feasibility study: Study 1 (what-if)');
    expect(text).toContain('Monthly AC energy (MWh)');
  });

  it('says on the study page and in the report that weather 400 km away lowers the confidence', async () => {
    // Another user's project in Washington, DC, run on the Greensboro station's TMY3 file (about 405 km away).
    const { account, client, project } = await e2e.withProject({ name: 'Anacostia roof', location: { lat: 38.9, lng: -77.03 } });
    const form = new FormData();
    form.append('file', new Blob([await readFile(sharedPath(WEATHER_FILES.tmy3))]), '723170TYA.CSV');
    const upload = await client.post<{ id: string }>('/api/gis/weather/upload/', form);
    const study = await client.post<{ id: string; weather: { confidence: string; distance_km: number } }>('/api/project/feasibility/create/', {
      project_id: project.id,
      weather: { source: 'upload', weather_id: upload.body.id },
      system: { dc_kw: 100 },
    });
    expect(study.status).toBe(201);
    expect(study.body.weather.confidence).toBe('low');
    expect(study.body.weather.distance_km).toBeGreaterThan(390);
    const far = await e2e.signedInPage({ viewport: { width: 1280, height: 900 } }, { account });
    await far.goto(e2e.url(studyPath(project, study.body.id)));
    const weather = far.getByTestId('weather-used');
    await weather.waitFor();
    expect(await weather.textContent()).toContain('Lower confidence');
    expect(await weather.getByTestId('weather-distance').textContent()).toMatch(/^40\d km from the project: another place's sun and climate, so a lower confidence/);
    const report = await fetch(e2e.url(`/api/project/report/?id=${project.id}`), { headers: { authorization: `Bearer ${client.access}` } });
    expect(pageText(Buffer.from(await report.arrayBuffer())).replace(/\s+/g, ' ')).toMatch(/low confidence, 40\d km from the project/);
    await far.context().close();
  });

  it('reads at 360 px', async () => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.getByRole('link', { name: 'Study 1 (what-if)' }).click();
    await page.getByTestId('study-figures').waitFor();
    expect(await pageWidth(page)).toBeLessThanOrEqual(360);
  });
});
