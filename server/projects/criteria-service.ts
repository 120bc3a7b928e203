/** A project's screening criteria, saved from the map screen: read (the defaults when none were saved) and written; and the land its studies are sized on. */
import type { ScreeningCriteria } from '../../src/contract/gis.ts';
import type { ProjectSizingArea } from '../../src/contract/feasibility.ts';
import type { ProjectCriteria } from '../../src/contract/screening-map.ts';
import { sizingArea } from '../../src/solar/sizing.ts';
import type { ProjectScreening } from '../gis/project-screening.ts';
import { criteriaOrDefault } from '../geo/screening.ts';
import { requireOwned } from '../platform/domain-error.ts';
import type { ProjectRow, ProjectsRepository } from './repository.ts';

/** The criteria a project screens with wherever no other are given (its report, its study sizing): saved, else the defaults. */
export const projectCriteria = (project: Pick<ProjectRow, 'screeningCriteria'>): ScreeningCriteria => criteriaOrDefault(project.screeningCriteria ?? undefined);

const criteriaView = (project: ProjectRow): ProjectCriteria => ({ id: project.id, criteria: projectCriteria(project), saved: project.screeningCriteria !== null });

export async function getProjectCriteria(ctx: { projects: ProjectsRepository }, userId: string, id: string): Promise<ProjectCriteria> {
  return criteriaView(requireOwned(await ctx.projects.find(userId, id)));
}

/** Keeps the criteria given (absent ones dropped); criteria with nothing checked read back as the defaults, as screening applies them. */
export async function saveProjectCriteria(ctx: { projects: ProjectsRepository }, userId: string, id: string, criteria: ScreeningCriteria): Promise<ProjectCriteria> {
  const given = Object.fromEntries(Object.entries(criteria).filter(([, value]) => value !== undefined)) as ScreeningCriteria;
  return criteriaView(requireOwned(await ctx.projects.update(userId, id, { screeningCriteria: given })));
}

/** What sizing a study of the project needs: its parcels screened with its criteria (through the screening cache). */
export async function projectSizingArea(ctx: { screening: ProjectScreening }, userId: string, project: ProjectRow, prefer: 'parcels' | 'boundary' = 'parcels') {
  const rows = await ctx.screening.projectParcels(userId, project);
  const { results } = rows.length > 0 ? await ctx.screening.screenInWorker(userId, rows, projectCriteria(project)) : { results: [] };
  const screened = results.map(({ row, result }) => ({ verdict: result.verdict, areaM2: row.areaM2, buildableAreaM2: result.buildable_area_m2 }));
  return { area: sizingArea(project.boundaryAreaM2, screened, prefer), screened: results.length };
}

/** The land a new study of the project is sized on by default, for the new-study form. */
export async function getProjectSizingArea(ctx: { projects: ProjectsRepository; screening: ProjectScreening }, userId: string, id: string): Promise<ProjectSizingArea> {
  const project = requireOwned(await ctx.projects.find(userId, id));
  const { area, screened } = await projectSizingArea(ctx, userId, project);
  return {
    id: project.id,
    source: area?.source ?? null,
    area_m2: area?.areaM2 ?? null,
    parcels: area?.source === 'parcels' ? area.parcels : 0,
    screened,
    boundary_area_m2: project.boundaryAreaM2,
    criteria_saved: project.screeningCriteria !== null,
  };
}
