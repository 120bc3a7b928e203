/** Tasks, boards and task templates as the API shows them. */
import { taskPhases, type Task, type TaskBoard, type TaskTemplate } from '../../src/contract/tasks.ts';
import type { TaskRow, TaskTemplateRow } from './repository.ts';
import type { BuiltinTemplate } from './templates.ts';

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

export function boardView(projectId: string, rows: TaskRow[]): TaskBoard {
  const phases = taskPhases.map((phase) => {
    const list = rows.filter((row) => row.phase === phase.value).map(taskView);
    return { value: phase.value, label: phase.label, done: list.filter((task) => task.status === 'done').length, total: list.length, tasks: list };
  });
  return { project_id: projectId, count: rows.length, phases };
}

export const builtinTemplateView = (template: BuiltinTemplate): TaskTemplate => ({
  id: template.id,
  name: template.name,
  builtin: true,
  description: template.description,
  task_count: template.tasks.length,
});

export const ownTemplateView = (row: TaskTemplateRow): TaskTemplate => ({
  id: row.id,
  name: row.name,
  builtin: false,
  description: `Saved from a project, ${row.tasks.length} tasks`,
  task_count: row.tasks.length,
});

/** The spec's select lists (task categories, phases): value and label only. */
export const selectListView = (options: readonly { value: string; label: string }[]) => ({ results: options.map(({ value, label }) => ({ value, label })) });
