/**
 * The map screen with DC parcels in Chromium at 1440, 390 and 360 px: the filters beside the map (stacked on a phone), a
 * parcel's row with its buildable area beside the verdict, its reasons within the table's box, the reasons table
 * scrolling in its own box rather than cut off at the window's edge, the parcel panel (a drawer on a phone), tooltips
 * inside the map's edges, and axe-core with the panel open. Screenshots go with the screens walk's, for review.
 */
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeViolation, hoverMap, pageWidth, seriousViolations, shoot } from '../support/browser.ts';
import { describeE2e, e2eSetup, type Account } from '../support/e2e-setup.ts';
import { tablesOutsideWindow } from '../support/layout-checks.ts';

// Seventeen parcels or more east of the Anacostia; PAR 01700026 lies 53.74 % in FEMA zone AE and in no wetland.
const boundary = {
  type: 'Polygon',
  coordinates: [
    [
      [-76.9599, 38.895],
      [-76.9439, 38.895],
      [-76.9439, 38.9078],
      [-76.9599, 38.9078],
      [-76.9599, 38.895],
    ],
  ],
};
const flooded = 'PAR 01700026';

/** Where a tooltip comes to rest (it follows the pointer and may still be moving), or null once it has closed. */
async function settledBox(tooltip: Locator) {
  let last = await tooltip.boundingBox({ timeout: 1000 }).catch(() => null);
  for (let i = 0; last && i < 10; i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const now = await tooltip.boundingBox({ timeout: 1000 }).catch(() => null);
    if (now && now.x === last.x && now.y === last.y) return now;
    last = now;
  }
  return last;
}

/** Hovers every parcel drawn on the map and checks that each tooltip lies inside the map. */
async function tooltipsStayInside(page: Page) {
  await page.evaluate(() => window.scrollTo(0, 0));
  const map = (await page.getByRole('region', { name: 'Screening map' }).boundingBox())!;
  const parcels = page.locator('path.leaflet-interactive');
  const count = await parcels.count();
  let seen = 0;
  for (let i = 0; i < count; i++) {
    const box = await parcels.nth(i).boundingBox();
    if (!box || box.width < 4 || box.height < 4) continue;
    // The part of the parcel nearest the map's right or bottom edge: where a tooltip is most likely to overflow.
    const x = Math.min(box.x + box.width * 0.8, map.x + map.width - 4);
    const y = Math.min(box.y + box.height * 0.8, map.y + map.height - 4);
    if (x < map.x || y < map.y) continue;
    await page.mouse.move(x, y);
    const tooltip = page.locator('.leaflet-tooltip').last();
    if (!(await tooltip.isVisible())) continue;
    // The pointer may leave the parcel's painted area as the tooltip opens: a tooltip gone meanwhile is skipped.
    const tip = await settledBox(tooltip);
    if (!tip) continue;
    // Measured again beside the tooltip: a map still settling (a pan, a scrollbar coming) moves both.
    const mapNow = (await page.getByRole('region', { name: 'Screening map' }).boundingBox())!;
    expect(tip.x).toBeGreaterThanOrEqual(mapNow.x - 1);
    expect(tip.y).toBeGreaterThanOrEqual(mapNow.y - 1);
    expect(tip.x + tip.width).toBeLessThanOrEqual(mapNow.x + mapNow.width + 1);
    expect(tip.y + tip.height).toBeLessThanOrEqual(mapNow.y + mapNow.height + 1);
    seen++;
  }
  expect(seen).toBeGreaterThan(2);
  await page.mouse.move(0, 0);
}

/**
 * Watches, in the page, for the map pane's zoom animation (Leaflet's `leaflet-zoom-anim`, 250 ms) to start; the returned
 * function waits until it has. A locator's wait polls from outside at growing intervals and can miss so short a class.
 */
async function watchZoomStart(page: Page) {
  type Watched = Window & { zoomStarted?: boolean };
  await page.evaluate(() => {
    const pane = document.querySelector('.leaflet-map-pane')!;
    const observer = new MutationObserver(() => {
      if (!pane.classList.contains('leaflet-zoom-anim')) return;
      (window as Watched).zoomStarted = true;
      observer.disconnect();
    });
    observer.observe(pane, { attributes: true, attributeFilter: ['class'] });
  });
  return () => page.waitForFunction(() => (window as Watched).zoomStarted === true, undefined, { timeout: 10_000 });
}

describeE2e('the map screen with DC parcels in Chromium', () => {
  const e2e = e2eSetup();
  let path = '';
  let account: Account;

  it('sets up a planner whose project’s boundary holds more than ten DC parcels', async () => {
    const user = await e2e.withProject({ name: 'Anacostia Flats', location: { lat: 38.9014, lng: -76.9519 }, boundary });
    account = user.account;
    path = `/project/map/${user.project.id}/anacostia-flats`;
  });

  async function open(width: number) {
    // axe-core goes in as an inline script: the context bypasses the app's CSP for that only.
    const page = await e2e.signedInPage({ viewport: { width, height: 900 }, bypassCSP: true }, { account, landing: /\/project/ });
    await page.goto(e2e.url(path));
    await page.getByRole('table', { name: 'Screening reasons' }).waitFor({ timeout: 20_000 });
    return page;
  }

  it('at 1440 px: filters beside a full-height map, a row per parcel with its buildable area, the parcel panel in the filters’ place', async () => {
    const page = await open(1440);
    const map = (await page.getByRole('region', { name: 'Screening map' }).boundingBox())!;
    const form = (await page.getByRole('button', { name: 'Screen parcels' }).boundingBox())!;
    expect(form.x + form.width).toBeLessThan(map.x);
    expect(map.height).toBeGreaterThan(600);
    expect(map.width).toBeGreaterThan(700);

    const table = page.getByRole('table', { name: 'Screening reasons' });
    const row = table.getByRole('row').filter({ has: page.getByRole('button', { name: flooded, exact: true }) });
    expect(await row.textContent()).toMatch(/Fail.*\d+\.\d\d ha \(\d+\.\d\d acres\), 46\.26%.*Fails flood zone \(53\.74%\)/);
    // More than ten parcels: one line each, opened one at a time.
    const expander = row.getByRole('button', { name: `Reasons for ${flooded}` });
    expect(await expander.getAttribute('aria-expanded')).toBe('false');
    await expander.click();
    expect(await expander.getAttribute('aria-expanded')).toBe('true');
    await table.getByRole('list', { name: `Reasons for ${flooded}` }).getByRole('button', { name: `Add a task for ${flooded}: Flood zone` }).waitFor();
    expect(await tablesOutsideWindow(page)).toEqual([]);

    await tooltipsStayInside(page);
    await shoot(page, 'project-map-parcels-1440');

    await row.getByRole('button', { name: flooded, exact: true }).click();
    const panel = page.getByRole('complementary', { name: `Parcel ${flooded}` });
    await panel.waitFor();
    // Picked far down the table, the parcel's panel comes into view.
    await expect.poll(async () => (await panel.boundingBox())!.y).toBeGreaterThanOrEqual(0);
    expect((await panel.boundingBox())!.y).toBeLessThan(450);
    expect(await panel.textContent()).toMatch(/Buildable.*46\.26%/);
    expect(await panel.getByRole('listitem').count()).toBe(2);
    await panel.getByRole('button', { name: `Add a task for ${flooded}: Flood zone` }).waitFor();
    expect(await page.getByRole('button', { name: 'Screen parcels' }).isVisible()).toBe(false);
    await shoot(page, 'project-map-panel-1440', false);
    expect((await seriousViolations(page)).map(describeViolation)).toEqual([]);
    await panel.getByRole('button', { name: 'Close the parcel panel' }).click();
    await page.getByRole('button', { name: 'Screen parcels' }).waitFor();
    await page.context().close();
  });

  it('frames a parcel found while the map is still zooming (Leaflet drops a view change asked meanwhile)', async () => {
    const page = await open(1440);
    // The answer is fetched, then held until a zoom animates, so it lands in the middle of one.
    let fetched!: () => void;
    let release!: () => void;
    const answerFetched = new Promise<void>((resolve) => (fetched = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/get_search_apn_details\//, async (route) => {
      const response = await route.fetch();
      fetched();
      await released;
      await route.fulfill({ response });
    });
    // PAR 02420088 lies 8 km south-west of this project's parcels, at another zoom.
    await page.getByLabel('Parcel number (APN or SSL)').fill('PAR 02420088');
    await page.getByRole('button', { name: 'Find parcel' }).click();
    await answerFetched;
    const zoomStarted = await watchZoomStart(page);
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await zoomStarted();
    release();
    await page.getByRole('group', { name: 'Parcel PAR 02420088' }).waitFor();

    // Once the zoom ends, the map moves to the parcel found: its middle is the parcel.
    const tooltip = page.locator('.leaflet-tooltip').filter({ hasText: 'APN PAR 02420088 (not attached yet)' });
    await expect
      .poll(
        async () => {
          await hoverMap(page, 'Screening map');
          return tooltip.isVisible();
        },
        { timeout: 10_000, interval: 500 },
      )
      .toBe(true);
    await page.context().close();
  });

  it('at 390 px: the reasons table scrolls in its own box, and a parcel’s reasons wrap within the box’s visible width', async () => {
    const page = await open(390);
    const table = page.getByRole('table', { name: 'Screening reasons' });
    await table.getByRole('button', { name: `Reasons for ${flooded}` }).click();
    const reasons = table.getByRole('list', { name: `Reasons for ${flooded}` });
    await reasons.getByRole('button', { name: `Add a task for ${flooded}: Flood zone` }).waitFor();
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
    expect(await tablesOutsideWindow(page)).toEqual([]);
    const box = page.getByRole('region', { name: 'Screening reasons, scrollable' });
    // The table is wider than its box (it scrolls), yet the reasons fit what the box shows, scrolled or not.
    expect(await box.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    for (const scrolled of [false, true]) {
      if (scrolled) await box.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
      const [outer, inner] = await Promise.all([box.boundingBox(), reasons.boundingBox()]);
      expect(inner!.x).toBeGreaterThanOrEqual(outer!.x);
      expect(inner!.x + inner!.width).toBeLessThanOrEqual(outer!.x + outer!.width);
    }
    await reasons.scrollIntoViewIfNeeded();
    await shoot(page, 'project-map-reasons-390', false);
    await page.context().close();
  });

  it('at 360 px: the map above the filters, the parcel in a drawer, tooltips within the map', async () => {
    const page = await open(360);
    expect(await pageWidth(page)).toBeLessThanOrEqual(360);
    expect(await tablesOutsideWindow(page)).toEqual([]);
    const map = (await page.getByRole('region', { name: 'Screening map' }).boundingBox())!;
    const form = (await page.getByRole('button', { name: 'Screen parcels' }).boundingBox())!;
    expect(form.y).toBeGreaterThan(map.y + map.height);
    await tooltipsStayInside(page);
    await shoot(page, 'project-map-parcels-360');

    await page.getByRole('button', { name: flooded, exact: true }).click();
    const drawer = page.getByRole('dialog', { name: `Parcel ${flooded}` });
    await drawer.waitFor();
    expect(await drawer.textContent()).toMatch(/Buildable.*46\.26%/);
    await drawer.getByRole('button', { name: `Add a task for ${flooded}: Flood zone` }).waitFor();
    await page.waitForTimeout(400);
    await shoot(page, 'project-map-drawer-360', false);
    expect((await seriousViolations(page)).map(describeViolation)).toEqual([]);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    await page.context().close();
  });
});
