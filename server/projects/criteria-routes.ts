import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../src/contract/endpoints.ts';
import { currentUser } from '../auth/request-user.ts';
import type { AppContext } from '../context.ts';
import { parse } from '../platform/http.ts';
import { getProjectCriteria, getProjectSizingArea, saveProjectCriteria } from './criteria-service.ts';

/** /api/project/screening_criteria/ and sizing_area/: the criteria the project's map screen, report and study sizing screen with, and the land studies are sized on, for its owner. */
export async function criteriaRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const auth = { preHandler: app.authenticate };

  app.get(endpoints.projectCriteria.path, auth, async (request) => getProjectCriteria(ctx, currentUser(request).id, parse(endpoints.projectCriteria.query, request.query).id));

  app.put(endpoints.projectCriteriaSave.path, auth, async (request) => {
    const { id, criteria } = parse(endpoints.projectCriteriaSave.body, request.body);
    return saveProjectCriteria(ctx, currentUser(request).id, id, criteria);
  });

  // Screens the project's parcels (from the screening cache when it can): costly work, as the map's screening is.
  app.get(endpoints.projectSizingArea.path, { ...auth, config: { costlyWork: 'screening' } }, async (request) =>
    getProjectSizingArea(ctx, currentUser(request).id, parse(endpoints.projectSizingArea.query, request.query).id),
  );
}
