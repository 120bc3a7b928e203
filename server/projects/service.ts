/** Projects' use cases, each scoped to its owner: create (within the plan's limit), list, portfolio totals, get, edit, delete. */
import type { Infer } from 'superstruct';
import {
  postalCodeError,
  type Portfolio,
  type Project,
  type ProjectCreateBody,
  type ProjectDetail,
  type ProjectEditBody,
  type ProjectList,
  type ProjectListQuery,
} from '../../src/contract/projects.ts';
import type { Login } from '../auth/users-repository.ts';
import type { Billing } from '../billing/service.ts';
import { geodesicAreaM2 } from '../geo/geometry.ts';
import type { ParcelsRepository } from '../gis/parcels-repository.ts';
import { invalid, requireOwned } from '../platform/domain-error.ts';
import { isUuid } from '../platform/ids.ts';
import type { ProjectRow, ProjectsRepository, ProjectValues } from './repository.ts';
import { listItemView, parcelSummary, projectView } from './views.ts';

/** What the project use cases work with; the app's context gives all of it. */
export interface ProjectsDeps {
  billing: Billing;
  projects: ProjectsRepository;
  parcels: ParcelsRepository;
}

type ProjectChanges = Omit<ProjectEditBody, 'id'>;

const defaultPageSize = 20;

/**
 * Country and postal code after an edit, checked together: India uses the spec's pincode rule.
 * Sending only `pincode` (the Indian name) on a project without a country makes it an Indian one.
 */
function postalFields(body: ProjectChanges, current?: Pick<ProjectRow, 'country' | 'postalCode'>) {
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

function editedValues(body: ProjectChanges, current?: ProjectRow): Partial<ProjectValues> {
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

/** A new project; at the plan's limit the billing service raises PlanLimitReached, a refusal naming the plan that lifts it. */
export async function createProject(ctx: Pick<ProjectsDeps, 'billing'>, userId: string, body: ProjectCreateBody): Promise<Project> {
  const values = editedValues(body);
  const created = await ctx.billing.createProject(userId, { ...values, name: body.name.trim(), lat: body.location.lat, lng: body.location.lng });
  return projectView(created);
}

/** A page of the signed-in user's projects, read with the login in one query; undefined when the login has ended. */
export async function listProjects(ctx: Pick<ProjectsDeps, 'projects'>, login: Login, query: Infer<typeof ProjectListQuery>): Promise<ProjectList | undefined> {
  const page = query.page ?? 1;
  const pageSize = query.page_size ?? defaultPageSize;
  const search = query.search?.trim();
  const found = await ctx.projects.listForLogin(login, { search: search || undefined, offset: (page - 1) * pageSize, limit: pageSize });
  return found && { count: found.count, page, page_size: pageSize, results: found.rows.map(listItemView) };
}

export async function portfolio(ctx: Pick<ProjectsDeps, 'projects'>, userId: string): Promise<Portfolio> {
  const totals = await ctx.projects.portfolio(userId);
  return { projects: totals.projects, hectares: totals.hectares, mwdc: totals.mwdc, primary_studies: totals.primaryStudies, mwh_per_year: totals.mwhPerYear };
}

/**
 * The signed-in user's project with its parcels, read with the login: undefined when the login has ended, `project`
 * undefined when the id names none of the user's projects.
 */
export async function projectForLogin(ctx: Pick<ProjectsDeps, 'projects' | 'parcels'>, login: Login, id: string): Promise<{ project: ProjectDetail | undefined } | undefined> {
  // The parcels are read beside the project, not after it, and answered only once the project proved to be the caller's.
  const [found, parcels] = await Promise.all([ctx.projects.findForLogin(login, id), isUuid(id) ? ctx.parcels.listForProject(id) : []]);
  return found && { project: found.project && Object.assign(projectView(found.project), { parcels: parcels.map(parcelSummary) }) };
}

export async function editProject(ctx: Pick<ProjectsDeps, 'projects'>, userId: string, id: string, body: ProjectChanges): Promise<Project> {
  const current = requireOwned(await ctx.projects.find(userId, id));
  return projectView(requireOwned(await ctx.projects.update(userId, id, editedValues(body, current))));
}

export async function deleteProject(ctx: Pick<ProjectsDeps, 'projects'>, userId: string, id: string) {
  requireOwned(await ctx.projects.remove(userId, id));
}
