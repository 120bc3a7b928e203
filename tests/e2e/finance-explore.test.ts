import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { comparePath, studyPath } from '../../src/lib/project-path.ts';
import { overflows, shoot } from '../support/browser.ts';
import { describeE2e, e2eSetup } from '../support/e2e-setup.ts';
import { greensboroStudy } from '../support/greensboro.ts';

/** What the what-if moves: the cards, the breakeven, the tornado's base and the cash-flow chart's bars. */
async function moving(page: Page) {
  return {
    cards: await page.getByTestId('study-figures').textContent(),
    breakeven: await page.getByTestId('breakeven').textContent(),
    tornado: await page.getByTestId('tornado-base').textContent(),
    chart: await page.getByTestId('cash-flow-chart').locator('svg').innerHTML(),
  };
}

/** Drags a slider's thumb sideways by `dx` pixels, as a pointer does. */
async function drag(page: Page, name: string, dx: number) {
  const thumb = page.getByRole('slider', { name, exact: true });
  await thumb.scrollIntoViewIfNeeded();
  const box = (await thumb.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + dx, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
}

/** The cash-flow chart's stacks: the height of year 0 and the tallest of the other years, each side of the axis. */
const stackHeights = (page: Page) =>
  page.getByTestId('cash-flow-chart').evaluate((chart) => {
    const byYear = new Map<number, { up: number; down: number }>();
    for (const rect of chart.querySelectorAll('rect[data-testid^="bar.item."]')) {
      const [, , part, index] = rect.getAttribute('data-testid')!.split('.');
      const year = Number(index);
      const stack = byYear.get(year) ?? { up: 0, down: 0 };
      const height = Number(rect.getAttribute('height'));
      if (part === 'investment') stack.down += height;
      else stack.up += height;
      byYear.set(year, stack);
    }
    const year0 = byYear.get(0)?.down ?? 0;
    const others = [...byYear.entries()].filter(([year]) => year !== 0).map(([, stack]) => Math.max(stack.up, stack.down));
    return { year0, tallestOther: Math.max(...others) };
  });

describeE2e('exploring a single-owner study’s finance in Chromium', () => {
  const e2e = e2eSetup();
  let page: Page;
  let url: string;
  let project: { id: string; name: string };
  let base: { id: string };
  let lowerItc: string;

  // The account is confirmed through the outbox, which polls: only a test may.
  it('opens the Greensboro study, a single owner', async () => {
    const created = await greensboroStudy(e2e.app, { name: 'Greensboro base', system: { dc_kw: 5000 } });
    const { account, study } = created;
    ({ project } = created);
    base = study;
    expect(study.headline.structure).toBe('single_owner');
    page = await e2e.signedInPage({ viewport: { width: 1440, height: 900 } }, { account });
    url = e2e.url(studyPath(project, study.id));
    await page.goto(url);
    await page.getByRole('heading', { name: 'Greensboro base' }).waitFor();
    await expect.poll(() => page.title()).toBe('Greensboro base | Sunplot');
  });

  it('at 1440 px: the breakeven beside the headline, the tornado drawn, the what-if beside the charts, year 0 drawn whole', async () => {
    await page.getByTestId('tornado-base').waitFor();
    expect(await page.getByTestId('breakeven').textContent()).toMatch(/PPA needed for 11 ?% equity IRR: \$\d+\.\d\/MWh.*Capex that still reaches 11 ?%: \$\d\.\d\d\/W/);
    expect(await page.getByTestId('tornado-base').textContent()).toMatch(/^Base case: equity IRR −?\d+\.\d\d ?%$/);
    const tornado = page.getByRole('img', { name: /^Tornado of the equity IRR/ });
    await tornado.locator('svg rect').first().waitFor();
    // Each input's four steps, P90 and no debt as bars; the base line is labelled.
    expect(await tornado.locator('svg rect[data-testid^="bar.item."]').count()).toBeGreaterThanOrEqual(6 * 4);
    expect(await tornado.locator('svg').textContent()).toMatch(/base −?\d+\.\d\d ?%/);
    for (const row of ['Capex', 'Energy', 'PPA price', 'O&M', 'Interest rate', 'Tax rate', 'P90 energy', 'No debt']) expect(await tornado.locator('svg').textContent()).toContain(row);

    const panel = (await page.getByRole('region', { name: 'What if…' }).boundingBox())!;
    const chart = (await page.getByTestId('cash-flow-chart').boundingBox())!;
    expect(panel.x).toBeGreaterThan(chart.x + chart.width);

    // The equity paid in is the tallest stack, below the axis; at this PPA price the equity is never paid back.
    const heights = await stackHeights(page);
    expect(heights.year0).toBeGreaterThan(heights.tallestOther);
    expect(await page.getByTestId('payback-marker').textContent()).toBe('not paid back within 25 years');
    await page.getByTestId('cash-flow-chart').locator('rect[data-testid="bar.item.investment.0"]').hover();
    await expect.poll(() => page.getByText(/^Year 0: −\$[\d,.]+ ?M? ?equity cash flow/).count()).toBe(1);
    expect(await overflows(page)).toBeLessThanOrEqual(0);
    // The what-if's figures fit its panel: no column cut off behind a sideways scroll.
    expect(await page.getByRole('region', { name: 'What-if figures' }).evaluate((box) => box.scrollWidth - box.clientWidth)).toBeLessThanOrEqual(0);
    await page.mouse.move(0, 0);
    await shoot(page, 'finance-explore-1440');
    // The README's picture of the study page: its first screens, figures to tornado and the what-if beside them.
    await page.setViewportSize({ width: 1440, height: 1750 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await shoot(page, 'study-page-readme', false);
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('moves the cards, the cash-flow chart, the tornado and the breakeven with the PPA price and the ITC, and resets to the saved study', async () => {
    const saved = await moving(page);
    await drag(page, 'PPA price', 150);
    await expect.poll(async () => (await moving(page)).cards).not.toBe(saved.cards);
    await expect.poll(async () => (await moving(page)).tornado).not.toBe(saved.tornado);
    const moved = await moving(page);
    expect(moved.chart).not.toBe(saved.chart);
    // A higher price leaves the price needed where it was and raises the cost the target allows.
    expect(moved.breakeven).not.toBe(saved.breakeven);
    expect(moved.breakeven!.match(/\/MWh/g)).toHaveLength(1);
    expect(await page.getByTestId('study-figures').textContent()).toContain('what-if; saved');
    expect(await page.getByTestId('payback-marker').textContent()).toMatch(/^paid back in year \d+(\.\d)?$/);

    await drag(page, 'ITC', -60);
    await expect.poll(async () => /PPA needed[^$]*(\$[\d.]+\/MWh)/.exec((await moving(page)).breakeven!)?.[1]).not.toBe(/PPA needed[^$]*(\$[\d.]+\/MWh)/.exec(saved.breakeven!)?.[1]);

    await page.getByRole('button', { name: 'Back to the saved values' }).click();
    await expect.poll(async () => (await moving(page)).cards).toBe(saved.cards);
    expect((await moving(page)).breakeven).toBe(saved.breakeven);
    await expect.poll(async () => (await moving(page)).tornado).toBe(saved.tornado);
  });

  it('saves the what-if as a new study under the name given, keeping its after-tax inputs', async () => {
    await drag(page, 'ITC', -80);
    const itc = await page.getByRole('slider', { name: 'ITC', exact: true }).getAttribute('aria-valuenow');
    expect(Number(itc)).toBeLessThan(30);
    const name = page.getByLabel('Name of the new study');
    expect(await name.inputValue()).toBe('Greensboro base (what-if)');
    await name.fill('Greensboro, lower ITC');
    await page.getByRole('button', { name: 'Save as new study' }).click();
    await page.getByRole('heading', { name: 'Greensboro, lower ITC' }).waitFor();
    // The new study ran on the what-if's ITC: its own slider starts there.
    await expect.poll(() => page.getByRole('slider', { name: 'ITC', exact: true }).getAttribute('aria-valuenow')).toBe(itc);
    lowerItc = new URL(page.url()).pathname.split('/').pop()!;
  });

  it('compares the two studies side by side at 1440 and 390 px: figures, cash flows and the ITC highlighted', async () => {
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(e2e.url(comparePath(project, [base.id, lowerItc])));
      const figures = page.getByRole('table', { name: 'Headline figures' });
      await figures.waitFor();
      expect(await figures.getByRole('columnheader').allTextContents()).toEqual(['Figure', expect.stringContaining('Greensboro base'), 'Greensboro, lower ITC']);
      // A lower ITC earns less: the base case's after-tax NPV is the one marked best.
      const npv = figures.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /NPV/ }) }).first().getByRole('cell');
      expect(await npv.nth(0).getAttribute('data-best')).toBe('true');
      const itc = page.getByRole('table', { name: 'Assumptions' }).getByRole('row').filter({ has: page.getByRole('rowheader', { name: /^Investment tax credit/ }) });
      expect(await itc.getAttribute('data-differs')).toBe('true');
      await page.getByRole('img', { name: /^Yearly cash flows of the compared studies/ }).locator('svg rect').first().waitFor();
      expect(await overflows(page)).toBeLessThanOrEqual(0);
      await shoot(page, `compare-studies-${width}`);
    }
  });

  it('at 390 px: stacked, nothing cut off or scrolling sideways, and a slider still moves the cards', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(url);
    await page.getByTestId('tornado-base').waitFor();
    await page.getByRole('img', { name: /^Tornado of the equity IRR/ }).locator('svg rect').first().waitFor();
    expect(await overflows(page)).toBeLessThanOrEqual(0);
    const panel = (await page.getByRole('region', { name: 'What if…' }).boundingBox())!;
    const chart = (await page.getByTestId('cash-flow-chart').boundingBox())!;
    expect(panel.y).toBeGreaterThan(chart.y);
    expect(chart.x + chart.width).toBeLessThanOrEqual(390);
    await shoot(page, 'finance-explore-390');

    const saved = await moving(page);
    await drag(page, 'Interest rate', 30);
    await expect.poll(async () => (await moving(page)).cards).not.toBe(saved.cards);
    expect((await moving(page)).breakeven).not.toBe(saved.breakeven);
    expect(await overflows(page)).toBeLessThanOrEqual(0);
  });
});
