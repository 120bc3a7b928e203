/**
 * Issue 43's acceptance check in Chromium: a planner builds a Fresno home study from the residential preset and the
 * bundled PG&E E-TOU-C tariff under net billing with hourly export values, reads on the study page what it ran on, and
 * compares it with a second, larger study made with the what-if.
 */
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { projectPath } from '../../src/lib/project-path.ts';
import { describeE2e, e2eSetup } from '../support/e2e-setup.ts';
import { meansAt } from '../solar/monthly-means.ts';

const fresno = { lat: 36.74, lng: -119.79 };
const monthNames = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** PG&E-style export values: 0.05 $/kWh, and 0.25 from 16:00 to 21:00, every hour of the year; a header row first. */
const sellRatesCsv = () => `sell_rate_usd_per_kwh\n${Array.from({ length: 8760 }, (_, hour) => (hour % 24 >= 16 && hour % 24 < 21 ? '0.25' : '0.05')).join('\n')}\n`;

/** "$1,234" or "-$56" as a number of dollars. */
const dollars = (text: string) => Number(text.replace(/[^\d]/g, '')) * (/^[−-]/.test(text) ? -1 : 1);

/** A two-column table's rows as label → value (the third column, a source, is left out). */
async function tableRows(table: Locator): Promise<Record<string, string>> {
  const rows = await table.getByRole('row').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td, th')].map((cell) => (cell.textContent ?? '').trim())));
  return Object.fromEntries(rows.map(([label = '', value = '']) => [label, value]));
}

/** The headline cards as label → value (the help under each left out). */
async function cards(page: Page): Promise<Record<string, string>> {
  const figures = page.getByTestId('study-figures');
  return figures.evaluate((grid) =>
    Object.fromEntries(
      [...grid.children].map((card) => {
        const [label, value] = [...card.querySelectorAll('dt, dd')].map((part) => (part.textContent ?? '').trim());
        return [label ?? '', value ?? ''];
      }),
    ),
  );
}

describeE2e('a Fresno home on PG&E E-TOU-C with hourly export values, in Chromium', () => {
  const e2e = e2eSetup();
  let page: Page;
  let project: { id: string; name: string };
  let firstStudyUrl: string;

  it('builds the study in the new-study form: residential preset, roof mount, E-TOU-C, net billing and 8,760 sell rates', async () => {
    const made = await e2e.withProject({ name: 'Fresno home', location: fresno, country: 'US', postal_code: '93721' });
    project = made.project;
    page = await e2e.signedInPage({ viewport: { width: 1440, height: 900 } }, { account: made.account });
    await page.goto(e2e.url(projectPath(project)));
    await page.getByRole('heading', { name: 'Fresno home' }).waitFor();

    await page.getByRole('button', { name: 'New study' }).click();
    const dialog = page.getByRole('dialog', { name: 'New feasibility study' });
    await dialog.getByLabel('Energy model').waitFor();
    await dialog.getByLabel('Name', { exact: true }).fill('Fresno home 6 kW');

    // Weather that needs no network: twelve monthly means typed for Fresno.
    await dialog.getByText('Twelve monthly means (lower confidence)', { exact: true }).click();
    await dialog.getByText(/^No weather to prefill from yet/).waitFor();
    const means = meansAt(fresno.lat, fresno.lng, 0.6, 17);
    for (const [i, month] of monthNames.entries()) {
      await dialog.getByLabel(`${month} GHI`).fill(means.ghiKwhM2PerDay[i]!.toFixed(2));
      await dialog.getByLabel(`${month} air temperature`).fill(means.tempAirC[i]!.toFixed(1));
    }

    // Bill savings with the household the form starts on: the preset and the mount move to a rooftop's, and it says so.
    await dialog.getByText('Bill savings (behind the meter)', { exact: true }).click();
    await dialog.getByText('Moved to the preset “US residential rooftop (household purchase)” and its roof mount.').waitFor();
    expect(await dialog.getByLabel('A household').isChecked()).toBe(true);
    const preset = dialog.getByLabel('Assumptions preset');
    expect(await preset.inputValue()).toBe('builtin:us-residential');
    expect(await preset.locator('option:checked').textContent()).toBe('US residential rooftop (household purchase) (built-in)');
    expect(await dialog.getByLabel('Array type', { exact: true }).locator('option:checked').textContent()).toBe('Fixed, roof mount');

    // The bundled residential tariffs are offered; E-TOU-C brings its own export rule, which the planner turns to net billing.
    const tariff = dialog.getByLabel('Utility tariff', { exact: true });
    const offered = await tariff.locator('option').allTextContents();
    const eTouC = offered.find((label) => label.startsWith('PG&E E-TOU-C'));
    expect(eTouC, offered.join(' | ')).toBeDefined();
    await tariff.selectOption({ label: eTouC! });
    await dialog.getByText(/^Prices in USD\. Its export rule, set below: net metering/).waitFor();
    await dialog.getByLabel('Export rule', { exact: true }).selectOption({ label: 'Net billing' });
    await dialog.getByText('Each kWh exported is credited at the sell rate in the month it is exported.').waitFor();
    expect(await dialog.getByLabel('Sell rate (USD/kWh)').count()).toBe(1);

    await dialog.getByLabel('Upload hourly sell rates').setInputFiles({ name: 'pge-export-values.csv', mimeType: 'text/csv', buffer: Buffer.from(sellRatesCsv()) });
    await dialog.getByText('pge-export-values.csv: 8,760 hourly sell rates from 0.05 to 0.25 (mean 0.0917) USD/kWh.').waitFor();
    // The hourly values take the single sell rate's place.
    expect(await dialog.getByLabel('Sell rate (USD/kWh)').count()).toBe(0);

    expect(await dialog.getByLabel('Load shape', { exact: true }).locator('option:checked').textContent()).toMatch(/residential/i);
    await dialog.getByLabel('Yearly consumption (kWh)').fill('10500');
    await dialog.getByRole('list', { name: /shape, kWh a month$/ }).waitFor();
    // A US study asks the dates that decide the federal credits.
    await dialog.getByLabel('Construction begins').fill('2026-03-02');
    await dialog.getByLabel('Placed in service').fill('2026-05-29');
    await dialog.getByLabel('DC size (kW)').fill('6');

    await dialog.getByRole('button', { name: 'Run and save study' }).click();
    await page.waitForURL(/\/feasibility\/[0-9a-f-]{36}$/);
    await page.getByRole('status').filter({ hasText: 'Study saved: Fresno home 6 kW' }).waitFor();
    await page.getByRole('heading', { name: 'Fresno home 6 kW' }).waitFor();
    firstStudyUrl = page.url();
  });

  it('says on the study page what it ran on: the tariff, both bills, the savings, the hourly sell rates and no §25D credit', async () => {
    const headline = await cards(page);
    expect(headline.Tariff).toMatch(/^PG&E E-TOU-C Residential Time-of-Use/);
    for (const label of ['Bill without solar', 'Bill with solar', 'Savings, year 1', 'NPV']) expect(headline[label], label).toMatch(/^−?-?\$[\d,]+$/);
    expect(headline.Payback).toMatch(/^(\d+\.\d yr|Not within the term)$/);
    const [without, withSolar, savings] = [headline['Bill without solar']!, headline['Bill with solar']!, headline['Savings, year 1']!].map(dollars);
    expect(without).toBeGreaterThan(withSolar!);
    // Each card is rounded to the dollar on its own.
    expect(Math.abs(savings! - (without! - withSolar!))).toBeLessThanOrEqual(1);
    expect(headline).not.toHaveProperty('Min DSCR');
    expect(headline).not.toHaveProperty('PPA price needed');
    const figures = (await page.getByTestId('study-figures').textContent()) ?? '';
    expect(figures).not.toContain('Min DSCR');
    expect(figures).not.toContain('PPA price needed');
    expect(figures).toContain('Net billing');

    const ranOn = await tableRows(page.getByRole('table', { name: 'Tariff, export and load' }));
    expect(ranOn.Owner).toBe('A household');
    expect(ranOn.Tariff).toMatch(/(Pacific Gas (and|&) Electric|PG&E).*E-TOU-C/);
    expect(ranOn['Sector and edition']).toMatch(/^Residential/);
    expect(ranOn['Export rule']).toBe('Net billing');
    expect(ranOn['Sell rates']).toBe('8,760 hourly sell rates from 0.05 to 0.25 (mean 0.0917) USD/kWh');
    expect(ranOn).not.toHaveProperty('Sell rate');
    expect(ranOn.Load).toMatch(/10,500 kWh a year$/);
    const system = await tableRows(page.getByRole('table', { name: 'System' }));
    expect(system['DC size']).toBe('6 kW');
    expect(system['Array type']).toMatch(/roof/i);
    expect(await page.getByText('Preset:').locator('..').textContent()).toContain('US residential rooftop (household purchase)');

    const finance = page.getByTestId('finance-summary');
    await finance.waitFor();
    const summary = (await finance.textContent()) ?? '';
    expect(summary).toContain('OwnerA household that buys the system');
    expect(summary).toMatch(/§25D \(solar\)No credit\. No §25D credit: .*31 December 2025.*completed on /);
    expect(summary).not.toContain('PPA price needed');

    // The what-if has no export-rate slider: the hourly values replace it.
    await page.getByText(/Recomputed in your browser in/).waitFor();
    expect(await page.getByRole('slider', { name: 'Export rate' }).count()).toBe(0);
    const body = (await page.locator('body').textContent()) ?? '';
    expect(body).not.toMatch(/energyratestructure|energyweekdayschedule/);
  });

  it('saves a larger system from the what-if as a second study', async () => {
    const size = page.getByRole('slider', { name: 'System size' });
    const saved = Number(await size.getAttribute('aria-valuenow'));
    expect(saved).toBe(6);
    await size.focus();
    for (let i = 0; i < 20; i++) await size.press('ArrowRight');
    await expect.poll(async () => Number(await size.getAttribute('aria-valuenow'))).toBeGreaterThan(saved);
    const larger = Number(await size.getAttribute('aria-valuenow'));
    await page.getByLabel('Name of the new study').fill('Fresno home, larger');
    const save = page.getByRole('button', { name: 'Save as new study' });
    await expect.poll(() => save.isEnabled()).toBe(true);
    // What the server answered the create with, to name a refusal the page does not show.
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/api/project/feasibility/create/') && response.status() >= 400) void response.text().then((text) => refused.push(`${response.status()} ${text.slice(0, 400)}`));
    });
    await save.click();
    // The server runs the new study; a refusal shows as an alert beside the button.
    const heading = page.getByRole('heading', { name: 'Fresno home, larger' });
    await expect.poll(async () => (await heading.count()) + (await page.getByRole('alert').count()) + refused.length, { timeout: 90_000 }).toBeGreaterThan(0);
    expect(refused, 'the create request was refused').toEqual([]);
    expect(await heading.count(), (await page.getByRole('alert').allTextContents()).join(' | ')).toBe(1);
    await expect.poll(() => page.url()).not.toBe(firstStudyUrl);
    expect((await tableRows(page.getByRole('table', { name: 'System' })))['DC size']).toBe(`${larger.toLocaleString('en-US')} kW`);
    // The second study keeps the tariff and the hourly values.
    expect((await tableRows(page.getByRole('table', { name: 'Tariff, export and load' })))['Sell rates']).toBe('8,760 hourly sell rates from 0.05 to 0.25 (mean 0.0917) USD/kWh');
  });

  it('compares the two studies: both bills and the savings in dollars, and no raw URDB keys', async () => {
    await page.goto(e2e.url(projectPath(project)));
    const table = page.getByRole('table', { name: 'Feasibility studies' });
    await expect.poll(() => table.getByTestId('study-row').count(), { timeout: 30_000 }).toBe(2);
    await page.getByRole('link', { name: 'Compare studies' }).click();
    await page.waitForURL(/\/compare\?studies=/);
    const figures = page.getByRole('table', { name: 'Headline figures' });
    await figures.waitFor();
    const heads = await figures.getByRole('columnheader').allTextContents();
    expect(heads[0]).toBe('Figure');
    expect(heads.slice(1).join(' | ')).toContain('Fresno home 6 kW');
    expect(heads.slice(1).join(' | ')).toContain('Fresno home, larger');
    const rows = await tableRows(figures);
    for (const label of ['Bill without solar, year 1', 'Bill with solar, year 1', 'Savings, year 1']) {
      const cells = await figures.getByRole('row').filter({ has: page.getByRole('rowheader', { name: label, exact: true }) }).getByRole('cell').allTextContents();
      expect(cells, label).toHaveLength(2);
      // The better of two is marked "(best)" for screen readers (bills lower, savings higher).
      for (const cell of cells) expect(cell, label).toMatch(/^−?-?\$[\d,]+(\(best\))?$/);
      if (label !== 'Bill without solar, year 1') expect(cells.filter((cell) => cell.endsWith('(best)')), label).toHaveLength(1);
      expect(rows[label], label).toBeDefined();
    }
    // The same home and tariff: the bill without solar is the same; the larger system saves more.
    const row = (label: string) => figures.getByRole('row').filter({ has: page.getByRole('rowheader', { name: label, exact: true }) }).getByRole('cell').allTextContents();
    const [without1, without2] = await row('Bill without solar, year 1');
    expect(without1).toBe(without2);
    const savings = (await row('Savings, year 1')).map(dollars);
    expect(savings[0]).not.toBe(savings[1]);
    const body = (await page.locator('body').textContent()) ?? '';
    expect(body).not.toMatch(/energyratestructure|energyweekdayschedule/);
    await page.context().close();
  });
});
