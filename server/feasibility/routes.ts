import type { FastifyInstance } from 'fastify';
import { maxPlotMapBytes, PlotMapFields, StudyCreateBody, StudyIdBody, StudyExportQuery, StudyIdQuery, StudyProjectQuery, StudyRenameBody } from '../../src/contract/feasibility.ts';
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

const base = '/api/project/feasibility';

/** /api/project/feasibility/: saved energy and finance studies of a project, one of them primary, each scoped to its owner. */
export async function feasibilityRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const auth = { preHandler: app.authenticate };

  app.get(`${base}/list/`, auth, async (request) => listStudies(ctx, currentUser(request).id, parse(StudyProjectQuery, request.query).project_id));

  app.get(`${base}/check_limit/`, auth, async (request) => {
    const { project_id } = parse(StudyProjectQuery, request.query);
    return (await studyAllowance(ctx, currentUser(request).id, project_id)).answer;
  });

  // Behind the meter, a body may carry a year of quarter-hours of load.
  app.post(`${base}/create/`, { ...auth, bodyLimit: seriesBodyLimit, config: { costlyWork: 'energy' } }, async (request, reply) => {
    const user = currentUser(request);
    const body = parse(StudyCreateBody, request.body);
    return reply.code(201).send(await createStudy(ctx, user.id, body));
  });

  app.get(`${base}/get/`, auth, async (request) => getStudy(ctx, currentUser(request).id, parse(StudyIdQuery, request.query).id));

  app.get(`${base}/energy_production/get/`, auth, async (request) => studyEnergy(ctx, currentUser(request).id, parse(StudyIdQuery, request.query).id));

  app.get(`${base}/financial_estimation/get/`, auth, async (request) => studyFinance(ctx, currentUser(request).id, parse(StudyIdQuery, request.query).id));

  app.get(`${base}/financial_estimation/export/`, auth, async (request, reply) => {
    const user = currentUser(request);
    const { id, format } = parse(StudyExportQuery, request.query);
    const { fileName, body } = await exportStudy(ctx, user.id, id, format);
    return reply
      .type(format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', contentDisposition('attachment', fileName, `study.${format}`))
      .header('cache-control', 'private, no-store')
      .send(body);
  });

  app.get(`${base}/weather/get/`, auth, async (request, reply) => {
    const user = currentUser(request);
    const { id } = parse(StudyIdQuery, request.query);
    const stored = await studyWeather(ctx, user.id, id);
    // Content-addressed: the same study always answers the same weather.
    void reply.header('cache-control', 'private, max-age=86400').header('etag', `"${stored.hash}"`);
    return { id, weather_hash: stored.hash, kind: stored.kind, content: stored.content };
  });

  app.get(`${base}/load/get/`, auth, async (request) => studyLoad(ctx, currentUser(request).id, parse(StudyIdQuery, request.query).id));

  app.patch(`${base}/set_primary/`, auth, async (request) => setPrimaryStudy(ctx, currentUser(request).id, parse(StudyIdBody, request.body).id));

  app.patch(`${base}/rename/`, auth, async (request) => {
    const { id, name } = parse(StudyRenameBody, request.body);
    return renameStudy(ctx, currentUser(request).id, id, name);
  });

  app.delete(`${base}/delete/`, auth, async (request, reply) => {
    await deleteStudy(ctx, currentUser(request).id, parse(StudyIdQuery, request.query).id);
    return reply.code(204).send();
  });

  app.patch(`${base}/plot_map/upload/`, auth, async (request) => {
    const user = currentUser(request);
    if (!request.isMultipart()) throw new DomainError('unsupportedMedia', 'Send the plot map as multipart/form-data: the study id in "id" and the file in "file".');
    const { fields, file } = await readUploadForm(request, { fileField: 'file', maxBytes: maxPlotMapBytes });
    return putPlotMap(ctx, user.id, parse(PlotMapFields, fields).id, file);
  });

  app.get(`${base}/plot_map/get/`, auth, async (request, reply) => {
    const map = await getPlotMap(ctx, currentUser(request).id, parse(StudyIdQuery, request.query).id);
    return reply
      .type(map.contentType)
      .header('content-disposition', contentDisposition('inline', map.fileName, 'plot-map'))
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(map.content));
  });
}
