import type { FastifyInstance } from 'fastify';
import { TaskCompleteBody, TaskCreateBody, TaskEditBody, TaskIdQuery, TaskProjectQuery, TaskReorderBody, TaskTemplateBody } from '../../src/contract/tasks.ts';
import type { AppContext } from '../context.ts';
import { parse } from '../platform/http.ts';
import { currentUser } from '../auth/request-user.ts';
import {
  applyOrSaveTemplate,
  categoryList,
  createTask,
  deleteTask,
  editTask,
  getTask,
  listTemplates,
  moveTask,
  phaseList,
  taskBoard,
  toggleTaskDone,
} from './service.ts';

/** /api/project/task/, task_template/, category/ and phase/: a project's development tasks by phase, scoped to their owner. */
export async function taskRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const auth = { preHandler: app.authenticate };

  app.get('/api/project/task/list/', auth, async (request) => taskBoard(ctx, currentUser(request).id, parse(TaskProjectQuery, request.query).project_id));

  app.post('/api/project/task/create/', auth, async (request, reply) => {
    const user = currentUser(request);
    const body = parse(TaskCreateBody, request.body);
    return reply.code(201).send(await createTask(ctx, user.id, body));
  });

  app.get('/api/project/task/get/', auth, async (request) => getTask(ctx, currentUser(request).id, parse(TaskIdQuery, request.query).id));

  app.patch('/api/project/task/edit/', auth, async (request) => {
    const user = currentUser(request);
    return editTask(ctx, user.id, parse(TaskEditBody, request.body));
  });

  app.delete('/api/project/task/delete/', auth, async (request, reply) => {
    await deleteTask(ctx, currentUser(request).id, parse(TaskIdQuery, request.query).id);
    return reply.code(204).send();
  });

  app.post('/api/project/task/complete/', auth, async (request) => toggleTaskDone(ctx, currentUser(request).id, parse(TaskCompleteBody, request.body).id));

  app.patch('/api/project/task/reorder/', auth, async (request) => {
    const user = currentUser(request);
    return moveTask(ctx, user.id, parse(TaskReorderBody, request.body));
  });

  app.get('/api/project/task_template/list/', auth, async (request) => listTemplates(ctx, currentUser(request).id));

  // One endpoint, two uses (spec: task_template/create/): apply a template to a project, or save a project's tasks as one.
  app.post('/api/project/task_template/create/', auth, async (request, reply) => {
    const user = currentUser(request);
    const body = parse(TaskTemplateBody, request.body);
    return reply.code(201).send(await applyOrSaveTemplate(ctx, user.id, body));
  });

  app.get('/api/project/category/select/list/', auth, async () => categoryList());
  app.get('/api/project/phase/select/list/', auth, async () => phaseList());
}
