/** A project's development tasks by phase and the task templates: each use case scoped to its owner. */
import type { Infer } from 'superstruct';
import {
  taskCategories,
  taskMessages,
  taskPhases,
  type Task,
  type TaskBoard,
  type TaskCreateBody,
  type TaskEditBody,
  type TaskReorderBody,
  type TaskTemplate,
  type TaskTemplateBody,
} from '../../src/contract/tasks.ts';
import { DomainError, invalid, notFound, requireOwned } from '../platform/domain-error.ts';
import type { ProjectRow, ProjectsRepository } from '../projects/repository.ts';
import type { TaskRow, TasksRepository } from './repository.ts';
import { builtinTemplates, findBuiltinTemplate } from './templates.ts';
import { boardView, builtinTemplateView, ownTemplateView, selectListView, taskView } from './views.ts';

/** What the task use cases work with; the app's context gives all of it. */
export interface TasksDeps {
  projects: ProjectsRepository;
  tasks: TasksRepository;
}

const board = async (ctx: Pick<TasksDeps, 'tasks'>, userId: string, projectId: string) => boardView(projectId, await ctx.tasks.board(userId, projectId));

export async function taskBoard(ctx: TasksDeps, userId: string, projectId: string): Promise<TaskBoard> {
  const project = requireOwned(await ctx.projects.find(userId, projectId));
  return board(ctx, userId, project.id);
}

/** A new task at the end of its phase, on one of the caller's projects and naming (if any) a parcel the caller can see. */
export async function createTask(ctx: TasksDeps, userId: string, body: TaskCreateBody): Promise<Task> {
  const project = requireOwned(await ctx.projects.find(userId, body.project_id));
  // A parcel the caller cannot see is no parcel of theirs: 404, as for any other id.
  if (body.parcel_id && !(await ctx.tasks.parcelVisible(userId, body.parcel_id))) throw notFound();
  const [id] =
    (await ctx.tasks.append(userId, project.id, [
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
  return taskView(requireOwned(id ? await ctx.tasks.find(userId, id) : undefined));
}

export const getTask = async (ctx: Pick<TasksDeps, 'tasks'>, userId: string, id: string) => taskView(requireOwned(await ctx.tasks.find(userId, id)));

/** An edit of one of the caller's tasks; a new phase puts it last there. */
export async function editTask(ctx: Pick<TasksDeps, 'tasks'>, userId: string, body: TaskEditBody): Promise<Task> {
  const { id, title, description, phase, category, due_date, assignee_name } = body;
  const updated = await ctx.tasks.update(userId, id, {
    title: title?.trim(),
    description: description?.trim(),
    phase,
    category,
    dueDate: due_date,
    assigneeName: assignee_name?.trim(),
  });
  return taskView(requireOwned(updated));
}

export async function deleteTask(ctx: Pick<TasksDeps, 'tasks'>, userId: string, id: string) {
  requireOwned(await ctx.tasks.remove(userId, id));
}

/** Done ⇄ open. */
export const toggleTaskDone = async (ctx: Pick<TasksDeps, 'tasks'>, userId: string, id: string) => taskView(requireOwned(await ctx.tasks.toggleDone(userId, id)));

/** Moves one of the caller's tasks to a place 0..n of a phase (see src/contract/task-moves.ts) and answers its board. */
export async function moveTask(ctx: Pick<TasksDeps, 'tasks'>, userId: string, { id, phase, position }: TaskReorderBody): Promise<TaskBoard> {
  if (!Number.isInteger(position)) throw invalid({ position: [taskMessages.position(1e6)] });
  const moved = await ctx.tasks.move(userId, id, phase, position);
  if (moved.kind === 'notFound') throw notFound();
  if (moved.kind === 'outOfRange') throw invalid({ position: [taskMessages.position(moved.max)] });
  const task = requireOwned(await ctx.tasks.find(userId, id));
  return board(ctx, userId, task.projectId);
}

/** The built-in templates first, then the caller's own, newest first. */
export async function listTemplates(ctx: Pick<TasksDeps, 'tasks'>, userId: string): Promise<{ results: TaskTemplate[] }> {
  const own = await ctx.tasks.templates(userId);
  return { results: [...builtinTemplates.map(builtinTemplateView), ...own.map(ownTemplateView)] };
}

/** Adds a template's tasks (a built-in or one of the caller's) at the end of the project's phases. */
async function applyTemplate(ctx: Pick<TasksDeps, 'tasks'>, userId: string, project: ProjectRow, templateId: string): Promise<TaskBoard> {
  const template = findBuiltinTemplate(templateId) ?? (await ctx.tasks.findTemplate(userId, templateId));
  if (!template) throw invalid({ template_id: [taskMessages.noTemplate] });
  const added = await ctx.tasks.append(
    userId,
    project.id,
    template.tasks.map((t) => ({ title: t.title, description: t.description, phase: t.phase as TaskRow['phase'], category: t.category as TaskRow['category'], dueDate: null, assigneeName: '', parcelId: null, criterion: null, why: t.why })),
  );
  if (!added) throw notFound();
  return board(ctx, userId, project.id);
}

/** Saves the project's tasks as a template of the caller's. */
async function saveTemplate(ctx: Pick<TasksDeps, 'tasks'>, userId: string, project: ProjectRow, name: string): Promise<TaskTemplate> {
  const rows = await ctx.tasks.board(userId, project.id);
  if (rows.length === 0) throw new DomainError('invalid', taskMessages.emptyProject);
  const saved = await ctx.tasks.createTemplate(
    userId,
    name.trim(),
    rows.map((row) => ({ title: row.title, description: row.description, phase: row.phase, category: row.category, why: row.why })),
  );
  return ownTemplateView(saved);
}

/** One request, two uses (spec: task_template/create/): `template_id` applies a template to the project, `name` saves its tasks as one. */
export async function applyOrSaveTemplate(ctx: TasksDeps, userId: string, body: Infer<typeof TaskTemplateBody>): Promise<TaskBoard | TaskTemplate> {
  if ((body.template_id === undefined) === (body.name === undefined)) throw invalid({ template_id: [taskMessages.templateOrName] });
  const project = requireOwned(await ctx.projects.find(userId, body.project_id));
  return body.template_id !== undefined ? applyTemplate(ctx, userId, project, body.template_id) : saveTemplate(ctx, userId, project, body.name!);
}

export const categoryList = () => selectListView(taskCategories);
export const phaseList = () => selectListView(taskPhases);
