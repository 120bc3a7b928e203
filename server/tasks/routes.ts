import type { FastifyInstance } from 'fastify';
import {
  TaskCompleteBody,
  TaskCreateBody,
  TaskEditBody,
  TaskIdQuery,
  TaskProjectQuery,
  TaskReorderBody,
  TaskTemplateBody,
  taskCategories,
  taskMessages,
  taskPhases,
  type Task,
  type TaskBoard,
  type TaskTemplate,
} from '../../src/contract/tasks.ts';
import type { AppContext } from '../context.ts';
import { DomainError, invalid, notFound, requireOwned } from '../platform/domain-error.ts';
import { parse } from '../platform/http.ts';
import { currentUser } from '../auth/request-user.ts';
import type { TaskRow } from './repository.ts';
import { builtinTemplates, findBuiltinTemplate } from './templates.ts';

export const taskView = (row: TaskRow): Task => ({
  id: row.id,
  project_id: row.projectId,
  title: row.title,
  description: row.description,
  phase: row.phase,
  category: row.category,
  status: row.status,
  position: row.position,
  due_date: row.dueDate,
  assignee_name: row.assigneeName,
  completed_at: row.completedAt?.toISOString() ?? null,
  parcel: row.parcelId && row.parcelApn !== null ? { id: row.parcelId, apn: row.parcelApn } : null,
  criterion: row.criterion,
  why: row.why,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

function boardView(projectId: string, rows: TaskRow[]): TaskBoard {
  const phases = taskPhases.map((phase) => {
    const list = rows.filter((row) => row.phase === phase.value).map(taskView);
    return { value: phase.value, label: phase.label, done: list.filter((task) => task.status === 'done').length, total: list.length, tasks: list };
  });
  return { project_id: projectId, count: rows.length, phases };
}

/** /api/project/task/, task_template/, category/ and phase/: a project's development tasks by phase, scoped to their owner. */
export async function taskRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { projects, tasks } = ctx;
  const auth = { preHandler: app.authenticate };

  const board = async (userId: string, projectId: string) => boardView(projectId, await tasks.board(userId, projectId));

  app.get('/api/project/task/list/', auth, async (request) => {
    const user = currentUser(request);
    const { project_id } = parse(TaskProjectQuery, request.query);
    const project = requireOwned(await projects.find(user.id, project_id));
    return board(user.id, project.id);
  });

  app.post('/api/project/task/create/', auth, async (request, reply) => {
    const user = currentUser(request);
    const body = parse(TaskCreateBody, request.body);
    const project = requireOwned(await projects.find(user.id, body.project_id));
    // A parcel the caller cannot see is no parcel of theirs: 404, as for any other id.
    if (body.parcel_id && !(await tasks.parcelVisible(user.id, body.parcel_id))) throw notFound();
    const [id] =
      (await tasks.append(user.id, project.id, [
        {
          title: body.title.trim(),
          description: body.description?.trim() ?? '',
          phase: body.phase,
          category: body.category ?? 'other',
          dueDate: body.due_date ?? null,
          assigneeName: body.assignee_name?.trim() ?? '',
          parcelId: body.parcel_id ?? null,
          criterion: body.criterion ?? null,
          why: null,
        },
      ])) ?? [];
    const created = id && (await tasks.find(user.id, id));
    if (!created) throw notFound();
    return reply.code(201).send(taskView(created));
  });

  app.get('/api/project/task/get/', auth, async (request) => {
    const user = currentUser(request);
    const { id } = parse(TaskIdQuery, request.query);
    const task = requireOwned(await tasks.find(user.id, id));
    return taskView(task);
  });

  app.patch('/api/project/task/edit/', auth, async (request) => {
    const user = currentUser(request);
    const { id, title, description, phase, category, due_date, assignee_name } = parse(TaskEditBody, request.body);
    const updated = await tasks.update(user.id, id, {
      title: title?.trim(),
      description: description?.trim(),
      phase,
      category,
      dueDate: due_date,
      assigneeName: assignee_name?.trim(),
    });
    if (!updated) throw notFound();
    return taskView(updated);
  });

  app.delete('/api/project/task/delete/', auth, async (request, reply) => {
    const user = currentUser(request);
    const { id } = parse(TaskIdQuery, request.query);
    requireOwned(await tasks.remove(user.id, id));
    return reply.code(204).send();
  });

  app.post('/api/project/task/complete/', auth, async (request) => {
    const user = currentUser(request);
    const { id } = parse(TaskCompleteBody, request.body);
    const task = requireOwned(await tasks.toggleDone(user.id, id));
    return taskView(task);
  });

  app.patch('/api/project/task/reorder/', auth, async (request) => {
    const user = currentUser(request);
    const { id, phase, position } = parse(TaskReorderBody, request.body);
    if (!Number.isInteger(position)) throw invalid({ position: [taskMessages.position(1e6)] });
    const moved = await tasks.move(user.id, id, phase, position);
    if (moved.kind === 'notFound') throw notFound();
    if (moved.kind === 'outOfRange') throw invalid({ position: [taskMessages.position(moved.max)] });
    const task = requireOwned(await tasks.find(user.id, id));
    return board(user.id, task.projectId);
  });

  app.get('/api/project/task_template/list/', auth, async (request): Promise<{ results: TaskTemplate[] }> => {
    const user = currentUser(request);
    const own = await tasks.templates(user.id);
    return {
      results: [
        ...builtinTemplates.map((t) => ({ id: t.id, name: t.name, builtin: true, description: t.description, task_count: t.tasks.length })),
        ...own.map((t) => ({ id: t.id, name: t.name, builtin: false, description: `Saved from a project, ${t.tasks.length} tasks`, task_count: t.tasks.length })),
      ],
    };
  });

  // One endpoint, two uses (spec: task_template/create/): apply a template to a project, or save a project's tasks as one.
  app.post('/api/project/task_template/create/', auth, async (request, reply) => {
    const user = currentUser(request);
    const body = parse(TaskTemplateBody, request.body);
    if ((body.template_id === undefined) === (body.name === undefined)) throw invalid({ template_id: [taskMessages.templateOrName] });
    const project = requireOwned(await projects.find(user.id, body.project_id));
    if (body.template_id !== undefined) {
      const template = findBuiltinTemplate(body.template_id) ?? (await tasks.findTemplate(user.id, body.template_id));
      if (!template) throw invalid({ template_id: [taskMessages.noTemplate] });
      const added = await tasks.append(
        user.id,
        project.id,
        template.tasks.map((t) => ({ title: t.title, description: t.description, phase: t.phase as TaskRow['phase'], category: t.category as TaskRow['category'], dueDate: null, assigneeName: '', parcelId: null, criterion: null, why: t.why })),
      );
      if (!added) throw notFound();
      return reply.code(201).send(await board(user.id, project.id));
    }
    const rows = await tasks.board(user.id, project.id);
    if (rows.length === 0) throw new DomainError('invalid', taskMessages.emptyProject);
    const saved = await tasks.createTemplate(
      user.id,
      body.name!.trim(),
      rows.map((row) => ({ title: row.title, description: row.description, phase: row.phase, category: row.category, why: row.why })),
    );
    return reply.code(201).send({ id: saved.id, name: saved.name, builtin: false, description: `Saved from a project, ${saved.tasks.length} tasks`, task_count: saved.tasks.length });
  });

  app.get('/api/project/category/select/list/', auth, async () => ({ results: taskCategories.map(({ value, label }) => ({ value, label })) }));
  app.get('/api/project/phase/select/list/', auth, async () => ({ results: taskPhases.map(({ value, label }) => ({ value, label })) }));
}
