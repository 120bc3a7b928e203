import type { FastifyInstance } from 'fastify';
import { IdQuery, postalCodeError, ProjectCreateBody, ProjectEditBody, ProjectListQuery, type Portfolio, type ProjectEditBody as EditBody, type ProjectListItem } from '../../src/contract/projects.ts';
import type { AppContext } from '../context.ts';
import { invalid, notFound, requireOwned } from '../platform/domain-error.ts';
import { contentDisposition, datedFileName, parse } from '../platform/http.ts';
import { currentLogin, currentUser, signedIn } from '../auth/request-user.ts';
import { isUuid, type ProjectListRow, type ProjectRow, type ProjectValues } from './repository.ts';
import { geodesicAreaM2 } from '../geo/geometry.ts';
import { lastPresetFor } from '../settings/preset-views.ts';
import { parcelSummary, projectView } from './views.ts';
import { projectReportPdf } from '../reports/project-report.ts';
import { defaultCriteria } from '../geo/screening.ts';

// Boundaries drawn around large sites run to thousands of vertices; every other JSON body stays at the global 64 KiB.
export const geometryBodyLimit = 2 * 1024 * 1024;
const defaultPageSize = 20;

/**
 * Country and postal code after an edit, checked together: India uses the spec's pincode rule.
 * Sending only `pincode` (the Indian name) on a project without a country makes it an Indian one.
 */
function postalFields(body: Omit<EditBody, 'id'>, current?: Pick<ProjectRow, 'country' | 'postalCode'>) {
  const key = body.pincode !== undefined && body.postal_code === undefined ? 'pincode' : 'postal_code';
  if (body.pincode !== undefined && body.postal_code !== undefined && body.pincode !== body.postal_code) {
    throw invalid({ pincode: ['pincode and postal_code differ; send one of them.'] });
  }
  const code = (body.postal_code ?? body.pincode ?? current?.postalCode ?? '').trim();
  // An empty pincode (forms send every field) says nothing about the country.
  const impliedIndia = key === 'pincode' && code !== '' && body.country === undefined && !current?.country;
  const country = (body.country ?? (impliedIndia ? 'IN' : (current?.country ?? ''))).toUpperCase();
  const error = postalCodeError(country, code);
  if (error) throw invalid({ [body.postal_code === undefined && body.pincode === undefined ? 'country' : key]: [error] });
  return { country, postalCode: code };
}

function editedValues(body: Omit<EditBody, 'id'>, current?: ProjectRow): Partial<ProjectValues> {
  const values: Partial<ProjectValues> = {
    name: body.name?.trim(),
    description: body.description?.trim(),
    status: body.status,
    address: body.address?.trim(),
    lat: body.location?.lat,
    lng: body.location?.lng,
  };
  if (body.boundary !== undefined) {
    values.boundary = body.boundary;
    values.boundaryAreaM2 = body.boundary ? geodesicAreaM2(body.boundary) : null;
  }
  if (body.postal_code !== undefined || body.pincode !== undefined || body.country !== undefined) Object.assign(values, postalFields(body, current));
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
}

// The view gains its extra field in place: spreading it into a new object copied its fifteen fields again, which on a
// page of projects cost about twice what building the views did.
const listItemView = (row: ProjectListRow): ProjectListItem =>
  Object.assign(projectView(row), {
    primary_study: row.primaryStudy && { id: row.primaryStudy.id, name: row.primaryStudy.name, dc_kw: row.primaryStudy.dcKw, p50_annual_kwh: row.primaryStudy.p50AnnualKwh },
  });

/** /api/project/: create, list, portfolio totals, get, edit, delete and the PDF report, each scoped to the caller. */
export async function projectRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { billing, projects, parcels, presets, screening, studies } = ctx;
  const auth = { preHandler: app.authenticate };

  app.post('/api/project/create/', { ...auth, bodyLimit: geometryBodyLimit }, async (request, reply) => {
    const user = currentUser(request);
    const body = parse(ProjectCreateBody, request.body);
    const values = editedValues(body);
    // At the plan's limit this raises PlanLimitReached, a refusal naming the plan that lifts it (403).
    const created = await billing.createProject(user.id, { ...values, name: body.name.trim(), lat: body.location.lat, lng: body.location.lng });
    return reply.code(201).send(projectView(created));
  });

  // The hot reads: their query reads the login too (one round trip), the preHandler only verifies the token; their
  // answers are served from memory until the caller's data changes.
  const authInQuery = { ...auth, config: { loginInQuery: true, answerCache: true } };

  app.get('/api/project/list/', authInQuery, async (request) => {
    const login = currentLogin(request);
    const query = parse(ProjectListQuery, request.query);
    const page = query.page ?? 1;
    const pageSize = query.page_size ?? defaultPageSize;
    const search = query.search?.trim();
    const { count, rows } = signedIn(request, await projects.listForLogin(login, { search: search || undefined, offset: (page - 1) * pageSize, limit: pageSize }));
    return { count, page, page_size: pageSize, results: rows.map(listItemView) };
  });

  app.get('/api/project/portfolio/', auth, async (request): Promise<Portfolio> => {
    const totals = await projects.portfolio(currentUser(request).id);
    return { projects: totals.projects, hectares: totals.hectares, mwdc: totals.mwdc, primary_studies: totals.primaryStudies, mwh_per_year: totals.mwhPerYear };
  });

  app.get('/api/project/get/', authInQuery, async (request) => {
    const { id } = parse(IdQuery, request.query);
    // The parcels are read beside the project, not after it, and answered only once the project proved to be the caller's.
    const [found, projectParcels] = await Promise.all([projects.findForLogin(currentLogin(request), id), isUuid(id) ? parcels.listForProject(id) : []]);
    const { project } = signedIn(request, found);
    if (!project) throw notFound();
    return Object.assign(projectView(project), { parcels: projectParcels.map(parcelSummary) });
  });

  app.patch('/api/project/edit/', { ...auth, bodyLimit: geometryBodyLimit }, async (request) => {
    const user = currentUser(request);
    const body = parse(ProjectEditBody, request.body);
    const id = body.id ?? (request.query as { id?: unknown }).id;
    if (typeof id !== 'string' || id === '') throw invalid({ id: ['This is Required.'] });
    const current = requireOwned(await projects.find(user.id, id));
    const updated = requireOwned(await projects.update(user.id, id, editedValues(body, current)));
    return projectView(updated);
  });

  app.delete('/api/project/delete/', auth, async (request, reply) => {
    const user = currentUser(request);
    const { id } = parse(IdQuery, request.query);
    requireOwned(await projects.remove(user.id, id));
    return reply.code(204).send();
  });

  app.get('/api/project/report/', { ...auth, config: { costlyWork: 'report' } }, async (request, reply) => {
    const user = currentUser(request);
    const { id } = parse(IdQuery, request.query);
    const project = requireOwned(await projects.find(user.id, id));
    const [rows, layers, preset, primaryStudy] = await Promise.all([
      screening.projectParcels(user.id, project),
      screening.layerSet(user.id),
      lastPresetFor(presets, user.id, project),
      studies.primary(user.id, project.id),
    ]);
    const generatedAt = new Date();
    const pdf = await projectReportPdf({
      project,
      parcels: screening.screen(rows, defaultCriteria, layers),
      layers: Object.values(layers).map((layer) => layer.ref),
      preset,
      primaryStudy,
      generatedAt,
    });
    const fileName = datedFileName([project.name, ...(primaryStudy ? [primaryStudy.name] : []), 'report'], generatedAt, 'pdf');
    return reply
      .type('application/pdf')
      .header('content-disposition', contentDisposition('attachment', fileName, 'project-report.pdf'))
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });
}
