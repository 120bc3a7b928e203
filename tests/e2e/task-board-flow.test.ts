import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeE2e, e2eSetup } from '../support/e2e-setup.ts';
import type { HttpClient } from '../support/http-client.ts';

interface BoardAnswer {
  phases: { value: string; done: number; total: number; tasks: { id: string; title: string; position: number }[] }[];
}

const titles = {
  lease: 'Sign an option or lease with every landowner',
  survey: 'Order a title report and an ALTA/NSPS survey',
  wetlands: 'Delineate wetlands and waters on the site',
  flood: 'Check the FEMA flood zones and plan around them',
  species: 'Screen protected species and habitat',
};

const column = (page: Page, phase: string) => page.getByRole('region', { name: phase, exact: true });
const cardTitles = (list: Locator) => list.getByTestId('task-card').getByRole('link').allTextContents();
const progress = (page: Page, phase: string) => column(page, phase).getByTestId('phase-progress').textContent();

describeE2e('a task board in Chromium, as a new user', () => {
  const e2e = e2eSetup();
  let page: Page;
  let client: HttpClient;
  let projectId = '';

  /** The board as the server has it: each phase's titles in order. */
  const serverTitles = async (phase: string) => {
    const board = await client.get<BoardAnswer>(`/api/project/task/list/?project_id=${projectId}`);
    return board.body.phases.find((candidate) => candidate.value === phase)!.tasks.map((task) => task.title);
  };

  it('opens the Tasks tab of a new project: no task yet, one column per phase', async () => {
    const user = await e2e.withProject({ name: 'Rowan Solar', location: { lat: '36.1', lng: '-79.95' }, country: 'us', postal_code: '27401' });
    client = user.client;
    projectId = user.project.id;

    page = await e2e.signedInPage({ viewport: { width: 1280, height: 900 } }, { account: user.account, landing: /\/project$/ });
    await page.getByRole('link', { name: /Rowan Solar/ }).first().click();
    await page.getByRole('heading', { name: 'Rowan Solar' }).waitFor();
    await page.getByRole('tab', { name: 'Tasks' }).click();
    await page.waitForURL(/\?tab=tasks$/);
    await page.getByText(/No task yet/).waitFor();
    expect(await page.getByTestId('phase-column').count()).toBe(6);
  });

  it('applies the utility-scale template', async () => {
    await page.getByRole('button', { name: 'Apply template' }).click();
    const dialog = page.getByRole('dialog', { name: 'Apply a template' });
    await dialog.getByRole('button', { name: 'Apply Utility-scale ground mount' }).click();
    await page.getByRole('status').filter({ hasText: 'Template applied: 18 tasks added' }).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.getByTestId('task-card').count()).toBe(18);
    expect(await progress(page, 'Site control')).toBe('0 of 3 done');
    expect(await cardTitles(column(page, 'Permitting'))).toEqual([titles.wetlands, titles.flood, titles.species, 'Review cultural resources with the SHPO', 'Obtain the county land-use permit']);
  });

  it('drags a task to another phase with the mouse, and the order holds after a reload', async () => {
    const handle = page.getByRole('button', { name: `Move ${titles.survey}` });
    const target = column(page, 'Permitting').getByTestId('task-card').first();
    // Both cards mid-screen, away from the edges where dnd-kit scrolls the page while dragging.
    await target.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    const from = (await handle.boundingBox())!;
    const to = (await target.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 + 10, { steps: 3 });
    await page.mouse.move(to.x + 40, to.y + 8, { steps: 15 });
    await page.waitForTimeout(200);
    // The page may have scrolled while dragging (dnd-kit scrolls near the edges): aim at the card where it is now.
    const now = (await target.boundingBox())!;
    await page.mouse.move(now.x + 40, now.y + Math.min(8, now.height / 4), { steps: 3 });
    await page.waitForTimeout(200);
    await page.mouse.up();

    await expect.poll(() => cardTitles(column(page, 'Permitting'))).toEqual([titles.survey, titles.wetlands, titles.flood, titles.species, 'Review cultural resources with the SHPO', 'Obtain the county land-use permit']);
    await expect.poll(() => serverTitles('permitting')).toEqual([titles.survey, titles.wetlands, titles.flood, titles.species, 'Review cultural resources with the SHPO', 'Obtain the county land-use permit']);
    expect(await progress(page, 'Site control')).toBe('0 of 2 done');

    await page.reload();
    await page.getByRole('heading', { name: 'Rowan Solar' }).waitFor();
    await expect.poll(() => cardTitles(column(page, 'Permitting'))).toEqual([titles.survey, titles.wetlands, titles.flood, titles.species, 'Review cultural resources with the SHPO', 'Obtain the county land-use permit']);
    expect(await cardTitles(column(page, 'Site control'))).toEqual([titles.lease, 'Commission a Phase I environmental site assessment']);
  });

  it('moves a task with the keyboard: space, arrow down, space', async () => {
    const handle = page.getByRole('button', { name: `Move ${titles.wetlands}` });
    await handle.focus();
    await page.keyboard.press('Space');
    // Picked up, it is over its own place first.
    await page.getByRole('status').filter({ hasText: `${titles.wetlands} is at position 2 of 6 in Permitting.` }).waitFor({ state: 'attached' });
    await page.keyboard.press('ArrowDown');
    // Dropped only once it is over the next place (on a loaded machine the move lands later than the key press).
    await page.getByRole('status').filter({ hasText: `${titles.wetlands} is at position 3 of 6 in Permitting.` }).waitFor({ state: 'attached' });
    await page.keyboard.press('Space');
    // The screen reader hears where it went.
    await page.getByRole('status').filter({ hasText: `${titles.wetlands} was dropped at position 3 of 6 in Permitting.` }).waitFor({ state: 'attached' });
    await expect.poll(() => cardTitles(column(page, 'Permitting'))).toEqual([titles.survey, titles.flood, titles.wetlands, titles.species, 'Review cultural resources with the SHPO', 'Obtain the county land-use permit']);
    await expect.poll(() => serverTitles('permitting')).toEqual([titles.survey, titles.flood, titles.wetlands, titles.species, 'Review cultural resources with the SHPO', 'Obtain the county land-use permit']);
  });

  it("completes a task and the phase's progress moves", async () => {
    await column(page, 'Site control').getByRole('checkbox', { name: `Done: ${titles.lease}` }).check({ force: true });
    await page.getByRole('status').filter({ hasText: `Task done: ${titles.lease}` }).waitFor();
    expect(await progress(page, 'Site control')).toBe('1 of 2 done');
    expect(await column(page, 'Site control').getByRole('progressbar').getAttribute('aria-valuenow')).toBe('50');
  });

  it('asks before a reload would lose a tick the server has not kept yet', async () => {
    // The server takes 3 s to answer this once, so the reload comes while the board shows a change it does not have.
    await page.route('**/api/project/task/complete/', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 3000));
      await route.continue();
    });
    const lease = column(page, 'Site control').getByRole('checkbox', { name: `Done: ${titles.lease}` });
    await lease.uncheck({ force: true });
    const asked = new Promise<string>((resolve) => page.once('dialog', (dialog) => void dialog.dismiss().then(() => resolve(dialog.type()))));
    const reload = page.reload({ timeout: 5000 }).catch(() => 'cancelled');
    expect(await asked).toBe('beforeunload');
    await reload;
    // The user stayed: the change reaches the server and the page says so.
    await page.getByRole('status').filter({ hasText: `Task reopened: ${titles.lease}` }).waitFor();
    await page.unroute('**/api/project/task/complete/');
    await lease.check({ force: true });
    await page.getByRole('status').filter({ hasText: `Task done: ${titles.lease}` }).waitFor();
    expect(await progress(page, 'Site control')).toBe('1 of 2 done');
  });

  it('filters by status and category', async () => {
    await page.getByLabel('Filter by status').selectOption('done');
    await expect.poll(() => page.getByTestId('task-card').count()).toBe(1);
    await page.getByLabel('Filter by status').selectOption('');
    await page.getByLabel('Filter by category').selectOption('grid');
    await expect.poll(() => page.getByTestId('task-card').count()).toBe(3);
    await page.getByLabel('Filter by category').selectOption('');
    await expect.poll(() => page.getByTestId('task-card').count()).toBe(18);
  });

  it("opens a task's detail page with its phase, category, status and why, and links back to the project", async () => {
    await page.getByRole('link', { name: titles.lease }).click();
    await page.waitForURL(/\/project\/detail\/task\/[\w-]+\/$/);
    await page.getByRole('heading', { name: titles.lease }).waitFor();
    const facts = page.getByTestId('task-facts');
    await facts.getByText('Rowan Solar').waitFor();
    const text = await facts.textContent();
    expect(text).toContain('Site control');
    expect(text).toContain('Land and title');
    expect(text).toMatch(/Done on /);
    expect(await page.getByRole('region', { name: 'Why' }).textContent()).toContain('FERC Order 2023');
    await page.getByRole('link', { name: "Back to the project's tasks" }).click();
    await page.waitForURL(/\?tab=tasks$/);
    await page.getByTestId('task-board').waitFor();
  });

  it('deletes a task after confirming', async () => {
    await page.getByRole('button', { name: `Delete ${titles.species}` }).click();
    await page.getByRole('alertdialog', { name: 'Delete task?' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('status').filter({ hasText: `Task deleted: ${titles.species}` }).waitFor();
    await expect.poll(() => page.getByTestId('task-card').count()).toBe(17);
    expect(await serverTitles('permitting')).not.toContain(titles.species);
  });

  it('adds a task through the task modal (a blank title refused) and edits it', async () => {
    await page.getByRole('button', { name: 'New task' }).click();
    const modal = page.getByRole('dialog', { name: 'New task' });
    await modal.getByLabel('Title').fill('   ');
    await modal.getByRole('button', { name: 'Add task' }).click();
    await modal.getByText('Invalid Text').waitFor();
    await modal.getByLabel('Title').fill('Call the county planner');
    await modal.getByLabel('Phase').selectOption('permitting');
    await modal.getByLabel('Category').selectOption('community');
    await modal.getByLabel('Due date').fill('2027-03-15');
    await modal.getByRole('button', { name: 'Add task' }).click();
    await page.getByRole('status').filter({ hasText: 'Task added: Call the county planner' }).waitFor();
    expect((await cardTitles(column(page, 'Permitting'))).at(-1)).toBe('Call the county planner');

    await page.getByRole('button', { name: 'Edit Call the county planner' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit task' });
    expect(await edit.getByLabel('Due date').inputValue()).toBe('2027-03-15');
    await edit.getByLabel('Assignee').fill('Asha');
    await edit.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Task saved: Call the county planner' }).waitFor();
    await column(page, 'Permitting').getByText('Asha', { exact: true }).waitFor();
  });

  it("adds a task from a failing parcel's reason on the map, linked back to the parcel", async () => {
    expect((await client.post('/api/gis/new_apn/', { project_id: projectId, apn: 'PAR 02420088' })).status).toBe(201);
    await page.goto(e2e.url(`/project/map/${projectId}/rowan-solar`));
    // A minimum area no DC lot reaches makes the parcel fail on its size.
    await page.getByLabel('Minimum area (acres)').fill('1000');
    await page.getByRole('button', { name: 'Screen parcels' }).click();
    // The parcel's row opens its panel beside the map: the buildable area beside the verdict, and every reason.
    const row = page.getByRole('table', { name: 'Screening reasons' }).getByRole('row').filter({ hasText: 'Fails minimum area' });
    await row.getByRole('button', { name: 'PAR 02420088', exact: true }).click({ timeout: 20_000 });
    const panel = page.getByRole('complementary', { name: 'Parcel PAR 02420088' });
    await panel.waitFor();
    expect(await panel.textContent()).toMatch(/Fail.*Buildable\d+\.\d\d ha \(\d+\.\d\d acres\), 100 ?%/);
    const addTask = panel.getByRole('button', { name: 'Add a task for PAR 02420088: Minimum area' });
    await expect.poll(() => addTask.isEnabled(), { timeout: 20_000 }).toBe(true);
    await addTask.click();
    await page.getByRole('status').filter({ hasText: /^Task added: Review whether parcel PAR 02420088 is large enough \(minimum area: .+ acres\)$/ }).waitFor();
    const board = await client.get<BoardAnswer>(`/api/project/task/list/?project_id=${projectId}`);
    const added = board.body.phases.flatMap((phase) => phase.tasks).find((task) => task.title.startsWith('Review whether parcel PAR 02420088'));
    expect(added).toMatchObject({ phase: 'site_control', category: 'land', criterion: 'min_area', parcel: { apn: 'PAR 02420088' } });

    await page.goto(e2e.url(`/project/detail/task/${added!.id}/`));
    const facts = page.getByTestId('task-facts');
    await facts.getByText('PAR 02420088').waitFor();
    await page.getByRole('link', { name: "Back to the project's tasks" }).click();
    await page.getByTestId('task-board').waitFor();
  });

  it('stacks the columns at 360 px', async () => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.getByTestId('task-board').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const [first, second] = [(await page.getByTestId('phase-column').nth(0).boundingBox())!, (await page.getByTestId('phase-column').nth(1).boundingBox())!];
    expect(second.y).toBeGreaterThan(first.y + first.height - 1);
  });
});
