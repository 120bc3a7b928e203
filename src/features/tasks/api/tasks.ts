import { call, type ApiClient, type CallOptions } from '../../../lib/api-client.ts';
import { endpoints } from '../../../contract/endpoints.ts';
import { TaskBoard, TaskTemplate, type TaskCreateBody, type TaskEditBody, type TaskReorderBody } from '../../../contract/tasks.ts';

// The task endpoints (src/contract/tasks.ts), one function each; every answer is checked with its struct.

/** Phases in development order, each with its tasks by position and its done/total. */
export const getTaskBoard = (api: ApiClient, projectId: string, { signal }: CallOptions = {}) => call(api, endpoints.taskBoard, { query: { project_id: projectId }, signal });

export const getTask = (api: ApiClient, id: string, { signal }: CallOptions = {}) => call(api, endpoints.taskGet, { query: { id }, signal });

/** 201 with the new task, appended at the end of its phase. */
export const createTask = (api: ApiClient, body: TaskCreateBody, { signal }: CallOptions = {}) => call(api, endpoints.taskCreate, { body, signal });

/** The edited task; a new phase puts it last there. */
export const editTask = (api: ApiClient, body: TaskEditBody, { signal }: CallOptions = {}) => call(api, endpoints.taskEdit, { body, signal });

/** 204; the positions after it close up. */
export const deleteTask = (api: ApiClient, id: string, { signal }: CallOptions = {}): Promise<void> => call(api, endpoints.taskDelete, { query: { id }, signal });

/** Toggles done ⇄ open; the task with its new status and completed_at. */
export const completeTask = (api: ApiClient, id: string, { signal }: CallOptions = {}) => call(api, endpoints.taskComplete, { body: { id }, signal });

/** The whole board after the move; 400 with errors.position when the position is out of range. */
export const reorderTask = (api: ApiClient, body: TaskReorderBody, { signal }: CallOptions = {}) =>
  call(api, endpoints.taskReorder, { body: { id: body.id, phase: body.phase, position: body.position }, signal });

/** The built-in templates, then the user's own. */
export const listTaskTemplates = (api: ApiClient, { signal }: CallOptions = {}) => call(api, endpoints.templateList, { signal });

/** 201 with the whole board, the template's tasks appended to their phases. */
export const applyTaskTemplate = (api: ApiClient, body: { project_id: string; template_id: string }, { signal }: CallOptions = {}) =>
  call(api, endpoints.templateCreate, { body: { project_id: body.project_id, template_id: body.template_id }, answer: TaskBoard, signal });

/** 201 with the new template of the user's, made of the project's tasks. */
export const saveTaskTemplate = (api: ApiClient, body: { project_id: string; name: string }, { signal }: CallOptions = {}) =>
  call(api, endpoints.templateCreate, { body: { project_id: body.project_id, name: body.name }, answer: TaskTemplate, signal });
