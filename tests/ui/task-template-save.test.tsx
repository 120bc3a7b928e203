// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TaskBoard, TaskTemplate } from '../../src/contract/tasks.ts';
import { taskMessages } from '../../src/contract/tasks.ts';
import { messages } from '../../src/contract/validation.ts';
import { projectPath } from '../../src/lib/project-path.ts';
import { startAppProcess, type AppProcess } from '../support/app-process.ts';
import type { HttpClient } from '../support/http-client.ts';
import { fillIn, polyfillBrowser, renderApp, signInThroughApi } from './render-app.tsx';


type Errors = { errors: Record<string, string[]> };

// The board's drag and drop has a live region of its own: the snackbar is one of the statuses.
const snackbar = (text: string) => waitFor(() => expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain(text), { timeout: 10_000 });

/** The message shown under a form field, found from its input through the field it belongs to. */
function fieldError(input: HTMLElement): string | null {
  const field = input.closest('[data-scope="field"][data-part="root"]')!;
  return field.querySelector('[data-part="error-text"]')?.textContent ?? null;
}

describe('saving a task board as a template, in jsdom against the real API', () => {
  let api: AppProcess;
  beforeAll(async () => {
    polyfillBrowser();
    api = await startAppProcess({}, { buildSpa: false });
  });
  afterEach(cleanup);
  afterAll(() => api?.stop());

  /** A signed-in user with a project (given `templateId`'s tasks through the API), its task board on screen. */
  async function openBoard(templateId?: string) {
    const { client, storage } = await signInThroughApi(api, { hasProject: true });
    const project = (await client.post<{ id: string; name: string }>('/api/project/create/', { name: 'Anacostia', location: { lat: 38.846, lng: -77.0098 } })).body;
    if (templateId) expect((await client.post('/api/project/task_template/create/', { project_id: project.id, template_id: templateId })).status).toBe(201);
    renderApp(`${projectPath(project)}?tab=tasks`, api.baseUrl, storage);
    await screen.findByRole('heading', { name: 'Tasks' });
    return { client, project };
  }

  const ownTemplates = async (client: HttpClient) => (await client.get<{ results: TaskTemplate[] }>('/api/project/task_template/list/')).body.results.filter((t) => !t.builtin);

  /** Once the board has loaded its tasks (until then the button is disabled). */
  async function openSaveDialog() {
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save as template' })).toHaveProperty('disabled', false));
    fireEvent.click(screen.getByRole('button', { name: 'Save as template' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save as template' });
    return { dialog, name: within(dialog).getByLabelText(/^Template name/) };
  }

  it('is disabled, saying why, while the project has no tasks; applying a template enables it', async () => {
    await openBoard();
    await screen.findByText('No task yet');
    const button = screen.getByRole('button', { name: 'Save as template' });
    expect(button).toHaveProperty('disabled', true);
    expect(document.getElementById(button.getAttribute('aria-describedby')!)?.textContent).toBe('Add tasks first: a template is made of the project’s tasks.');

    fireEvent.click(screen.getByRole('button', { name: 'Apply template' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Apply Commercial rooftop' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save as template' })).toHaveProperty('disabled', false));
    expect(screen.getByRole('button', { name: 'Save as template' }).getAttribute('aria-describedby')).toBeNull();
  });

  it('saves the board under the name given, confirms it, and offers it in the apply list without a reload', async () => {
    const { client, project } = await openBoard('builtin:utility-scale');
    const { dialog } = await openSaveDialog();
    expect(within(dialog).getByText(/The project's 18 tasks become a template of yours/)).toBeTruthy();
    await fillIn(/^Template name/, 'Our DC playbook');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save template' }));

    await snackbar('Template saved: Our DC playbook (18 tasks)');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Save as template' })).toBeNull());
    const board = (await client.get<TaskBoard>(`/api/project/task/list/?project_id=${project.id}`)).body;
    expect(await ownTemplates(client)).toEqual([expect.objectContaining({ name: 'Our DC playbook', task_count: board.count })]);

    fireEvent.click(screen.getByRole('button', { name: 'Apply template' }));
    const apply = await screen.findByRole('dialog', { name: 'Apply a template' });
    const saved = await within(apply).findByRole('button', { name: 'Apply Our DC playbook' });
    const card = saved.closest('.chakra-card__root') as HTMLElement;
    expect(within(card).getByText('Yours')).toBeTruthy();
    expect(within(card).getByText('18 tasks')).toBeTruthy();
  });

  it('shows the API’s message on the name field for an empty, blank or too-long name, and saves nothing', async () => {
    const { client, project } = await openBoard('builtin:rooftop');
    // What the API answers for these names (a refusal saves nothing).
    const tooLong = 'P'.repeat(101);
    const apiMessage = async (name: string) => (await client.post<Errors>('/api/project/task_template/create/', { project_id: project.id, name })).body.errors.name![0];
    const { dialog, name } = await openSaveDialog();
    const save = within(dialog).getByRole('button', { name: 'Save template' });

    fireEvent.click(save);
    await waitFor(() => expect(fieldError(name)).toBe(messages.required));
    expect(name.getAttribute('aria-invalid')).toBe('true');

    await fillIn(/^Template name/, '   ');
    fireEvent.click(save);
    await waitFor(() => expect(fieldError(name)).toBe(messages.notBlank));
    expect(await apiMessage('   ')).toBe(messages.notBlank);

    await fillIn(/^Template name/, tooLong);
    fireEvent.click(save);
    const tooLongMessage = await apiMessage(tooLong);
    expect(tooLongMessage).toBe('Ensure this field has no more than 100 characters.');
    await waitFor(() => expect(fieldError(name)).toBe(tooLongMessage));

    expect(screen.getByRole('dialog', { name: 'Save as template' })).toBeTruthy();
    expect(await ownTemplates(client)).toEqual([]);
  });

  it('shows the API’s refusal in the dialog when the tasks went meanwhile', async () => {
    const { client, project } = await openBoard('builtin:rooftop');
    const { dialog } = await openSaveDialog();
    // Emptied elsewhere (another tab, a colleague) while the dialog is open.
    const board = (await client.get<TaskBoard>(`/api/project/task/list/?project_id=${project.id}`)).body;
    for (const task of board.phases.flatMap((phase) => phase.tasks)) await client.delete(`/api/project/task/delete/?id=${task.id}`);

    await fillIn(/^Template name/, 'Rooftop, our way');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save template' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(taskMessages.emptyProject);
    expect(screen.getByRole('dialog', { name: 'Save as template' })).toBeTruthy();
    expect(await ownTemplates(client)).toEqual([]);
  });
});
