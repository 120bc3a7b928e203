import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../src/contract/endpoints.ts';
import type { AppContext } from '../context.ts';
import { geometryBodyLimit } from '../platform/body-limits.ts';
import { invalid, requireOwned } from '../platform/domain-error.ts';
import { parse } from '../platform/http.ts';
import { currentLogin, currentUser, signedIn } from '../auth/request-user.ts';
import { createProject, deleteProject, editProject, listProjects, portfolio, projectForLogin } from './service.ts';

/** /api/project/: create, list, portfolio totals, get, edit and delete, each scoped to the caller (the PDF report: reports/routes.ts). */
export async function projectRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const auth = { preHandler: app.authenticate };

  app.post(endpoints.projectCreate.path, { ...auth, bodyLimit: geometryBodyLimit }, async (request, reply) => {
    const user = currentUser(request);
    const body = parse(endpoints.projectCreate.body, request.body);
    return reply.code(201).send(await createProject(ctx, user.id, body));
  });

  // The hot reads: their query reads the login too (one round trip), the preHandler only verifies the token; their
  // answers are served from memory until the caller's data changes.
  const authInQuery = { ...auth, config: { loginInQuery: true, answerCache: true } };

  app.get(endpoints.projectList.path, authInQuery, async (request) => {
    const login = currentLogin(request);
    const query = parse(endpoints.projectList.query, request.query);
    return signedIn(request, await listProjects(ctx, login, query));
  });

  app.get(endpoints.projectPortfolio.path, auth, async (request) => portfolio(ctx, currentUser(request).id));

  app.get(endpoints.projectGet.path, authInQuery, async (request) => {
    const { id } = parse(endpoints.projectGet.query, request.query);
    const { project } = signedIn(request, await projectForLogin(ctx, currentLogin(request), id));
    return requireOwned(project);
  });

  app.patch(endpoints.projectEdit.path, { ...auth, bodyLimit: geometryBodyLimit }, async (request) => {
    const user = currentUser(request);
    const body = parse(endpoints.projectEdit.body, request.body);
    const id = body.id ?? (request.query as { id?: unknown }).id;
    if (typeof id !== 'string' || id === '') throw invalid({ id: ['This is Required.'] });
    return editProject(ctx, user.id, id, body);
  });

  app.delete(endpoints.projectDelete.path, auth, async (request, reply) => {
    const user = currentUser(request);
    const { id } = parse(endpoints.projectDelete.query, request.query);
    await deleteProject(ctx, user.id, id);
    return reply.code(204).send();
  });
}
