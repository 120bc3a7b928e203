/**
 * Worker thread task: the engine's costly runs and the files built from its answers, off the request thread. A
 * simulation (a bifacial PVWatts v8 year takes about a second), the cash flows (behind the meter, a bill for every
 * quarter-hour of up to 50 years), a study's workbook and the project's PDF report. Each runs the very function the
 * request thread ran before, on a structured copy of its arguments, so the answers are the same to the byte.
 */
import { estimateEnergy, estimateFinance } from '../energy/estimates.ts';
import { studyWorkbook } from '../feasibility/study-workbook.ts';
import { DomainError, type RefusalKind, type RefusalOptions } from '../platform/domain-error.ts';
import { projectReportPdf } from '../reports/project-report.ts';
import { workerTask } from './worker-pool.ts';

type ChosenWeather = Parameters<typeof estimateEnergy>[0];
/** What a simulation reads of the chosen weather; its text stays on the request thread. */
export type EngineWeather = Pick<ChosenWeather, 'weather' | 'site' | 'used'>;
/** estimateEnergy's arguments after the weather. */
export type EnergyRest = Parameters<typeof estimateEnergy> extends [ChosenWeather, ...infer R] ? R : never;

const tasks = {
  // estimateEnergy reads the weather, its site context and how it is used, never the text (sent once, with the
  // site: a structured copy keeps `site.weather === weather`, which simulate checks).
  estimateEnergy: (chosen: EngineWeather, ...rest: EnergyRest) => estimateEnergy(chosen as ChosenWeather, ...rest),
  estimateFinance,
  studyWorkbook,
  projectReportPdf,
};

export type EngineTasks = typeof tasks;
export type EngineTaskName = keyof EngineTasks;
export type EngineTask = { [K in EngineTaskName]: { name: K; args: Parameters<EngineTasks[K]> } }[EngineTaskName];

/** A refusal crosses the thread boundary as a plain object (an Error loses its fields there) and is raised again. */
export interface Refusal extends RefusalOptions {
  kind: RefusalKind;
  detail: string;
}

export type EngineOutcome = { ok: unknown } | { refused: Refusal };

export async function runEngineTask({ name, args }: EngineTask): Promise<EngineOutcome> {
  try {
    return { ok: await (tasks[name] as (...given: typeof args) => unknown)(...args) };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { refused: { kind: error.kind, detail: error.detail, fields: error.fields, retryAfterSeconds: error.retryAfterSeconds } };
  }
}

export default workerTask(runEngineTask);
