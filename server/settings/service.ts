/** Assumption presets' use cases, each scoped to its owner: the built-in defaults first, then the user's own. */
import { crossFieldErrors, settingsMessages, type Assumptions, type Preset, type PresetBody } from '../../src/contract/settings.ts';
import { invalid, requireOwned } from '../platform/domain-error.ts';
import type { ProjectsRepository } from '../projects/repository.ts';
import { builtinPresets, findBuiltin } from './preset-defaults.ts';
import { builtinView, completed, lastPresetFor, merge, presetView } from './preset-views.ts';
import type { SettingsPresetsRepository } from './repository.ts';

/** What the preset use cases work with; the app's context gives all of it. */
export interface SettingsDeps {
  presets: SettingsPresetsRepository;
  projects: ProjectsRepository;
}

/** The caller's project a request scopes presets to; undefined when it names none. */
const scopedProject = async (ctx: Pick<SettingsDeps, 'projects'>, userId: string, projectId: string | null | undefined) =>
  projectId ? requireOwned(await ctx.projects.find(userId, projectId)) : undefined;

/** The merged assumptions, refused whole when they break a rule across fields (a tenor past the period). */
function checked(assumptions: Assumptions): Assumptions {
  const errors = crossFieldErrors(assumptions);
  if (Object.keys(errors).length > 0) throw invalid(Object.fromEntries(Object.entries(errors).map(([field, list]) => [`assumptions.${field}`, list])));
  return assumptions;
}

/** What a new study (of the project, when given) starts from. */
export async function lastPreset(ctx: SettingsDeps, userId: string, projectId: string | undefined): Promise<Preset> {
  return lastPresetFor(ctx.presets, userId, await scopedProject(ctx, userId, projectId));
}

export async function listPresets(ctx: SettingsDeps, userId: string, projectId: string | undefined) {
  const project = await scopedProject(ctx, userId, projectId);
  const results = [...builtinPresets.map(builtinView), ...(await ctx.presets.list(userId, project?.id)).map(presetView)];
  return { count: results.length, results };
}

/** An edit of one of the caller's presets; built-ins are read-only. */
export async function editPreset(ctx: SettingsDeps, userId: string, id: string, body: PresetBody): Promise<Preset> {
  const projectId = (await scopedProject(ctx, userId, body.project_id))?.id ?? body.project_id;
  if (findBuiltin(id)) throw invalid({ id: [settingsMessages.readOnly] });
  if (body.based_on !== undefined) throw invalid({ based_on: ['An existing preset keeps what it was based on; leave based_on out.'] });
  const current = requireOwned(await ctx.presets.find(userId, id));
  const assumptions = checked(merge(completed(current.assumptions, current.basedOn), body.assumptions));
  return presetView(requireOwned(await ctx.presets.update(userId, current.id, { name: body.name?.trim(), projectId, assumptions })));
}

/** A new preset from a built-in (US utility-scale when none is named) or from one of the caller's own. */
export async function createPreset(ctx: SettingsDeps, userId: string, body: PresetBody): Promise<Preset> {
  const projectId = (await scopedProject(ctx, userId, body.project_id))?.id ?? body.project_id;
  if (body.name === undefined) throw invalid({ name: ['This is Required.'] });
  // A copy of one of the user's presets keeps that preset's built-in origin, so unchanged values keep their sources.
  const builtin = findBuiltin(body.based_on ?? 'builtin:us-utility');
  const own = builtin || body.based_on === undefined ? undefined : await ctx.presets.find(userId, body.based_on);
  if (!builtin && !own) throw invalid({ based_on: ['No such preset.'] });
  const base = builtin?.assumptions ?? completed(own!.assumptions, own!.basedOn);
  const created = await ctx.presets.create(userId, {
    name: body.name.trim(),
    projectId: projectId ?? null,
    basedOn: builtin?.id ?? own!.basedOn,
    assumptions: checked(merge(base, body.assumptions)),
  });
  return presetView(created);
}
