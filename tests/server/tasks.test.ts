import { sql } from 'drizzle-orm';
import { assert } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '../../src/contract/projects.ts';
import { SelectList, Task, TaskBoard, TaskTemplateList, taskMessages, taskPhases, type TaskTemplate } from '../../src/contract/tasks.ts';
import { messages } from '../../src/contract/validation.ts';
import { rooftopTemplate, utilityScaleTemplate } from '../../server/tasks/templates.ts';
import { signedInPair } from '../support/accounts.ts';
import { describeApi } from '../support/describe-api.ts';
import type { HttpClient } from '../support/http-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { queryRows } from '../support/test-db.ts';

const api = '/api/project';
type Errors = { errors: Record<string, string[]> };

/** Every phase's positions are 0..n-1 and no task is lost or doubled. */
function expectDense(board: TaskBoard, expectedCount?: number) {
  for (const phase of board.phases) expect(phase.tasks.map((task) => task.position)).toEqual(phase.tasks.map((_, i) => i));
  const ids = board.phases.flatMap((phase) => phase.tasks.map((task) => task.id));
  expect(new Set(ids).size).toBe(ids.length);
  if (expectedCount !== undefined) expect(ids).toHaveLength(expectedCount);
}

const phaseOf = (board: TaskBoard, value: string) => board.phases.find((phase) => phase.value === value)!;

describeApi('task boards', () => {
  let app: TestApp;
  let asha: HttpClient;
  let ravi: HttpClient;
  let project: Project;

  beforeAll(async () => {
    app = await startTestApp();
    [asha, ravi] = await signedInPair(app);
    project = (await asha.post<Project>(`${api}/create/`, { name: 'Anacostia Solar', location: { lat: 38.846, lng: -77.01 } })).body;
  });
  afterAll(async () => {
    await app?.close();
  });

  const boardOf = async (client: HttpClient, projectId: string) => {
    const answer = await client.get<TaskBoard>(`${api}/task/list/?project_id=${projectId}`);
    expect(answer.status).toBe(200);
    assert(answer.body, TaskBoard);
    return answer.body;
  };

  it('lists the phases and categories to choose from', async () => {
    const phases = await asha.get<{ results: { value: string; label: string }[] }>(`${api}/phase/select/list/`);
    assert(phases.body, SelectList);
    expect(phases.body.results.map((p) => p.label)).toEqual(['Site control', 'Permitting', 'Interconnection', 'Financing', 'Construction', 'Operation']);
    const categories = await asha.get<{ results: { value: string }[] }>(`${api}/category/select/list/`);
    expect(categories.body.results.map((c) => c.value)).toContain('environmental');
    expect((await asha.get(`${api}/phase/select/list/`, { access: null })).status).toBe(401);
  });

  it('applies the utility-scale template: every task in its phase, in order, each saying why it is there', async () => {
    const templates = await asha.get<{ results: TaskTemplate[] }>(`${api}/task_template/list/`);
    assert(templates.body, TaskTemplateList);
    expect(templates.body.results.slice(0, 2).map((t) => [t.id, t.builtin])).toEqual([
      ['builtin:utility-scale', true],
      ['builtin:rooftop', true],
    ]);
    const applied = await asha.post<TaskBoard>(`${api}/task_template/create/`, { project_id: project.id, template_id: 'builtin:utility-scale' });
    expect(applied.status).toBe(201);
    assert(applied.body, TaskBoard);
    expectDense(applied.body, utilityScaleTemplate.tasks.length);
    expect(applied.body.phases.map((p) => p.value)).toEqual(taskPhases.map((p) => p.value));
    const siteControl = phaseOf(applied.body, 'site_control');
    expect(siteControl.tasks.map((t) => t.title)).toEqual(utilityScaleTemplate.tasks.filter((t) => t.phase === 'site_control').map((t) => t.title));
    for (const task of applied.body.phases.flatMap((p) => p.tasks)) {
      // A citation in brackets: a year, a section or a code.
      expect(task.why).toMatch(/\(.*(\d{4}|§|CFR|U\.S\.C\.).*\)/);
      expect(task.status).toBe('open');
    }
    expect(siteControl).toMatchObject({ done: 0, total: siteControl.tasks.length });
  });

  it('creates, reads, edits and completes a task, recording when it was done', async () => {
    const created = await asha.post<Task>(`${api}/task/create/`, { project_id: project.id, title: '  Call the county planner  ', phase: 'permitting', category: 'legal', due_date: '2027-03-31', assignee_name: 'Asha' });
    expect(created.status).toBe(201);
    assert(created.body, Task);
    const permitting = phaseOf(await boardOf(asha, project.id), 'permitting');
    expect(created.body).toMatchObject({ title: 'Call the county planner', phase: 'permitting', category: 'legal', due_date: '2027-03-31', assignee_name: 'Asha', status: 'open', position: permitting.total - 1, completed_at: null });
    expect((await asha.get<Task>(`${api}/task/get/?id=${created.body.id}`)).body).toEqual(created.body);

    const edited = await asha.patch<Task>(`${api}/task/edit/`, { id: created.body.id, title: 'Meet the county planner', due_date: null });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ title: 'Meet the county planner', due_date: null, phase: 'permitting' });
    // A date field a form cleared sends "": no due date, on create and edit alike (it was a 500).
    const dated = await asha.patch<Task>(`${api}/task/edit/`, { id: created.body.id, due_date: '2027-04-01' });
    expect(dated.body.due_date).toBe('2027-04-01');
    const cleared = await asha.patch<Task>(`${api}/task/edit/`, { id: created.body.id, due_date: '' });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(cleared.body.due_date).toBeNull();
    const undated = await asha.post<Task>(`${api}/task/create/`, { project_id: project.id, title: 'Order a title report', phase: 'site_control', due_date: '' });
    expect(undated.status, JSON.stringify(undated.body)).toBe(201);
    expect(undated.body.due_date).toBeNull();
    await asha.delete(`${api}/task/delete/?id=${undated.body.id}`);

    const done = await asha.post<Task>(`${api}/task/complete/`, { id: created.body.id });
    expect(done.body.status).toBe('done');
    expect(Date.parse(done.body.completed_at!)).toBeGreaterThan(Date.parse(created.body.created_at) - 1000);
    expect(phaseOf(await boardOf(asha, project.id), 'permitting')).toMatchObject({ done: 1 });
    const reopened = await asha.post<Task>(`${api}/task/complete/`, { id: created.body.id });
    expect(reopened.body).toMatchObject({ status: 'open', completed_at: null });
  });

  it('moves a task across phases and within one, keeping positions dense, and the order holds on reading it again', async () => {
    const before = await boardOf(asha, project.id);
    const task = phaseOf(before, 'site_control').tasks[0]!;
    const moved = await asha.patch<TaskBoard>(`${api}/task/reorder/`, { id: task.id, phase: 'financing', position: 1 });
    expect(moved.status).toBe(200);
    expectDense(moved.body, before.count);
    expect(phaseOf(moved.body, 'financing').tasks[1]!.id).toBe(task.id);
    expect(phaseOf(moved.body, 'site_control').tasks.map((t) => t.id)).toEqual(phaseOf(before, 'site_control').tasks.slice(1).map((t) => t.id));
    // To the end of its phase, then to the top.
    const last = phaseOf(moved.body, 'financing').total - 1;
    const toEnd = await asha.patch<TaskBoard>(`${api}/task/reorder/`, { id: task.id, phase: 'financing', position: last });
    expect(phaseOf(toEnd.body, 'financing').tasks.at(-1)!.id).toBe(task.id);
    const toTop = await asha.patch<TaskBoard>(`${api}/task/reorder/`, { id: task.id, phase: 'financing', position: 0 });
    expect(phaseOf(toTop.body, 'financing').tasks[0]!.id).toBe(task.id);
    expect(await boardOf(asha, project.id)).toEqual(toTop.body);
  });

  it('keeps every position unique and dense under 20 concurrent moves on one board', async () => {
    const before = await boardOf(asha, project.id);
    const all = before.phases.flatMap((p) => p.tasks);
    const moves = Array.from({ length: 20 }, (_, i) => ({ id: all[(i * 7) % all.length]!.id, phase: taskPhases[i % taskPhases.length]!.value, position: i % 3 }));
    const answers = await Promise.all(moves.map((move) => asha.patch<TaskBoard & Errors>(`${api}/task/reorder/`, move)));
    // A move to position 2 of a phase that has fewer tasks at that moment is refused, and changes nothing.
    for (const answer of answers) expect([200, 400]).toContain(answer.status);
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThan(10);
    const after = await boardOf(asha, project.id);
    expectDense(after, before.count);
    expect(new Set(after.phases.flatMap((p) => p.tasks.map((t) => t.id)))).toEqual(new Set(all.map((t) => t.id)));
  });

  it('deletes a task and closes the gap it left', async () => {
    const before = await boardOf(asha, project.id);
    const phase = before.phases.find((p) => p.total >= 2)!;
    const victim = phase.tasks[0]!;
    expect((await asha.delete(`${api}/task/delete/?id=${victim.id}`)).status).toBe(204);
    const after = await boardOf(asha, project.id);
    expectDense(after, before.count - 1);
    expect(phaseOf(after, phase.value).tasks.map((t) => t.id)).toEqual(phase.tasks.slice(1).map((t) => t.id));
    expect((await asha.post(`${api}/task/complete/`, { id: victim.id })).status).toBe(404);
    expect((await asha.delete(`${api}/task/delete/?id=${victim.id}`)).status).toBe(404);
  });

  it('adds a task from a parcel and its failing criterion, linked back to the parcel', async () => {
    const [parcel] = await queryRows<{ id: string; apn: string }>(app.database, sql`select id, apn from parcels where owner_id is null order by apn limit 1`);
    const created = await asha.post<Task>(`${api}/task/create/`, {
      project_id: project.id,
      title: `Commission a flood-zone study for parcel ${parcel!.apn}`,
      phase: 'permitting',
      category: 'environmental',
      parcel_id: parcel!.id,
      criterion: 'flood',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ parcel: { id: parcel!.id, apn: parcel!.apn }, criterion: 'flood' });
  });

  it('saves a project’s tasks as a template and applies it to another project', async () => {
    const saved = await asha.post<TaskTemplate>(`${api}/task_template/create/`, { project_id: project.id, name: 'Our DC playbook' });
    expect(saved.status).toBe(201);
    const count = (await boardOf(asha, project.id)).count;
    expect(saved.body).toMatchObject({ name: 'Our DC playbook', builtin: false, task_count: count });
    const other = (await asha.post<Project>(`${api}/create/`, { name: 'Rooftop', location: { lat: 38.9, lng: -77.03 } })).body;
    const applied = await asha.post<TaskBoard>(`${api}/task_template/create/`, { project_id: other.id, template_id: saved.body.id });
    expect(applied.status).toBe(201);
    expectDense(applied.body, count);
    const rooftop = await asha.post<TaskBoard>(`${api}/task_template/create/`, { project_id: other.id, template_id: 'builtin:rooftop' });
    expectDense(rooftop.body, count + rooftopTemplate.tasks.length);
    // Ravi sees only the built-ins.
    expect((await ravi.get<{ results: TaskTemplate[] }>(`${api}/task_template/list/`)).body.results.map((t) => t.id)).toEqual(['builtin:utility-scale', 'builtin:rooftop']);
  });

  describe('bad input: a clear 4xx that changes nothing', () => {
    let task: Task;
    let countBefore: number;
    beforeAll(async () => {
      task = phaseOf(await boardOf(asha, project.id), 'permitting').tasks[0]!;
      countBefore = (await boardOf(asha, project.id)).count;
    });

    it('refuses positions out of range, unknown phases and blank or misdated tasks', async () => {
      const permittingCount = phaseOf(await boardOf(asha, project.id), 'permitting').total;
      const cases: [string, Record<string, unknown>, string, string][] = [
        ['reorder', { id: task.id, phase: 'permitting', position: -1 }, 'position', taskMessages.position(1e6)],
        ['reorder', { id: task.id, phase: 'permitting', position: permittingCount }, 'position', taskMessages.position(permittingCount - 1)],
        ['reorder', { id: task.id, phase: 'permitting', position: 1.5 }, 'position', taskMessages.position(1e6)],
        ['reorder', { id: task.id, phase: 'demolition', position: 0 }, 'phase', 'Invalid value.'],
        ['create', { project_id: project.id, title: '   ', phase: 'permitting' }, 'title', messages.notBlank],
        ['create', { project_id: project.id, title: 'Survey', phase: 'permitting', due_date: 'next week' }, 'due_date', taskMessages.date],
        ['create', { project_id: project.id, title: 'Survey', phase: 'permitting', due_date: '2027-02-30' }, 'due_date', taskMessages.date],
        ['create', { project_id: project.id, title: 'Survey', phase: 'permitting', category: 'gossip' }, 'category', 'Invalid value.'],
        ['edit', { id: task.id, title: '' }, 'title', messages.required],
        ['template', { project_id: project.id }, 'template_id', taskMessages.templateOrName],
        ['template', { project_id: project.id, template_id: 'builtin:nuclear' }, 'template_id', taskMessages.noTemplate],
        ['template', { project_id: project.id, name: '' }, 'name', messages.required],
      ];
      for (const [kind, body, field, message] of cases) {
        const answer =
          kind === 'reorder'
            ? await asha.patch<Errors>(`${api}/task/reorder/`, body)
            : kind === 'create'
              ? await asha.post<Errors>(`${api}/task/create/`, body)
              : kind === 'edit'
                ? await asha.patch<Errors>(`${api}/task/edit/`, body)
                : await asha.post<Errors>(`${api}/task_template/create/`, body);
        expect(answer.status, JSON.stringify(body)).toBe(400);
        expect(answer.body.errors[field], JSON.stringify(body)).toEqual([message]);
      }
      const after = await boardOf(asha, project.id);
      expect(after.count).toBe(countBefore);
      expect(phaseOf(after, 'permitting').tasks[0]!.id).toBe(task.id);
    });

    it("answers 404 for another user's project, task and template, and changes nothing", async () => {
      const saved = (await asha.get<{ results: TaskTemplate[] }>(`${api}/task_template/list/`)).body.results.find((t) => !t.builtin)!;
      const ravisProject = (await ravi.post<Project>(`${api}/create/`, { name: 'Ravi', location: { lat: 20, lng: 78 } })).body;
      const refusals = await Promise.all([
        ravi.get(`${api}/task/list/?project_id=${project.id}`),
        ravi.get(`${api}/task/get/?id=${task.id}`),
        ravi.patch(`${api}/task/edit/`, { id: task.id, title: 'Mine now' }),
        ravi.post(`${api}/task/complete/`, { id: task.id }),
        ravi.patch(`${api}/task/reorder/`, { id: task.id, phase: 'operation', position: 0 }),
        ravi.delete(`${api}/task/delete/?id=${task.id}`),
        ravi.post(`${api}/task/create/`, { project_id: project.id, title: 'Sneaky', phase: 'permitting' }),
        ravi.post(`${api}/task_template/create/`, { project_id: project.id, template_id: 'builtin:rooftop' }),
        ravi.post(`${api}/task_template/create/`, { project_id: project.id, name: 'Copy' }),
        ravi.get(`${api}/task/get/?id=not-a-uuid`),
      ]);
      for (const answer of refusals) expect(answer.status).toBe(404);
      // Her template is not his to apply, even to his own project.
      const applied = await ravi.post<Errors>(`${api}/task_template/create/`, { project_id: ravisProject.id, template_id: saved.id });
      expect(applied.status).toBe(400);
      expect(applied.body.errors.template_id).toEqual([taskMessages.noTemplate]);
      expect((await boardOf(ravi, ravisProject.id)).count).toBe(0);
      const after = await boardOf(asha, project.id);
      expect(after.count).toBe(countBefore);
      expect((await asha.get<Task>(`${api}/task/get/?id=${task.id}`)).body).toMatchObject({ title: task.title, status: task.status, phase: 'permitting' });
    });
  });
});
