/**
 * The offline basemap in Chromium at 1440 px, with every request off the app's own server refused (so no tiles): a
 * project's map shows water, land, coasts, state and county lines instead of a grey box, in light and dark mode.
 */
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { shoot } from '../support/browser.ts';
import { describeE2e, e2eSetup, type Account } from '../support/e2e-setup.ts';

const mapName = 'Project map';

type Rgb = [number, number, number];
const rgbOf = (css: string): Rgb => css.match(/\d+/g)!.slice(0, 3).map(Number) as Rgb;
const near = (a: Rgb, b: Rgb) => a.every((value, i) => Math.abs(value - b[i]!) <= 6);

/** Shares of the map's pixels that are water, land, or anything else (lines, the marker, the controls). */
async function pixelShares(page: Page, water: Rgb, land: Rgb) {
  const png = await page.getByRole('region', { name: mapName }).screenshot();
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const counts = { water: 0, land: 0, other: 0 };
  for (let i = 0; i < data.length; i += info.channels) {
    const pixel: Rgb = [data[i]!, data[i + 1]!, data[i + 2]!];
    counts[near(pixel, water) ? 'water' : near(pixel, land) ? 'land' : 'other']++;
  }
  const total = info.width * info.height;
  return { water: counts.water / total, land: counts.land / total, other: counts.other / total };
}

describeE2e('the offline basemap in Chromium', () => {
  const e2e = e2eSetup();
  let path = '';
  let account: Account;

  it('sets up a planner with a project in Washington DC, without a boundary', async () => {
    const user = await e2e.withProject({ name: 'Anacostia Flats', location: { lat: 38.9014, lng: -76.9519 } });
    account = user.account;
    path = `/project/${user.project.id}/anacostia-flats`;
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`at 1440 px in ${colorScheme} mode, with no tile server: the map zoomed out to the Chesapeake shows water, land, coasts, states and counties`, async () => {
      const page = await e2e.newPage({ viewport: { width: 1440, height: 900 }, colorScheme });
      const context = page.context();
      const refused: string[] = [];
      await context.route(
        (url) => !url.href.startsWith(e2e.app.baseUrl),
        (route) => {
          refused.push(route.request().url());
          return route.abort();
        },
      );
      await e2e.logIn(page, { account, landing: /\/project/ });
      await page.goto(e2e.url(path));
      const map = page.getByRole('region', { name: mapName });
      await map.scrollIntoViewIfNeeded();
      // At the project's zoom the basemap is land with county and state lines, under tiles that never come.
      await map.locator('path.basemap-counties').waitFor({ state: 'attached', timeout: 20_000 });
      expect(refused.some((url) => url.startsWith('https://tile.openstreetmap.org/'))).toBe(true);
      expect(await map.locator('img.leaflet-tile-loaded').count()).toBe(0);

      // The zoom shows in the tiles asked for. Leaflet drops a zoom asked for while one is animating: each step waits
      // for its tiles' request and for the animation's end.
      const tileZoom = () => Number(refused.filter((url) => url.startsWith('https://tile.openstreetmap.org/')).at(-1)!.split('/')[3]);
      for (let zoom = tileZoom(); zoom > 7; zoom--) {
        await map.getByRole('button', { name: 'Zoom out' }).click();
        await expect.poll(tileZoom).toBe(zoom - 1);
        await expect.poll(() => map.locator('.leaflet-map-pane').evaluate((pane) => pane.classList.contains('leaflet-zoom-anim'))).toBe(false);
      }
      await page.mouse.move(0, 0);
      await shoot(page, `offline-basemap-1440-${colorScheme}`, false);
      // Land, counties and states across the map (536 px wide), coasts across part of it.
      const mapWidth = (await map.boundingBox())!.width;
      for (const [name, share] of [['land', 0.9], ['counties', 0.9], ['states', 0.9], ['world-50m', 0.3]] as const) {
        const box = await map.locator(`path.basemap-${name}`).boundingBox();
        expect(box!.width, name).toBeGreaterThan(mapWidth * share);
      }
      expect(await map.locator('.leaflet-control-attribution').textContent()).toContain('Natural Earth, US Census Bureau');

      const water = rgbOf(await map.evaluate((element) => getComputedStyle(element).backgroundColor));
      const land = rgbOf(await map.locator('path.basemap-land').evaluate((element) => getComputedStyle(element).fill));
      const lines = rgbOf(await map.locator('path.basemap-states').evaluate((element) => getComputedStyle(element).stroke));
      const luminance = ([r, g, b]: Rgb) => 0.2126 * r + 0.7152 * g + 0.0722 * b;
      if (colorScheme === 'light') expect(Math.min(luminance(water), luminance(land))).toBeGreaterThan(180);
      else expect(Math.max(luminance(water), luminance(land))).toBeLessThan(60);
      expect(near(water, land)).toBe(false);
      expect(near(lines, land)).toBe(false);

      const shares = await pixelShares(page, water, land);
      // The Chesapeake, the Delaware Bay and the Atlantic; Maryland, Virginia and their neighbours; their lines.
      expect(shares.water, JSON.stringify(shares)).toBeGreaterThan(0.1);
      expect(shares.land, JSON.stringify(shares)).toBeGreaterThan(0.3);
      expect(shares.other, JSON.stringify(shares)).toBeGreaterThan(0.01);
      await context.close();
    });
  }
});
