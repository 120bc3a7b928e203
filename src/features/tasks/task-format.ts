import { pathTo } from '../../../machines/route-guard.ts';
import { taskCategories, taskPhases, type Task } from '../../contract/tasks.ts';

export const phaseLabel = (value: string) => taskPhases.find((phase) => phase.value === value)?.label ?? value;
export const categoryLabel = (value: string) => taskCategories.find((category) => category.value === value)?.label ?? value;
export const statusLabel = (status: Task['status']) => (status === 'done' ? 'Done' : 'Open');

/** /project/detail/task/{id}/ */
export const taskPath = (id: string) => pathTo('taskDetail', { id });

/** A due date (YYYY-MM-DD) as the reader writes dates, read in UTC so it never shifts a day. */
export const formatDueDate = (date: string) => new Date(`${date}T00:00:00Z`).toLocaleDateString(undefined, { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric' });

/** Screening criteria by name (the names of src/contract/gis.ts criterionNames). */
const criterionLabels: Record<string, string> = {
  min_area: 'Minimum area',
  max_area: 'Maximum area',
  land_use: 'Land use',
  flood: 'Flood zone',
  wetland: 'Wetlands',
  protected: 'Protected land',
  grid_distance: 'Distance to the grid',
};
export const criterionLabel = (name: string) => criterionLabels[name] ?? name;
