/**
 * Every screen, as a new user with one project (an attached parcel), a study and a task sees it, at 1440 px and 360 px,
 * in light and in dark mode: a screenshot of each into test-results/screens/ (named in the README) for reviewers, and
 * axe-core's accessibility rules run on each; any serious or critical violation fails the test with the rule, the screen
 * and the elements, and so does a screen laid out wider than the window (sideways scrolling), a table cut off at the
 * window's edge instead of scrolling in its own box, and a signed-in frame (background, sidebar) ending short of a long
 * page, with a modal open too.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeViolation, pageWidth, screenshotDir, seriousViolations, shoot } from '../support/browser.ts';
import { shellShortOfPage, tablesOutsideWindow } from '../support/layout-checks.ts';
import { describeE2e, e2eSetup, type Account } from '../support/e2e-setup.ts';
import { meansAt } from '../solar/monthly-means.ts';

const widths = [1440, 360] as const;
/** Light, then dark as a system that prefers it gets it (no stored choice): screenshots of dark mode end in -dark. */
const colorSchemes = ['light', 'dark'] as const;
/** A walk opens up to 15 screens, each waiting for the network to settle: more than the layer's 60 s when other files run beside it. */
const walkTimeout = 180_000;
type ColorScheme = (typeof colorSchemes)[number];

interface Screen {
  name: string;
  path: string;
  /** Shown once the screen has loaded what it shows. */
  ready: (page: Page) => Promise<unknown>;
}

const heading = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { name }).first().waitFor();

describeE2e('every screen at 1440 and 360 px: screenshots and axe-core', () => {
  const e2e = e2eSetup();
  const found: string[] = [];
  /** Signed-in screens taller than the window, by width: the frame's height was checked on these. */
  const tall: Record<number, string[]> = {};
  const screens: { public: Screen[]; signedIn: Screen[] } = { public: [], signedIn: [] };
  let account: Account;

  it('signs up a planner with a project, a study and a task board', async () => {
    const user = await e2e.withProject({ name: 'Rowan Solar', location: { lat: '36.1', lng: '-79.95' }, country: 'us', postal_code: '27401' });
    const { client, project } = user;
    account = user.account;
    const means = meansAt(36.1, -79.95, 0.5, 15);
    const study = await client.post<{ id: string }>('/api/project/feasibility/create/', {
      project_id: project.id,
      weather: { source: 'monthly', ghi_kwh_m2_per_day: means.ghiKwhM2PerDay, temp_air_c: means.tempAirC },
      system: { dc_kw: 5000, mount: 'fixed', tilt_deg: 25 },
    });
    expect(study.status, JSON.stringify(study.body)).toBe(201);
    const board = await client.post<{ phases: { tasks: { id: string }[] }[] }>('/api/project/task_template/create/', { project_id: project.id, template_id: 'builtin:utility-scale' });
    expect(board.status, JSON.stringify(board.body)).toBe(201);
    const taskId = board.body.phases.flatMap((phase) => phase.tasks)[0]!.id;
    // A DC parcel: its source's long citation makes the project page's parcel table wider than its column.
    const parcel = await client.post('/api/gis/new_apn/', { project_id: project.id, apn: 'PAR 01700026' });
    expect(parcel.status, JSON.stringify(parcel.body)).toBeLessThan(300);
    const slug = 'rowan-solar';

    screens.public = [
      { name: 'getstart', path: '/getstart', ready: heading(/Plan solar projects/) },
      { name: 'login', path: '/auth/login', ready: (page) => page.getByRole('button', { name: 'Log in' }).waitFor() },
      // The spec's guard sends /auth/signup to /auth/login; signing up is that screen's second tab.
      {
        name: 'signup',
        path: '/auth/signup',
        ready: async (page) => {
          await page.getByRole('tab', { name: 'Sign up' }).click();
          await page.getByRole('button', { name: 'Create account' }).waitFor();
        },
      },
      { name: 'forgot-password', path: '/auth/forgot-password', ready: (page) => page.getByRole('heading').first().waitFor() },
      { name: 'reset-password', path: '/auth/reset-password?token=not-a-token', ready: (page) => page.getByRole('heading').first().waitFor() },
      { name: 'verify', path: '/auth/verify/not-a-token', ready: (page) => page.getByRole('heading').first().waitFor() },
      { name: 'terms', path: '/terms', ready: heading(/Terms/) },
      { name: 'policies', path: '/policies', ready: heading(/Privacy/) },
      { name: 'payment-status', path: '/response/payment-status', ready: (page) => page.getByRole('heading').first().waitFor() },
      { name: 'error', path: '/response/error', ready: (page) => page.getByRole('heading').first().waitFor() },
      { name: 'not-found', path: '/no-such-page', ready: heading('Page not found') },
    ];
    screens.signedIn = [
      { name: 'projects', path: '/project', ready: (page) => page.getByRole('link', { name: /Rowan Solar/ }).first().waitFor() },
      { name: 'project-add', path: '/project/add', ready: (page) => page.getByRole('heading').first().waitFor() },
      { name: 'project', path: `/project/${project.id}/${slug}`, ready: heading('Rowan Solar') },
      // A modal over the bottom of a long page: the frame's background and sidebar still run to the page's end.
      {
        name: 'project-modal',
        path: `/project/${project.id}/${slug}`,
        ready: async (page) => {
          await heading('Rowan Solar')(page);
          await page.getByRole('table', { name: 'Parcels' }).waitFor();
          await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
          await page.getByRole('button', { name: 'Delete', exact: true }).first().click();
          await page.getByRole('alertdialog', { name: 'Delete project?' }).waitFor();
        },
      },
      { name: 'project-tasks', path: `/project/${project.id}/${slug}?tab=tasks`, ready: (page) => page.getByTestId('task-card').first().waitFor() },
      { name: 'project-edit', path: `/project/edit/${project.id}/${slug}`, ready: (page) => page.getByRole('heading').first().waitFor() },
      { name: 'project-settings', path: `/project/settings/${project.id}/${slug}`, ready: (page) => page.getByRole('heading').first().waitFor() },
      { name: 'project-map', path: `/project/map/${project.id}/${slug}`, ready: (page) => page.getByRole('heading').first().waitFor() },
      { name: 'study', path: `/project/${project.id}/${slug}/feasibility/${study.body.id}`, ready: (page) => page.getByRole('heading').first().waitFor() },
      { name: 'task', path: `/project/detail/task/${taskId}/`, ready: (page) => page.getByRole('heading').first().waitFor() },
      { name: 'unknown-project', path: '/project/00000000-0000-4000-8000-000000000000/gone', ready: (page) => page.getByRole('heading').first().waitFor() },
      { name: 'account', path: '/account', ready: heading(/Account/) },
      // On phones the frame's menu opens as a drawer (on desktop the sidebar shows the same, and the step is skipped).
      {
        name: 'menu',
        path: '/project',
        ready: async (page) => {
          await page.getByRole('button', { name: /^(Menu|Log out)$/ }).first().waitFor();
          const menu = page.getByRole('button', { name: 'Menu' });
          if (!(await menu.isVisible())) return;
          await menu.click();
          await page.getByRole('dialog').getByRole('button', { name: 'Log out' }).waitFor();
        },
      },
      { name: 'subscription', path: '/subscription', ready: (page) => page.getByRole('heading').first().waitFor() },
      { name: 'invoices', path: '/subscription/invoices', ready: (page) => page.getByRole('heading').first().waitFor() },
    ];
  });

  async function walk(context: BrowserContext, list: Screen[], width: number, scheme: ColorScheme) {
    const suffix = scheme === 'dark' ? '-dark' : '';
    const page = await context.newPage();
    for (const screen of list) {
      await page.goto(e2e.url(screen.path));
      try {
        await screen.ready(page);
      } catch (error) {
        throw new Error(`${screen.name} (${screen.path}) at ${width} px (${scheme}) did not show what it should`, { cause: error });
      }
      await page.waitForLoadState('networkidle');
      // axe-core is injected as an inline script: the contexts bypass the app's CSP for that only.
      // Let entrance transitions finish, so the screenshot and the colour-contrast rule see the settled screen.
      await page.waitForTimeout(400);
      await shoot(page, `${screen.name}-${width}${suffix}`);
      const laidOut = await pageWidth(page);
      if (laidOut > width) found.push(`${screen.name} @${width}px${suffix}: laid out ${laidOut} px wide, so the page scrolls sideways`);
      for (const fault of await tablesOutsideWindow(page)) found.push(`${screen.name} @${width}px${suffix}: ${fault}`);
      const shell = await shellShortOfPage(page);
      if (shell.tall) (tall[width] ??= []).push(screen.name);
      for (const fault of shell.faults) found.push(`${screen.name} @${width}px${suffix}: ${fault}`);
      for (const violation of await seriousViolations(page)) found.push(`${screen.name} @${width}px${suffix}: ${describeViolation(violation)}`);
    }
    await page.close();
  }

  for (const scheme of colorSchemes) {
    for (const width of widths) {
      const options = { viewport: { width, height: 900 }, bypassCSP: true, colorScheme: scheme };
      it(`walks the public screens at ${width} px (${scheme})`, async () => {
        const context = await e2e.browser.newContext(options);
        await walk(context, screens.public, width, scheme);
        await context.close();
      }, walkTimeout);

      it(`walks the signed-in screens at ${width} px (${scheme})`, async () => {
        const page = await e2e.signedInPage(options, { account, landing: /\/project$/ });
        await page.close();
        await walk(page.context(), screens.signedIn, width, scheme);
        await page.context().close();
      }, walkTimeout);
    }
  }

  it('finds no serious or critical accessibility violation, cut-off table or short frame on any screen', () => {
    console.log(`screens walk: ${found.length} faults (axe-core, widths, tables, frame); screenshots in ${screenshotDir}`);
    console.log(`screens walk: frame height checked on pages taller than the window: ${widths.map((width) => `${width} px: ${[...new Set(tall[width])].join(', ')}`).join('; ')}`);
    // The frame's check means something only on long pages, a modal's among them.
    for (const width of widths) expect(tall[width]).toEqual(expect.arrayContaining(['project', 'project-modal', 'study']));
    expect(found).toEqual([]);
  });
});
