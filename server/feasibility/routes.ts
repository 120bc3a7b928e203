import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../src/contract/endpoints.ts';
import { maxPlotMapBytes } from '../../src/contract/feasibility.ts';
import { seriesBodyLimit } from '../../src/contract/behind-the-meter.ts';
import { currentUser } from '../auth/request-user.ts';
import type { AppContext } from '../context.ts';
import { DomainError } from '../platform/domain-error.ts';
import { contentDisposition, parse } from '../platform/http.ts';
import { readUploadForm } from '../platform/multipart.ts';
import {
  createStudy,
  deleteStudy,
  exportStudy,
  getPlotMap,
  getStudy,
  listStudies,
  putPlotMap,
  renameStudy,
  setPrimaryStudy,
  studyAllowance,
  studyEnergy,
  studyFinance,
  studyLoad,
  studyWeather,
} from './service.ts';

/** /api/project/feasibility/: saved energy and finance studies of a project, one of them primary, each scoped to its owner. */
export async function feasibilityRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const auth = { preHandler: app.authenticate };

  app.get(endpoints.studyList.path, auth, async (request) => listStudies(ctx, currentUser(request).id, parse(endpoints.studyList.query, request.query).project_id));

  app.get(endpoints.studyLimit.path, auth, async (request) => {
    const { project_id } = parse(endpoints.studyLimit.query, request.query);
    return (await studyAllowance(ctx, currentUser(request).id, project_id)).answer;
  });

  // Behind the meter, a body may carry a year of quarter-hours of load.
  app.post(endpoints.studyCreate.path, { ...auth, bodyLimit: seriesBodyLimit, config: { costlyWork: 'energy' } }, async (request, reply) => {
    const user = currentUser(request);
    const body = parse(endpoints.studyCreate.body, request.body);
    return reply.code(201).send(await createStudy(ctx, user.id, body));
  });

  app.get(endpoints.studyGet.path, auth, async (request) => getStudy(ctx, currentUser(request).id, parse(endpoints.studyGet.query, request.query).id));

  app.get(endpoints.studyEnergy.path, auth, async (request) => studyEnergy(ctx, currentUser(request).id, parse(endpoints.studyEnergy.query, request.query).id));

  app.get(endpoints.studyFinance.path, auth, async (request) => studyFinance(ctx, currentUser(request).id, parse(endpoints.studyFinance.query, request.query).id));

  // The workbook is built in an engine thread; a report's limits hold for it (costly work, kind report).
  app.get(endpoints.studyExport.path, { ...auth, config: { costlyWork: 'report' } }, async (request, reply) => {
    const user = currentUser(request);
    const { id, format } = parse(endpoints.studyExport.query, request.query);
    const { fileName, body } = await exportStudy(ctx, user.id, id, format);
    return reply
      .type(format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', contentDisposition('attachment', fileName, `study.${format}`))
      .header('cache-control', 'private, no-store')
      .send(body);
  });

  app.get(endpoints.studyWeather.path, auth, async (request, reply) => {
    const user = currentUser(request);
    const { id } = parse(endpoints.studyWeather.query, request.query);
    const stored = await studyWeather(ctx, user.id, id);
    // Content-addressed: the same study always answers the same weather.
    void reply.header('cache-control', 'private, max-age=86400').header('etag', `"${stored.hash}"`);
    return { id, weather_hash: stored.hash, kind: stored.kind, content: stored.content };
  });

  app.get(endpoints.studyLoad.path, auth, async (request) => studyLoad(ctx, currentUser(request).id, parse(endpoints.studyLoad.query, request.query).id));

  app.patch(endpoints.studySetPrimary.path, auth, async (request) => setPrimaryStudy(ctx, currentUser(request).id, parse(endpoints.studySetPrimary.body, request.body).id));

  app.patch(endpoints.studyRename.path, auth, async (request) => {
    const { id, name } = parse(endpoints.studyRename.body, request.body);
    return renameStudy(ctx, currentUser(request).id, id, name);
  });

  app.delete(endpoints.studyDelete.path, auth, async (request, reply) => {
    await deleteStudy(ctx, currentUser(request).id, parse(endpoints.studyDelete.query, request.query).id);
    return reply.code(204).send();
  });

  app.patch(endpoints.plotMapUpload.path, auth, async (request) => {
    const user = currentUser(request);
    if (!request.isMultipart()) throw new DomainError('unsupportedMedia', 'Send the plot map as multipart/form-data: the study id in "id" and the file in "file".');
    const { fields, file } = await readUploadForm(request, { fileField: 'file', maxBytes: maxPlotMapBytes });
    return putPlotMap(ctx, user.id, parse(endpoints.plotMapUpload.body, fields).id, file);
  });

  app.get(endpoints.plotMapGet.path, auth, async (request, reply) => {
    const map = await getPlotMap(ctx, currentUser(request).id, parse(endpoints.plotMapGet.query, request.query).id);
    return reply
      .type(map.contentType)
      .header('content-disposition', contentDisposition('inline', map.fileName, 'plot-map'))
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(map.content));
  });
}
