import type { FastifyInstance } from 'fastify';
import { IdQuery } from '../../src/contract/projects.ts';
import { currentUser } from '../auth/request-user.ts';
import type { AppContext } from '../context.ts';
import { contentDisposition, parse } from '../platform/http.ts';
import { projectReport } from './service.ts';

/** /api/project/report/: the project's PDF report, for its owner. */
export async function reportRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.get('/api/project/report/', { preHandler: app.authenticate, config: { costlyWork: 'report' } }, async (request, reply) => {
    const user = currentUser(request);
    const { id } = parse(IdQuery, request.query);
    const { fileName, pdf } = await projectReport(ctx, user.id, id);
    return reply
      .type('application/pdf')
      .header('content-disposition', contentDisposition('attachment', fileName, 'project-report.pdf'))
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });
}
