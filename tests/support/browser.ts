import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/**
 * Runs axe-core in the page and returns the serious and critical violations. axe-core goes in as an inline script, so
 * the page's context must bypass the app's CSP (`bypassCSP: true`).
 */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: axePath });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  });
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
}

/** A violation as one line: impact, rule and the first nodes it found. */
export const describeViolation = (violation: AxeViolation) =>
  `${violation.impact} ${violation.id} (${violation.help}) on ${violation.nodes
    .slice(0, 3)
    .map((node) => `${node.target.join(' ')}${node.failureSummary ? ` [${node.failureSummary.replace(/\s+/g, ' ')}]` : ''}`)
    .join(', ')}`;

/** Logs in on /auth/login as a user would; the caller waits for where the app goes next. */
export async function logInThroughUi(page: Page, baseUrl: string, account: { email: string; password: string }) {
  await page.goto(`${baseUrl}/auth/login`);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** The page's width as laid out: at most the viewport's when nothing scrolls sideways. */
export const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** How far the page reaches past the window's right edge: 0 or less when nothing scrolls sideways. */
export const overflows = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);

/** Where the Chromium suites save their screenshots for review (the README names them). */
export const screenshotDir = resolve(process.env.SCREENSHOT_DIR ?? 'test-results/screens');

/** Saves `<name>.png` into screenshotDir: the whole page, or what the window shows when `fullPage` is false. */
export async function shoot(page: Page, name: string, fullPage = true) {
  await mkdir(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage });
}

/** Clicks a point of the map region called `name`, given as fractions of its width and height. */
export async function clickMap(page: Page, name: string, x: number, y: number) {
  const box = (await page.getByRole('region', { name }).boundingBox())!;
  await page.mouse.click(box.x + box.width * x, box.y + box.height * y);
}

/**
 * Moves the pointer onto the map region `name`, `dx`, `dy` pixels from its middle, coming in from its top-left corner so
 * that the paths under the pointer see it arrive (a tooltip opens on arrival). Gives the point, in window pixels.
 */
export async function hoverMap(page: Page, name: string, dx = 0, dy = 0) {
  const box = (await page.getByRole('region', { name }).boundingBox())!;
  const [x, y] = [box.x + box.width / 2 + dx, box.y + box.height / 2 + dy];
  await page.mouse.move(box.x + 5, box.y + 5);
  await page.mouse.move(x, y, { steps: 3 });
  return { x, y };
}

/** Clicks the points one after another on the map region `name`, with a pause between clicks as a person's. */
export async function clickMapPoints(page: Page, name: string, points: readonly (readonly [number, number])[]) {
  for (const [x, y] of points) {
    await clickMap(page, name, x, y);
    await page.waitForTimeout(100);
  }
}

/** Searches a place on the project form and picks the first place found. */
export async function findPlace(page: Page, query: string) {
  await page.getByLabel('Search a place').fill(query);
  await page.getByRole('button', { name: 'Find' }).click();
  await page.getByRole('list', { name: 'Places found' }).getByRole('button').first().click();
}
