import type { FastifyInstance } from 'fastify';
import { IdQuery, ProjectCreateBody, ProjectEditBody, ProjectListQuery } from '../../src/contract/projects.ts';
import type { AppContext } from '../context.ts';
import { geometryBodyLimit } from '../platform/body-limits.ts';
import { invalid, requireOwned } from '../platform/domain-error.ts';
import { parse } from '../platform/http.ts';
import { currentLogin, currentUser, signedIn } from '../auth/request-user.ts';
import { createProject, deleteProject, editProject, listProjects, portfolio, projectForLogin } from './service.ts';

/** /api/project/: create, list, portfolio totals, get, edit and delete, each scoped to the caller (the PDF report: reports/routes.ts). */
export async function projectRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const auth = { preHandler: app.authenticate };

  app.post('/api/project/create/', { ...auth, bodyLimit: geometryBodyLimit }, async (request, reply) => {
    const user = currentUser(request);
    const body = parse(ProjectCreateBody, request.body);
    return reply.code(201).send(await createProject(ctx, user.id, body));
  });

  // The hot reads: their query reads the login too (one round trip), the preHandler only verifies the token; their
  // answers are served from memory until the caller's data changes.
  const authInQuery = { ...auth, config: { loginInQuery: true, answerCache: true } };

  app.get('/api/project/list/', authInQuery, async (request) => {
    const login = currentLogin(request);
    const query = parse(ProjectListQuery, request.query);
    return signedIn(request, await listProjects(ctx, login, query));
  });

  app.get('/api/project/portfolio/', auth, async (request) => portfolio(ctx, currentUser(request).id));

  app.get('/api/project/get/', authInQuery, async (request) => {
    const { id } = parse(IdQuery, request.query);
    const { project } = signedIn(request, await projectForLogin(ctx, currentLogin(request), id));
    return requireOwned(project);
  });

  app.patch('/api/project/edit/', { ...auth, bodyLimit: geometryBodyLimit }, async (request) => {
    const user = currentUser(request);
    const body = parse(ProjectEditBody, request.body);
    const id = body.id ?? (request.query as { id?: unknown }).id;
    if (typeof id !== 'string' || id === '') throw invalid({ id: ['This is Required.'] });
    return editProject(ctx, user.id, id, body);
  });

  app.delete('/api/project/delete/', auth, async (request, reply) => {
    const user = currentUser(request);
    const { id } = parse(IdQuery, request.query);
    await deleteProject(ctx, user.id, id);
    return reply.code(204).send();
  });
}
