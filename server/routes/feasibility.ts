import type { FastifyInstance } from 'fastify';
import {
  feasibilityMessages,
  maxPlotMapBytes,
  PlotMapFields,
  StudyCreateBody,
  StudyIdBody,
  StudyExportQuery,
  StudyIdQuery,
  StudyProjectQuery,
  StudyRenameBody,
  type StudyLimit,
} from '../../src/contract/feasibility.ts';
import type { AppContext } from '../context.ts';
import { DomainError, invalid, notFound } from '../domain-error.ts';
import { contentDisposition, parse } from '../http.ts';
import { readUploadForm } from '../multipart.ts';
import { currentUser } from '../plugins/auth.ts';
import { StudyLimitReached } from '../repositories/feasibility.ts';
import { draftStudy, financeView, studyView } from '../services/feasibility.ts';
import { studyCsv } from '../services/study-csv.ts';
import { studyWorkbook } from '../services/study-workbook.ts';
import { plotMapType } from '../services/plot-map.ts';

const base = '/api/project/feasibility';

/** /api/project/feasibility/: saved energy and finance studies of a project, one of them primary, each scoped to its owner. */
export async function feasibilityRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { billing, projects, presets, studies, weather } = ctx;
  const auth = { preHandler: app.authenticate };

  async function ownProject(userId: string, projectId: string) {
    const project = await projects.find(userId, projectId);
    if (!project) throw notFound();
    return project;
  }

  async function ownStudy(userId: string, id: string) {
    const study = await studies.find(userId, id);
    if (!study) throw notFound();
    return study;
  }

  app.get(`${base}/list/`, auth, async (request) => {
    const user = currentUser(request);
    const { project_id } = parse(StudyProjectQuery, request.query);
    const project = await ownProject(user.id, project_id);
    const results = (await studies.list(user.id, project.id)).map(studyView);
    return { count: results.length, results };
  });

  app.get(`${base}/check_limit/`, auth, async (request): Promise<StudyLimit> => {
    const user = currentUser(request);
    const { project_id } = parse(StudyProjectQuery, request.query);
    const project = await ownProject(user.id, project_id);
    const [used, limits] = await Promise.all([studies.countForProject(user.id, project.id), billing.limitsFor(user.id)]);
    const limit = limits.studiesPerProject;
    const allowed = limit === null || used < limit;
    return { allowed, used, limit, detail: allowed ? null : billing.limitMessage(limits, 'studies_per_project') };
  });

  app.post(`${base}/create/`, { ...auth, config: { costlyWork: 'energy' } }, async (request, reply) => {
    const user = currentUser(request);
    const body = parse(StudyCreateBody, request.body);
    const project = await ownProject(user.id, body.project_id);
    const limits = await billing.limitsFor(user.id);
    const limit = limits.studiesPerProject ?? Number.POSITIVE_INFINITY;
    // Checked before the simulation so a full project costs nothing; checked again inside the saving transaction.
    if ((await studies.countForProject(user.id, project.id)) >= limit) throw new DomainError('forbidden', billing.limitMessage(limits, 'studies_per_project'));
    const draft = await draftStudy({ presets, weather }, user.id, project, body);
    let created;
    try {
      created = await studies.create(user.id, project.id, draft.values, draft.weather, limit);
    } catch (error) {
      if (error instanceof StudyLimitReached) throw new DomainError('forbidden', billing.limitMessage(limits, 'studies_per_project'));
      throw error;
    }
    if (!created) throw notFound();
    if (draft.ownPresetId) await presets.touch(user.id, draft.ownPresetId);
    return reply.code(201).send(studyView(created));
  });

  app.get(`${base}/get/`, auth, async (request) => {
    const user = currentUser(request);
    const { id } = parse(StudyIdQuery, request.query);
    return studyView(await ownStudy(user.id, id));
  });

  app.get(`${base}/energy_production/get/`, auth, async (request) => {
    const user = currentUser(request);
    const { id } = parse(StudyIdQuery, request.query);
    const results = await studies.results(user.id, id);
    if (!results) throw notFound();
    return { id: results.id, energy: results.energy, uncertainty: results.uncertainty };
  });

  app.get(`${base}/financial_estimation/get/`, auth, async (request) => {
    const user = currentUser(request);
    const { id } = parse(StudyIdQuery, request.query);
    const results = await studies.results(user.id, id);
    if (!results) throw notFound();
    return { id: results.id, finance: financeView(results.finance) };
  });

  // The study's finance as a workbook with live formulas (ADR 022) or its yearly cash flows as CSV.
  app.get(`${base}/financial_estimation/export/`, auth, async (request, reply) => {
    const user = currentUser(request);
    const { id, format } = parse(StudyExportQuery, request.query);
    const study = await ownStudy(user.id, id);
    const results = await studies.results(user.id, id);
    if (!results) throw notFound();
    const project = await projects.find(user.id, study.projectId);
    const finance = financeView(results.finance);
    const fileName = `${project?.name ?? 'project'}-${study.name}.${format}`;
    const body =
      format === 'csv'
        ? Buffer.from(studyCsv(finance), 'utf8')
        : await studyWorkbook({ projectName: project?.name ?? 'Project', studyName: study.name, finance });
    return reply
      .type(format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', contentDisposition('attachment', fileName, `study.${format}`))
      .header('cache-control', 'private, no-store')
      .send(body);
  });

  app.get(`${base}/weather/get/`, auth, async (request, reply) => {
    const user = currentUser(request);
    const { id } = parse(StudyIdQuery, request.query);
    const stored = await studies.weather(user.id, id);
    if (!stored) throw notFound();
    // Content-addressed: the same study always answers the same weather.
    void reply.header('cache-control', 'private, max-age=86400').header('etag', `"${stored.hash}"`);
    return { id, weather_hash: stored.hash, kind: stored.kind, content: stored.content };
  });

  app.patch(`${base}/set_primary/`, auth, async (request) => {
    const user = currentUser(request);
    const { id } = parse(StudyIdBody, request.body);
    const study = await studies.setPrimary(user.id, id);
    if (!study) throw notFound();
    return studyView(study);
  });

  app.patch(`${base}/rename/`, auth, async (request) => {
    const user = currentUser(request);
    const { id, name } = parse(StudyRenameBody, request.body);
    const study = await studies.rename(user.id, id, name.trim());
    if (!study) throw notFound();
    return studyView(study);
  });

  app.delete(`${base}/delete/`, auth, async (request, reply) => {
    const user = currentUser(request);
    const { id } = parse(StudyIdQuery, request.query);
    if (!(await studies.remove(user.id, id))) throw notFound();
    return reply.code(204).send();
  });

  app.patch(`${base}/plot_map/upload/`, auth, async (request) => {
    const user = currentUser(request);
    if (!request.isMultipart()) throw new DomainError('unsupportedMedia', 'Send the plot map as multipart/form-data: the study id in "id" and the file in "file".');
    const { fields, file } = await readUploadForm(request, { fileField: 'file', maxBytes: maxPlotMapBytes });
    const { id } = parse(PlotMapFields, fields);
    await ownStudy(user.id, id);
    if (!file || file.bytes.length === 0) throw invalid({ file: [feasibilityMessages.plotMapRequired] });
    const contentType = await plotMapType(file.bytes);
    const fileName = (file.name || 'plot-map').slice(0, 255);
    if (!(await studies.putPlotMap(user.id, id, { fileName, contentType, content: file.bytes }))) throw notFound();
    return studyView(await ownStudy(user.id, id));
  });

  app.get(`${base}/plot_map/get/`, auth, async (request, reply) => {
    const user = currentUser(request);
    const { id } = parse(StudyIdQuery, request.query);
    await ownStudy(user.id, id);
    const map = await studies.plotMap(user.id, id);
    if (!map) throw new DomainError('notFound', feasibilityMessages.noPlotMap);
    return reply
      .type(map.contentType)
      .header('content-disposition', contentDisposition('inline', map.fileName, 'plot-map'))
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(map.content));
  });
}
