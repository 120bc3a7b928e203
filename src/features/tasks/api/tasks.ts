import type { ApiClient, CallOptions } from '../../../lib/api-client.ts';
import { SelectList, Task, TaskBoard, TaskTemplate, TaskTemplateList, type TaskCreateBody, type TaskEditBody, type TaskReorderBody } from '../../../contract/tasks.ts';

/** The task endpoints (src/contract/tasks.ts), one function each; every answer is checked with its struct. */
const base = '/api/project';

/** Phases in development order, each with its tasks by position and its done/total. */
export const getTaskBoard = (api: ApiClient, projectId: string, { signal }: CallOptions = {}) =>
  api.get(`${base}/task/list/`, { query: { project_id: projectId }, struct: TaskBoard, signal });

export const getTask = (api: ApiClient, id: string, { signal }: CallOptions = {}) => api.get(`${base}/task/get/`, { query: { id }, struct: Task, signal });

/** 201 with the new task, appended at the end of its phase. */
export const createTask = (api: ApiClient, body: TaskCreateBody, { signal }: CallOptions = {}) => api.post(`${base}/task/create/`, body, { struct: Task, signal });

/** The edited task; a new phase puts it last there. */
export const editTask = (api: ApiClient, body: TaskEditBody, { signal }: CallOptions = {}) => api.patch(`${base}/task/edit/`, body, { struct: Task, signal });

/** 204; the positions after it close up. */
export const deleteTask = (api: ApiClient, id: string, { signal }: CallOptions = {}): Promise<void> =>
  api.delete(`${base}/task/delete/`, { query: { id }, signal }).then(() => undefined);

/** Toggles done ⇄ open; the task with its new status and completed_at. */
export const completeTask = (api: ApiClient, id: string, { signal }: CallOptions = {}) => api.post(`${base}/task/complete/`, { id }, { struct: Task, signal });

/** The whole board after the move; 400 with errors.position when the position is out of range. */
export const reorderTask = (api: ApiClient, body: TaskReorderBody, { signal }: CallOptions = {}) =>
  api.patch(`${base}/task/reorder/`, { id: body.id, phase: body.phase, position: body.position }, { struct: TaskBoard, signal });

/** The built-in templates, then the user's own. */
export const listTaskTemplates = (api: ApiClient, { signal }: CallOptions = {}) => api.get(`${base}/task_template/list/`, { struct: TaskTemplateList, signal });

/** 201 with the whole board, the template's tasks appended to their phases. */
export const applyTaskTemplate = (api: ApiClient, body: { project_id: string; template_id: string }, { signal }: CallOptions = {}) =>
  api.post(`${base}/task_template/create/`, { project_id: body.project_id, template_id: body.template_id }, { struct: TaskBoard, signal });

/** 201 with the new template of the user's, made of the project's tasks. */
export const saveTaskTemplate = (api: ApiClient, body: { project_id: string; name: string }, { signal }: CallOptions = {}) =>
  api.post(`${base}/task_template/create/`, { project_id: body.project_id, name: body.name }, { struct: TaskTemplate, signal });

export const listTaskCategories = (api: ApiClient, { signal }: CallOptions = {}) => api.get(`${base}/category/select/list/`, { struct: SelectList, signal });

export const listTaskPhases = (api: ApiClient, { signal }: CallOptions = {}) => api.get(`${base}/phase/select/list/`, { struct: SelectList, signal });
