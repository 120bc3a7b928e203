/** The project report's use case: everything the PDF shows, gathered for its owner, and the file's name. */
import type { FeasibilityRepository } from '../feasibility/repository.ts';
import type { ProjectScreening } from '../gis/project-screening.ts';
import { requireOwned } from '../platform/domain-error.ts';
import { datedFileName } from '../platform/http.ts';
import { projectCriteria } from '../projects/criteria-service.ts';
import type { ProjectsRepository } from '../projects/repository.ts';
import type { SettingsPresetsRepository } from '../settings/repository.ts';
import { lastPresetFor } from '../settings/preset-views.ts';
import type { EngineThreads } from '../workers/engine-threads.ts';

/** What the report use case works with; the app's context gives all of it. */
export interface ReportDeps {
  projects: ProjectsRepository;
  presets: SettingsPresetsRepository;
  screening: ProjectScreening;
  studies: FeasibilityRepository;
  /** The PDF is drawn in these threads, never on the request thread. */
  engine: Pick<EngineThreads, 'projectReportPdf'>;
}

/**
 * The project's PDF report: its parcels screened with the criteria saved on its map screen (else the defaults), the
 * layers used, the preset a new study starts from and the primary study. Its dates, and the day in its file name, are
 * in `timeZone` (the viewer's, an IANA name checked by the contract's ReportQuery).
 */
export async function projectReport(ctx: ReportDeps, userId: string, projectId: string, timeZone = 'UTC'): Promise<{ fileName: string; pdf: Buffer }> {
  const project = requireOwned(await ctx.projects.find(userId, projectId));
  const [rows, preset, primaryStudy] = await Promise.all([
    ctx.screening.projectParcels(userId, project),
    lastPresetFor(ctx.presets, userId, project),
    ctx.studies.primary(userId, project.id),
  ]);
  const generatedAt = new Date();
  const criteria = projectCriteria(project);
  const { results, layersUsed } = await ctx.screening.screenInWorker(userId, rows, criteria);
  const pdf = await ctx.engine.projectReportPdf({
    project,
    criteria: { values: criteria, saved: project.screeningCriteria !== null },
    parcels: results,
    layers: layersUsed,
    preset,
    primaryStudy,
    generatedAt,
    timeZone,
  });
  const fileName = datedFileName([project.name, ...(primaryStudy ? [primaryStudy.name] : []), 'report'], generatedAt, 'pdf', timeZone);
  return { fileName, pdf };
}
