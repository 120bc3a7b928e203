/**
 * `npm run bench:web [-- --runs N]`: Largest Contentful Paint of /getstart as a phone on a mobile network sees it,
 * prerendered (as `npm start` serves it) against the same page unprerendered (index.html, the app rendering it once its
 * scripts have run). It builds the web app when needed, serves dist/ and a copy of it without prerendered/ (the server
 * then answers /getstart with index.html) from two app processes, and opens /getstart N times in each (default 7,
 * alternating) in a fresh Chromium context: CPU slowed 4× (Emulation.setCPUThrottlingRate) and the network of a
 * mid-range phone (Network.emulateNetworkConditions: 150 ms round trip, 1.6 Mbps down, 750 kbps up). LCP and First
 * Contentful Paint come from the page's PerformanceObserver, read once the heading shows and the network is idle.
 * Prints each variant's medians and the ratio. Figures are reported, never asserted.
 */
import { mkdtemp, readdir, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium, type Browser } from 'playwright-core';
import { buildSpaIfNeeded } from '../../server/build-spa.ts';
import { chromiumArgs, chromiumPath, startAppProcess } from '../support/app-process.ts';

const { values: options } = parseArgs({ options: { runs: { type: 'string', default: '7' } } });
const runs = Number(options.runs);
const root = fileURLToPath(new URL('../..', import.meta.url));
const dist = join(root, 'dist');

const phone = { latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8 };

interface Paint {
  lcp: number;
  fcp: number;
}

/** One cold load of `url` on the throttled phone: its LCP and FCP in ms after navigation start. */
async function measure(browser: Browser, url: string): Promise<Paint> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...phone });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.addInitScript(() => {
    const paints = ((window as unknown as { paints: { lcp: number; fcp: number } }).paints = { lcp: 0, fcp: 0 });
    new PerformanceObserver((list) => list.getEntries().forEach((entry) => (paints.lcp = entry.startTime))).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((list) => list.getEntries().forEach((entry) => entry.name === 'first-contentful-paint' && (paints.fcp = entry.startTime))).observe({ type: 'paint', buffered: true });
  });
  await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
  await page.getByRole('heading', { level: 1 }).waitFor({ timeout: 120_000 });
  await page.waitForLoadState('networkidle', { timeout: 120_000 });
  const paint = await page.evaluate(() => (window as unknown as { paints: Paint }).paints);
  await context.close();
  return paint;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** dist/ without prerendered/: the other files linked, so both servers send the very same scripts and compressed copies. */
async function unprerenderedCopy(): Promise<string> {
  const copy = await mkdtemp(join(tmpdir(), 'sunplot-unprerendered-'));
  for (const name of await readdir(dist)) if (name !== 'prerendered') await symlink(join(dist, name), join(copy, name));
  return copy;
}

await buildSpaIfNeeded(root, (message) => console.log(message));
const copy = await unprerenderedCopy();
const [prerendered, unprerendered] = await Promise.all([startAppProcess({}, { buildSpa: false }), startAppProcess({}, { buildSpa: false, args: ['--dist', copy] })]);
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
try {
  const variants = { prerendered: { app: prerendered, paints: [] as Paint[] }, unprerendered: { app: unprerendered, paints: [] as Paint[] } };
  // Alternating, so a change in the machine's load meanwhile falls on both alike.
  for (let run = 0; run < runs; run++) for (const variant of Object.values(variants)) variant.paints.push(await measure(browser, `${variant.app.baseUrl}/getstart`));
  const rows = Object.entries(variants).map(([name, { paints }]) => ({
    variant: name,
    runs: paints.length,
    lcp_median_ms: Math.round(median(paints.map((p) => p.lcp))),
    fcp_median_ms: Math.round(median(paints.map((p) => p.fcp))),
    lcp_runs_ms: paints.map((p) => Math.round(p.lcp)).join(' '),
  }));
  console.log(`/getstart on a throttled phone (CPU 4×, ${phone.latency} ms RTT, 1.6 Mbps down):`);
  console.table(rows);
  const [pre, un] = rows;
  console.log(`LCP prerendered / unprerendered: ${(pre!.lcp_median_ms / un!.lcp_median_ms).toFixed(2)} (${un!.lcp_median_ms} ms → ${pre!.lcp_median_ms} ms)`);
} finally {
  await browser.close();
  await Promise.all([prerendered.stop(), unprerendered.stop()]);
  await rm(copy, { recursive: true, force: true });
}
