import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../src/contract/endpoints.ts';
import { currentUser } from '../auth/request-user.ts';
import type { AppContext } from '../context.ts';
import { contentDisposition, parse } from '../platform/http.ts';
import { projectReport } from './service.ts';

/** /api/project/report/: the project's PDF report, for its owner. */
export async function reportRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.get(endpoints.projectReport.path, { preHandler: app.authenticate, config: { costlyWork: 'report' } }, async (request, reply) => {
    const user = currentUser(request);
    const { id, tz } = parse(endpoints.projectReport.query, request.query);
    const { fileName, pdf } = await projectReport(ctx, user.id, id, tz);
    return reply
      .type('application/pdf')
      .header('content-disposition', contentDisposition('attachment', fileName, 'project-report.pdf'))
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });
}
