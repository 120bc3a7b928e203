import { array, boolean, coerce, enums, literal, nullable, number, object, optional, string, type Infer } from 'superstruct';
import { maxLength, text } from './fields.ts';
import { numeric, within } from './gis.ts';
import { notBlank, required, type Rule } from './validation.ts';

/** A solar project's development phases, in the order the work runs. */
export const taskPhases = [
  { value: 'site_control', label: 'Site control' },
  { value: 'permitting', label: 'Permitting' },
  { value: 'interconnection', label: 'Interconnection' },
  { value: 'financing', label: 'Financing' },
  { value: 'construction', label: 'Construction' },
  { value: 'operation', label: 'Operation' },
] as const;
export type TaskPhase = (typeof taskPhases)[number]['value'];
export const taskPhaseValues = taskPhases.map((phase) => phase.value) as [TaskPhase, ...TaskPhase[]];

export const taskCategories = [
  { value: 'land', label: 'Land and title' },
  { value: 'environmental', label: 'Environmental' },
  { value: 'engineering', label: 'Engineering' },
  { value: 'grid', label: 'Grid' },
  { value: 'legal', label: 'Legal and contracts' },
  { value: 'finance', label: 'Finance' },
  { value: 'procurement', label: 'Procurement' },
  { value: 'community', label: 'Community' },
  { value: 'other', label: 'Other' },
] as const;
export type TaskCategory = (typeof taskCategories)[number]['value'];
export const taskCategoryValues = taskCategories.map((category) => category.value) as [TaskCategory, ...TaskCategory[]];

export const taskStatuses = ['open', 'done'] as const;

export const taskMessages = {
  phase: `Must be one of: ${taskPhaseValues.join(', ')}.`,
  category: `Must be one of: ${taskCategoryValues.join(', ')}.`,
  date: 'Enter a date as YYYY-MM-DD.',
  position: (max: number) => `Position must be a whole number from 0 to ${max}.`,
  templateOrName: 'Send template_id to apply a template to the project, or name to save its tasks as a template.',
  emptyProject: 'This project has no tasks to save as a template.',
  noTemplate: 'No such template.',
} as const;

const idText = text(required, maxLength(64));

// A calendar date that exists (2027-02-30 does not), as the date inputs of browsers send it.
const isoDate: Rule = (value) => {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return taskMessages.date;
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value ? taskMessages.date : undefined;
};

const phase = enums(taskPhaseValues);
const category = enums(taskCategoryValues);
const title = text(required, notBlank, maxLength(200));
const editable = {
  description: optional(text(maxLength(5000))),
  category: optional(category),
  /** YYYY-MM-DD; null clears it. */
  /** A date field cleared in a form sends "": that is no due date. */
  due_date: optional(coerce(nullable(text(isoDate)), literal(''), () => null)),
  assignee_name: optional(text(maxLength(100))),
};

export const TaskCreateBody = object({
  project_id: idText,
  title,
  phase,
  ...editable,
  /** The parcel and screening criterion a task came from (e.g. "add task" on a failing parcel). */
  parcel_id: optional(nullable(idText)),
  criterion: optional(nullable(text(maxLength(64)))),
});

export const TaskEditBody = object({ id: idText, title: optional(title), phase: optional(phase), ...editable });

export const TaskIdQuery = object({ id: idText });
export const TaskProjectQuery = object({ project_id: idText });
export const TaskCompleteBody = object({ id: idText });

/** Move a task to `position` (0 = first) in `phase`, its own or another. */
export const TaskReorderBody = object({
  id: idText,
  phase,
  position: numeric(required, within(0, 1e6, taskMessages.position(1e6))),
});

/** Apply a template (template_id) to a project, or save the project's tasks as a template of the user's (name). */
export const TaskTemplateBody = object({
  project_id: idText,
  template_id: optional(idText),
  name: optional(text(required, notBlank, maxLength(100))),
});

export const Task = object({
  id: string(),
  project_id: string(),
  title: string(),
  description: string(),
  phase,
  category,
  status: enums(taskStatuses),
  position: number(),
  due_date: nullable(string()),
  assignee_name: string(),
  completed_at: nullable(string()),
  parcel: nullable(object({ id: string(), apn: string() })),
  criterion: nullable(string()),
  /** Why a templated task is there, with its source. */
  why: nullable(string()),
  created_at: string(),
  updated_at: string(),
});

export const TaskBoard = object({
  project_id: string(),
  count: number(),
  phases: array(object({ value: phase, label: string(), done: number(), total: number(), tasks: array(Task) })),
});

export const SelectOption = object({ value: string(), label: string() });
export const SelectList = object({ results: array(SelectOption) });

export const TaskTemplate = object({
  id: string(),
  name: string(),
  builtin: boolean(),
  description: string(),
  task_count: number(),
});
export const TaskTemplateList = object({ results: array(TaskTemplate) });

export type Task = Infer<typeof Task>;
export type TaskBoard = Infer<typeof TaskBoard>;
export type TaskCreateBody = Infer<typeof TaskCreateBody>;
export type TaskEditBody = Infer<typeof TaskEditBody>;
export type TaskReorderBody = Infer<typeof TaskReorderBody>;
export type TaskTemplate = Infer<typeof TaskTemplate>;
