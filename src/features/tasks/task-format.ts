import { pathTo } from '../../../machines/route-guard.ts';
import { taskCategories, taskPhases, type Task } from '../../contract/tasks.ts';
import { criterionLabels } from '../../contract/gis.ts';

export const phaseLabel = (value: string) => taskPhases.find((phase) => phase.value === value)?.label ?? value;
export const categoryLabel = (value: string) => taskCategories.find((category) => category.value === value)?.label ?? value;
export const statusLabel = (status: Task['status']) => (status === 'done' ? 'Done' : 'Open');

/** /project/detail/task/{id}/ */
export const taskPath = (id: string) => pathTo('taskDetail', { id });

/** A due date (YYYY-MM-DD) as the reader writes dates, read in UTC so it never shifts a day. */
export const formatDueDate = (date: string) => new Date(`${date}T00:00:00Z`).toLocaleDateString(undefined, { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric' });

/** A task's screening criterion as the map screen names it. */
export const criterionLabel = (name: string) => (criterionLabels as Record<string, string>)[name] ?? name;
