/**
 * The map screen with DC parcels in Chromium at 1440 and 360 px: the filters beside the map (stacked on a phone), a
 * parcel's row with its buildable area beside the verdict, the parcel panel (a drawer on a phone), tooltips inside the
 * map's edges, and axe-core with the panel open. Screenshots go with the screens walk's, for review.
 */
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfirmedAccount } from '../support/accounts.ts';
import { browserUnavailable, chromiumArgs, chromiumPath, startAppProcess, type AppProcess } from '../support/app-process.ts';
import { describeViolation, logInThroughUi, pageWidth, seriousViolations } from '../support/browser.ts';
import { HttpClient } from '../support/http-client.ts';

const unavailable = browserUnavailable();
if (unavailable) {
  if (process.env.REQUIRE_E2E === '1') throw new Error(`REQUIRE_E2E=1 but ${unavailable}`);
  console.warn(`skipped the map screen: ${unavailable}`);
}

// The screens walk's folder (importing it would run its tests here too).
const screenshotDir = resolve(process.env.SCREENSHOT_DIR ?? 'test-results/screens');
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

describe.skipIf(!!unavailable)('the map screen with DC parcels in Chromium', () => {
  let app: AppProcess;
  let browser: Browser;
  let path = '';
  let account: { email: string; password: string };

  beforeAll(async () => {
    [app, browser] = await Promise.all([startAppProcess(), chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })]);
    await mkdir(screenshotDir, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('sets up a planner whose project’s boundary holds more than ten DC parcels', async () => {
    account = await createConfirmedAccount(app.baseUrl, app.dataDir);
    const client = new HttpClient(app.baseUrl);
    client.access = (await client.post<{ access: string }>('/api/user/login/', { email: account.email, password: account.password })).body.access;
    const project = await client.post<{ id: string }>('/api/project/create/', { name: 'Anacostia Flats', location: { lat: 38.9014, lng: -76.9519 }, boundary });
    expect(project.status).toBe(201);
    path = `/project/map/${project.body.id}/anacostia-flats`;
  });

  async function open(width: number) {
    // axe-core goes in as an inline script: the context bypasses the app's CSP for that only.
    const page = await (await browser.newContext({ viewport: { width, height: 900 }, bypassCSP: true })).newPage();
    await logInThroughUi(page, app.baseUrl, account);
    await page.waitForURL(/\/project/);
    await page.goto(`${app.baseUrl}${path}`);
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
    expect(await row.textContent()).toMatch(/Fail.*\d+\.\d\d ha \(\d+\.\d\d acres\), 46\.26 %.*Fails flood zone \(53\.74 %\)/);
    // More than ten parcels: one line each, opened one at a time.
    const expander = row.getByRole('button', { name: `Reasons for ${flooded}` });
    expect(await expander.getAttribute('aria-expanded')).toBe('false');
    await expander.click();
    expect(await expander.getAttribute('aria-expanded')).toBe('true');
    await table.getByRole('list', { name: `Reasons for ${flooded}` }).getByRole('button', { name: `Add a task for ${flooded}: Flood zone` }).waitFor();

    await tooltipsStayInside(page);
    await page.screenshot({ path: join(screenshotDir, 'project-map-parcels-1440.png'), fullPage: true });

    await row.getByRole('button', { name: flooded, exact: true }).click();
    const panel = page.getByRole('complementary', { name: `Parcel ${flooded}` });
    await panel.waitFor();
    // Picked far down the table, the parcel's panel comes into view.
    await expect.poll(async () => (await panel.boundingBox())!.y).toBeGreaterThanOrEqual(0);
    expect((await panel.boundingBox())!.y).toBeLessThan(450);
    expect(await panel.textContent()).toMatch(/Buildable.*46\.26 %/);
    expect(await panel.getByRole('listitem').count()).toBe(2);
    await panel.getByRole('button', { name: `Add a task for ${flooded}: Flood zone` }).waitFor();
    expect(await page.getByRole('button', { name: 'Screen parcels' }).isVisible()).toBe(false);
    await page.screenshot({ path: join(screenshotDir, 'project-map-panel-1440.png') });
    expect((await seriousViolations(page)).map(describeViolation)).toEqual([]);
    await panel.getByRole('button', { name: 'Close the parcel panel' }).click();
    await page.getByRole('button', { name: 'Screen parcels' }).waitFor();
    await page.context().close();
  });

  it('at 360 px: the map above the filters, the parcel in a drawer, tooltips within the map', async () => {
    const page = await open(360);
    expect(await pageWidth(page)).toBeLessThanOrEqual(360);
    const map = (await page.getByRole('region', { name: 'Screening map' }).boundingBox())!;
    const form = (await page.getByRole('button', { name: 'Screen parcels' }).boundingBox())!;
    expect(form.y).toBeGreaterThan(map.y + map.height);
    await tooltipsStayInside(page);
    await page.screenshot({ path: join(screenshotDir, 'project-map-parcels-360.png'), fullPage: true });

    await page.getByRole('button', { name: flooded, exact: true }).click();
    const drawer = page.getByRole('dialog', { name: `Parcel ${flooded}` });
    await drawer.waitFor();
    expect(await drawer.textContent()).toMatch(/Buildable.*46\.26 %/);
    await drawer.getByRole('button', { name: `Add a task for ${flooded}: Flood zone` }).waitFor();
    await page.waitForTimeout(400);
    await page.screenshot({ path: join(screenshotDir, 'project-map-drawer-360.png') });
    expect((await seriousViolations(page)).map(describeViolation)).toEqual([]);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    await page.context().close();
  });
});
