import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../src/contract/endpoints.ts';
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

  app.get(endpoints.taskBoard.path, auth, async (request) => taskBoard(ctx, currentUser(request).id, parse(endpoints.taskBoard.query, request.query).project_id));

  app.post(endpoints.taskCreate.path, auth, async (request, reply) => {
    const user = currentUser(request);
    const body = parse(endpoints.taskCreate.body, request.body);
    return reply.code(201).send(await createTask(ctx, user.id, body));
  });

  app.get(endpoints.taskGet.path, auth, async (request) => getTask(ctx, currentUser(request).id, parse(endpoints.taskGet.query, request.query).id));

  app.patch(endpoints.taskEdit.path, auth, async (request) => {
    const user = currentUser(request);
    return editTask(ctx, user.id, parse(endpoints.taskEdit.body, request.body));
  });

  app.delete(endpoints.taskDelete.path, auth, async (request, reply) => {
    await deleteTask(ctx, currentUser(request).id, parse(endpoints.taskDelete.query, request.query).id);
    return reply.code(204).send();
  });

  app.post(endpoints.taskComplete.path, auth, async (request) => toggleTaskDone(ctx, currentUser(request).id, parse(endpoints.taskComplete.body, request.body).id));

  app.patch(endpoints.taskReorder.path, auth, async (request) => {
    const user = currentUser(request);
    return moveTask(ctx, user.id, parse(endpoints.taskReorder.body, request.body));
  });

  app.get(endpoints.templateList.path, auth, async (request) => listTemplates(ctx, currentUser(request).id));

  // One endpoint, two uses (spec: task_template/create/): apply a template to a project, or save a project's tasks as one.
  app.post(endpoints.templateCreate.path, auth, async (request, reply) => {
    const user = currentUser(request);
    const body = parse(endpoints.templateCreate.body, request.body);
    return reply.code(201).send(await applyOrSaveTemplate(ctx, user.id, body));
  });

  app.get(endpoints.categoryList.path, auth, async () => categoryList());
  app.get(endpoints.phaseList.path, auth, async () => phaseList());
}
