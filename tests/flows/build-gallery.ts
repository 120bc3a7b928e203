/**
 * `npm run flows [-- --machine NAME …] [--out DIR]`: walks every path of the machines (tests/model/walk.ts) in the
 * app as `npm start` runs it, in Chromium, screenshots each step at 1440 and 390 px and writes the flow gallery
 * (tests/flows/site.ts) into flows/. docs/flow-gallery.md explains it.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import ELK from 'elkjs/lib/elk.bundled.js';
import { chromium, type Browser, type Page, type Request } from 'playwright-core';
import { eventLabel, stateGraph } from '../../src/dev/inspector/state-graph.ts';
import { layoutStateGraph } from '../../src/dev/inspector/state-layout.ts';
import type { AnyStateMachine } from 'xstate';
import { checkoutMachine } from '../../machines/checkout.machine.ts';
import { feasibilityMachine } from '../../machines/feasibility.machine.ts';
import { modalMachine } from '../../machines/modal.machine.ts';
import { sessionMachine } from '../../machines/session.machine.ts';
import { taskBoardMachine } from '../../machines/task-board.machine.ts';
import { machinePaths, walkPath, type WalkPath } from '../model/walk.ts';
import { browserUnavailable, chromiumArgs, chromiumPath, startAppProcess, type AppProcess } from '../support/app-process.ts';
import { startStripeStandIn, type StandInPlan, type StripeStandIn } from '../support/stripe-stand-in.ts';
import type { GalleryMachine, GalleryManifest, GalleryPath, Viewport } from './manifest.ts';
import { renderGallery } from './site.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const viewports: { wide: Viewport; narrow: Viewport } = { wide: { width: 1440, height: 900 }, narrow: { width: 390, height: 844 } };
type MachineName = WalkPath['machine'];
type WalkEnv = Parameters<typeof walkPath>[0];
/** The machines the walk has paths for, in the gallery's order, with their titles. */
const machines: Record<MachineName, { machine: AnyStateMachine; title: string }> = {
  session: { machine: sessionMachine, title: 'Session' },
  feasibility: { machine: feasibilityMachine, title: 'Feasibility studies' },
  taskBoard: { machine: taskBoardMachine, title: 'Task board' },
  checkout: { machine: checkoutMachine, title: 'Checkout' },
  modal: { machine: modalMachine, title: 'Modal' },
};
const machineNames = Object.keys(machines) as MachineName[];
// As the model-based UI suites (tests/model/suite.ts) run the app: limits out of the way, billing against the stand-in;
// and a day's access token: the walk makes its users once per app, and a machine's walk may outlast the default 15 minutes
// (the paths that need an expired token spoil it themselves).
const appEnv = { FREE_PROJECTS: '1000', FREE_STUDIES_PER_PROJECT: '1000', ACCESS_TOKEN_TTL_SECONDS: '86400' };
/**
 * A build of its own: a walk takes half an hour, and a test run meanwhile that rebuilds dist/ (after a source changed)
 * would swap the app's files under it.
 */
const privateDist = join(root, 'node_modules/.cache/flows-dist');
const plans: StandInPlan[] = [{ id: 'pro', name: 'Pro', price_id: 'price_pro_monthly', price: '$49 / month', projects: 10, studies_per_project: 10 }];
const prices = { price_pro_monthly: { unit_amount: 4900, currency: 'usd' } };

function options() {
  const { values } = parseArgs({ options: { machine: { type: 'string', multiple: true }, out: { type: 'string', default: 'flows' } } });
  const unknown = (values.machine ?? []).filter((name) => !machineNames.includes(name as MachineName));
  if (unknown.length > 0) throw new Error(`no machine ${unknown.join(', ')}: choose from ${machineNames.join(', ')}`);
  const chosen = values.machine?.length ? machineNames.filter((name) => values.machine!.includes(name)) : machineNames;
  return { chosen, outDir: resolve(root, values.out) };
}

/** Screenshots are stored by their content: the first steps many paths share are one file each. */
class ShotStore {
  files = 0;
  constructor(private readonly outDir: string) {}

  async save(image: Buffer) {
    const name = `shots/${createHash('sha256').update(image).digest('hex').slice(0, 16)}.png`;
    const path = join(this.outDir, name);
    if (!(await stat(path).catch(() => undefined))) {
      await writeFile(path, image);
      this.files++;
    }
    return name;
  }
}

/** Each page's requests under way, and when the last one started or ended. */
const traffic = new WeakMap<Page, { open: Set<Request>; last: number }>();

function trackRequests(page: Page) {
  const state = { open: new Set<Request>(), last: performance.now() };
  traffic.set(page, state);
  const ended = (request: Request) => {
    state.open.delete(request);
    state.last = performance.now();
  };
  page.on('request', (request) => {
    state.open.add(request);
    state.last = performance.now();
  });
  page.on('requestfinished', ended).on('requestfailed', ended);
  return page;
}

/**
 * Waits until the screen has its data: no request under way for 300 ms, then two frames painted. The walk has
 * already checked the view, but a step that only opens a page would otherwise be shot while its lists are still
 * skeletons. A request the walk holds (to show a busy state) stays open: the wait gives up after 5 s.
 */
async function settled(page: Page) {
  const state = traffic.get(page);
  const until = performance.now() + 5000;
  while (state && performance.now() < until && (state.open.size > 0 || performance.now() - state.last < 300)) await page.waitForTimeout(50);
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  });
}

async function shootStep(page: Page, shots: ShotStore) {
  const screenshot = async (viewport: Viewport) => {
    await page.setViewportSize(viewport);
    await settled(page);
    return shots.save(await page.screenshot({ animations: 'disabled' }));
  };
  const wide = await screenshot(viewports.wide);
  const narrow = await screenshot(viewports.narrow);
  await page.setViewportSize(viewports.wide);
  await settled(page);
  return { wide, narrow };
}

async function walkForGallery(env: WalkEnv, path: WalkPath, shots: ShotStore): Promise<GalleryPath> {
  const steps: GalleryPath['steps'] = path.steps.map((step) => ({ event: step.event === null ? null : eventLabel(step.event), state: step.state, view: step.view, shots: null }));
  try {
    await walkPath(env, path, async (page, index) => {
      steps[index]!.shots = await shootStep(page, shots);
    });
    return { name: path.name, steps };
  } catch (error) {
    return { name: path.name, steps, failure: (error as Error).message.split('\n')[0]! };
  }
}

async function sizeOf(dir: string): Promise<number> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  const sizes = await Promise.all(entries.filter((entry) => entry.isFile()).map(async (entry) => (await stat(join(entry.parentPath, entry.name))).size));
  return sizes.reduce((sum, size) => sum + size, 0);
}

async function main() {
  const { chosen, outDir } = options();
  const unavailable = browserUnavailable();
  if (unavailable) throw new Error(`the flow gallery needs Chromium: ${unavailable}`);
  const started = performance.now();
  const elapsed = () => ((performance.now() - started) / 1000).toFixed(0);
  await rm(outDir, { recursive: true, force: true });
  await mkdir(join(outDir, 'shots'), { recursive: true });

  let app: AppProcess | undefined;
  let browser: Browser | undefined;
  let stripe: StripeStandIn | undefined;
  const close = async () => {
    await browser?.close();
    await app?.stop();
    await stripe?.close();
  };
  // Ctrl-C stops the app and Chromium too, instead of leaving them running.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void close().finally(() => process.exit(130)));
  try {
    const chromiumBrowser = (browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs }));
    const elk = new ELK();
    const shots = new ShotStore(outDir);
    const gallery: GalleryMachine[] = [];
    const manifest: GalleryManifest = { title: 'Sunplot flows', createdAt: `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`, viewports, machines: gallery };
    for (const machine of chosen) {
      const { title } = machines[machine];
      const chart = await layoutStateGraph(stateGraph(machines[machine].machine), elk);
      let planned: WalkPath[];
      try {
        planned = machinePaths(machine);
      } catch (error) {
        console.log(`${machine}: NO PATHS: ${(error as Error).message}`);
        gallery.push({ id: machine, title, chart, paths: [], failure: (error as Error).message });
        await renderGallery(manifest, outDir);
        continue;
      }
      // One app per machine, as the model-based UI suites have: the walk makes its shared users once per app, and
      // the app's per-address limits (20 signups an hour) count from zero.
      if (machine === 'checkout') stripe ??= await startStripeStandIn({ prices });
      const billing = machine === 'checkout' ? stripe : undefined;
      console.log(`${machine}: starting the app (built into ${relative(root, privateDist)}/ first when that build is older than the sources)…`);
      const current = (app = await startAppProcess({ ...appEnv, ...billing?.env(plans) }, { args: ['--dist', privateDist] }));
      if (billing) billing.webhookTarget = current.baseUrl;
      const env: WalkEnv = {
        url: (path) => `${current.baseUrl}${path}`,
        newPage: async () => trackRequests(await (await chromiumBrowser.newContext({ viewport: viewports.wide })).newPage()),
        app: { baseUrl: current.baseUrl, dataDir: current.dataDir },
        ...(billing ? { stripe: billing } : {}),
      };
      console.log(`${machine}: app up (${elapsed()} s)`);
      const paths: GalleryPath[] = [];
      for (const [index, path] of planned.entries()) {
        const walked = await walkForGallery(env, path, shots);
        paths.push(walked);
        console.log(`${machine} ${index + 1}/${planned.length} ${walked.failure ? `STOPPED: ${walked.failure}` : 'ok'}: ${path.name} (${elapsed()} s)`);
      }
      app = undefined;
      await current.stop();
      gallery.push({ id: machine, title, chart, paths });
      // Written after each machine: the first ones can be looked at while the others are walked.
      await renderGallery(manifest, outDir);
    }

    const allPaths = gallery.flatMap((machine) => machine.paths);
    const stopped = [...gallery, ...allPaths].filter((walked) => walked.failure);
    const frames = allPaths.flatMap((path) => path.steps).filter((step) => step.shots).length;
    console.log(
      `flow gallery: ${gallery.length} machines, ${allPaths.length} paths (${stopped.length} stopped early or not computed), ${frames} frames, ` +
        `${shots.files} distinct screenshots, ${(await sizeOf(outDir) / 1e6).toFixed(1)} MB in ${relative(process.cwd(), outDir) || '.'}/, ${elapsed()} s. ` +
        `Open ${join(relative(process.cwd(), outDir), 'index.html')}`,
    );
    if (stopped.length > 0) process.exitCode = 1;
  } finally {
    await close();
  }
}

await main();
