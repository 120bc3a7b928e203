import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../src/contract/endpoints.ts';
import type { ScreeningJobExportFormat } from '../../src/contract/screening-jobs.ts';
import type { AppContext } from '../context.ts';
import { currentUser } from '../auth/request-user.ts';
import { chooseScheduler } from '../jobs/choose-scheduler.ts';
import { contentDisposition, parse } from '../platform/http.ts';
import { screeningJobsRepository } from './screening-jobs-repository.ts';
import { createScreeningJobs } from './screening-jobs-service.ts';

/** /api/gis/screening_jobs/: screenings of more parcels than one request answers for, run in the background. */
export async function screeningJobRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const auth = { preHandler: app.authenticate };
  const { settings } = ctx;
  const scheduler = chooseScheduler(ctx.database, {
    queue: 'screening-job-steps',
    concurrency: settings.SCREENING_JOBS_AT_ONCE,
    expireSeconds: settings.SCREENING_JOB_EXPIRE_SECONDS,
    retryAfterMs: 10_000,
    onError: (error, jobId) => app.log.error({ err: error, jobId }, 'a screening job step failed'),
  });
  const jobs = await createScreeningJobs(
    { projects: ctx.projects, jobs: screeningJobsRepository(ctx.database.db), screening: ctx.screening, refreshStatistics: () => ctx.database.refreshStatistics() },
    scheduler,
    { chunk: settings.SCREENING_JOB_CHUNK, log: app.log },
  );
  // Before the screening threads close (onClose): a chunk in flight finishes and commits first.
  app.addHook('preClose', () => jobs.close());
  // Jobs a stopped server left unfinished go on from their last committed chunk.
  const resumed = await jobs.resume();
  if (resumed > 0) app.log.info({ jobs: resumed }, 'resumed unfinished screening jobs');

  app.post(endpoints.screeningJobStart.path, auth, async (request, reply) => {
    const user = currentUser(request);
    return reply.code(201).send(await jobs.start(user.id, parse(endpoints.screeningJobStart.body, request.body)));
  });

  app.get(endpoints.screeningJobGet.path, auth, async (request, reply) => {
    void reply.header('cache-control', 'private, no-store');
    return jobs.get(currentUser(request).id, parse(endpoints.screeningJobGet.query, request.query).id);
  });

  app.get(endpoints.screeningJobList.path, auth, async (request, reply) => {
    void reply.header('cache-control', 'private, no-store');
    return jobs.list(currentUser(request).id, parse(endpoints.screeningJobList.query, request.query).project_id);
  });

  app.post(endpoints.screeningJobCancel.path, auth, async (request) => jobs.cancel(currentUser(request).id, parse(endpoints.screeningJobCancel.body, request.body).id));

  app.get(endpoints.screeningJobExport.path, auth, async (request, reply) => {
    const { id, format } = parse(endpoints.screeningJobExport.query, request.query);
    const file = await jobs.exportResults(currentUser(request).id, id, format as ScreeningJobExportFormat);
    return reply
      .type(file.type)
      .header('content-disposition', contentDisposition('attachment', file.fileName, `screening.${format}`))
      .header('cache-control', 'private, no-store')
      .send(file.body);
  });
}
