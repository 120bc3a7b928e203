/**
 * Issue 23's two examples in Chromium: a 5 kW home in Pune (MSEDCL slab tariff, net metering, PM Surya Ghar) and a
 * commercial rooftop in Greensboro on PG&E's E-19 TOU tariff with demand charges under net billing. Each study page
 * shows the bills with and without solar, the savings, the payback and the size sweep, at 1440 and 390 px.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { studyPath } from '../../src/lib/project-path.ts';
import { TARIFF_PRESETS } from '../../src/solar/tariff-presets.ts';
import { overflows, shoot } from '../support/browser.ts';
import { describeE2e, e2eSetup, type Account } from '../support/e2e-setup.ts';
import { greensboroStudy } from '../support/greensboro.ts';
import { pune, puneRooftopStudy } from '../support/pune.ts';

const tariff = (id: string) => TARIFF_PRESETS.find((t) => t.id === id)!;

/** What the Bills section says, and that its charts are drawn. */
async function expectBills(page: Page, currencySymbol: string) {
  const bills = page.getByRole('region', { name: 'Bills' }).or(page.locator('section', { has: page.getByRole('heading', { name: 'Bills', exact: true }) }));
  await bills.getByText('Bill without solar, year 1').waitFor();
  const text = (await bills.textContent()) ?? '';
  expect(text).toContain(`Bill without solar, year 1${currencySymbol}`);
  expect(text).toMatch(/Savings, year 1[₹$€][\d,]+/);
  expect(text).toMatch(/Self-consumption\d+\.\d ?%/);
  for (const chart of [/^Monthly electricity bill in/, /above the axis the load/, /^Monthly load in kWh$/, /^Year-1 savings in .* by system size in kWdc$/]) {
    await bills.getByRole('img', { name: chart }).locator('svg rect').first().waitFor();
  }
  // Twelve months without and with solar.
  expect(await bills.getByRole('img', { name: /^Monthly electricity bill in/ }).locator('svg rect[data-testid^="bar.item."]').count()).toBe(24);
  // The size sweep, with a payback for each size.
  expect(await bills.getByRole('img', { name: /by system size/ }).locator('svg rect[data-testid^="bar.item."]').count()).toBeGreaterThanOrEqual(7);
  return bills;
}

/** How many of a chart's twelve month labels touch or overlap the next, as drawn; and how many there are. */
async function monthLabels(page: Page, chart: RegExp) {
  return page
    .getByRole('img', { name: chart })
    .first()
    .locator('svg text')
    .evaluateAll((texts) => {
      const boxes = texts
        .filter((text) => /^(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec|[JFMASOND])$/.test(text.textContent ?? ''))
        .map((text) => text.getBoundingClientRect())
        .sort((a, b) => a.left - b.left);
      return { count: boxes.length, touching: boxes.filter((box, k) => k > 0 && boxes[k - 1]!.right + 1 > box.left).length };
    });
}

describeE2e('behind-the-meter studies in Chromium', () => {
  const e2e = e2eSetup();
  let page: Page;
  let account: Account;

  it('a US commercial rooftop on PG&E E-19 (TOU with demand charges) under net billing: bills, savings, payback and the size sweep', async () => {
    const pge = tariff('us-commercial-tou-demand');
    const created = await greensboroStudy(e2e.app, {
      name: 'Office roof',
      system: { dc_kw: 150, tilt_deg: 10, azimuth_deg: 180 },
      finance: { structure: 'behind_the_meter' },
      tariff: { ...pge.rate, escalation_pct: pge.escalation_pct },
      load: { shape: 'office', annual_kwh: 400_000 },
      export: { rule: 'net_billing', sell_rate_per_kwh: 0.04 },
    });
    const { project, study } = created;
    account = created.account;
    expect(study.headline.structure).toBe('behind_the_meter');
    page = await e2e.signedInPage({ viewport: { width: 1440, height: 900 } }, { account });
    await page.goto(e2e.url(studyPath(project, study.id)));
    await page.getByRole('heading', { name: 'Office roof' }).waitFor();
    const bills = await expectBills(page, '$');
    // Demand charges show in the monthly numbers.
    await bills.getByText('Show the numbers').first().click();
    expect(await bills.locator('table').first().textContent()).toMatch(/Without: energy.*demand/);
    expect(await page.getByTestId('study-figures').textContent()).toMatch(/Payback/i);
    expect(await overflows(page)).toBeLessThanOrEqual(0);
    await page.mouse.move(0, 0);
    await shoot(page, 'rooftop-us-1440');
  });

  it('a 5 kW home in Pune on the MSEDCL slab tariff, net metering and PM Surya Ghar, at 1440 and 390 px', async () => {
    // The same user as the first test, already signed in in the browser.
    const { client } = await e2e.signedInClient(account);
    const project = (await client.post<{ id: string; name: string }>('/api/project/create/', { name: 'Pune home', location: pune })).body;
    const created = await client.post<{ id: string; headline: { structure: string } }>('/api/project/feasibility/create/', puneRooftopStudy(project.id));
    expect(created.status).toBe(201);
    expect(created.body.headline.structure).toBe('behind_the_meter');
    await page.goto(e2e.url(studyPath(project, created.body.id)));
    await page.getByRole('heading', { name: 'Rooftop 5 kW' }).waitFor();
    await expectBills(page, '₹');
    expect(await page.getByTestId('study-figures').textContent()).toMatch(/Payback[\d.]+ yr/i);
    await page.mouse.move(0, 0);
    await shoot(page, 'rooftop-pune-1440');

    await page.setViewportSize({ width: 390, height: 844 });
    await expectBills(page, '₹');
    expect(await overflows(page)).toBeLessThanOrEqual(0);
    // Every month labelled under the bars, no two labels touching on a phone.
    for (const chart of [/^Monthly AC energy in MWh$/, /^Monthly electricity bill in/, /above the axis the load/, /^Monthly load in kWh$/]) {
      await expect.poll(() => monthLabels(page, chart), { message: String(chart) }).toEqual({ count: 12, touching: 0 });
    }
    await shoot(page, 'rooftop-pune-390');
    await page.setViewportSize({ width: 1440, height: 900 });
  });
});
