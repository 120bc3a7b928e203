/**
 * Energy's use cases, each scoped to its owner: the caller's uploaded weather files, and energy and finance estimates
 * run on a project's last preset and location (or the defaults) with the weather the request names.
 */
import type { Infer } from 'superstruct';
import { energyMessages, maxWeatherFilesPerUser, twelveNumbers, type EnergyBody, type FinanceBody, type WeatherFile, type WeatherUploadFields } from '../../src/contract/energy.ts';
import { DomainError, invalid, notFound, requireOwned } from '../platform/domain-error.ts';
import type { UploadForm } from '../platform/multipart.ts';
import type { ProjectsRepository } from '../projects/repository.ts';
import type { SettingsPresetsRepository } from '../settings/repository.ts';
import { lastPresetFor } from '../settings/preset-views.ts';
import { btmMessages, type LoadInput } from '../../src/contract/behind-the-meter.ts';
import type { EngineThreads } from '../workers/engine-threads.ts';
import { givenEnergy, structureOf, type BehindTheMeterSite } from './estimates.ts';
import type { LoadFilesRepository } from './load-repository.ts';
import { resolveLoad } from './loads.ts';
import type { WeatherFileSummary, WeatherFilesRepository } from './weather-repository.ts';
import { annualGhiKwhM2, readUploadedWeather, uploadAttribution, type WeatherSources } from './weather-sources.ts';

/** What the energy use cases work with; the app's context gives all of it. */
export interface EnergyDeps {
  projects: ProjectsRepository;
  presets: SettingsPresetsRepository;
  weatherFiles: WeatherFilesRepository;
  loadFiles: LoadFilesRepository;
  weather: WeatherSources;
  /** Simulations and cash flows run in these threads, never on the request thread. */
  engine: Pick<EngineThreads, 'estimateEnergy' | 'estimateFinance'>;
}

const weatherFileView = (row: WeatherFileSummary): WeatherFile => ({
  id: row.id,
  name: row.name,
  file_name: row.fileName,
  source: 'upload',
  format: row.format as WeatherFile['format'],
  site_name: row.siteName,
  lat: row.latitude,
  lon: row.longitude,
  elevation_m: row.elevation,
  utc_offset_hours: row.utcOffsetHours,
  annual_ghi_kwh_m2: row.annualGhiKwhM2,
  components: row.components as WeatherFile['components'],
  notes: row.notes,
  attribution: row.attribution,
  byte_size: row.byteSize,
  created_at: row.createdAt.toISOString(),
});

/** Keeps an uploaded weather file once it reads as one, up to `maxWeatherFilesPerUser` per user. */
export async function uploadWeatherFile(
  ctx: Pick<EnergyDeps, 'weatherFiles'>,
  userId: string,
  body: Infer<typeof WeatherUploadFields>,
  file: UploadForm['file'],
): Promise<WeatherFile> {
  if (!file) throw invalid({ file: [energyMessages.fileRequired] });
  if (file.bytes.length === 0) throw invalid({ file: [energyMessages.emptyFile] });
  const { text, weather: year } = readUploadedWeather(file.bytes, body.temp_air_c ? twelveNumbers(body.temp_air_c) : undefined);
  if ((await ctx.weatherFiles.count(userId)) >= maxWeatherFilesPerUser) {
    throw new DomainError('conflict', `You already keep ${maxWeatherFilesPerUser} weather files: delete one before uploading another.`);
  }
  const site = year.site;
  const created = await ctx.weatherFiles.create(userId, {
    name: (body.name?.trim() || site.name.trim() || file.name || 'Weather file').slice(0, 100),
    fileName: file.name.slice(0, 255),
    format: year.format,
    siteName: site.name.slice(0, 200),
    latitude: site.latitude,
    longitude: site.longitude,
    elevation: site.elevation,
    utcOffsetHours: site.utcOffsetHours,
    annualGhiKwhM2: annualGhiKwhM2(year),
    components: year.components,
    notes: year.notes,
    attribution: uploadAttribution(year, text),
    byteSize: file.bytes.length,
    content: text,
  });
  return weatherFileView(created);
}

export async function listWeatherFiles(ctx: Pick<EnergyDeps, 'weatherFiles'>, userId: string) {
  const results = (await ctx.weatherFiles.list(userId)).map(weatherFileView);
  return { count: results.length, results };
}

export async function deleteWeatherFile(ctx: Pick<EnergyDeps, 'weatherFiles'>, userId: string, id: string) {
  requireOwned(await ctx.weatherFiles.remove(userId, id));
}

/** The project named in a request (404 unless it is the caller's), its preset, and its location as the default site. */
async function estimateContext(ctx: Pick<EnergyDeps, 'projects' | 'presets'>, userId: string, projectId: string | undefined) {
  const project = projectId === undefined ? undefined : await ctx.projects.find(userId, projectId);
  if (projectId !== undefined && !project) throw notFound();
  const preset = await lastPresetFor(ctx.presets, userId, project);
  const location = project?.lat != null && project.lng != null ? { lat: project.lat, lon: project.lng } : undefined;
  return { preset, location, projectCountry: project?.country };
}

export async function annualEnergy(ctx: EnergyDeps, userId: string, body: EnergyBody) {
  const { preset, location } = await estimateContext(ctx, userId, body.project_id);
  const chosen = await ctx.weather.choose(userId, body.weather, location);
  return (await ctx.engine.estimateEnergy(chosen, body.system, preset, location)).answer;
}

/** Cash flows on energy the request gives, or on energy simulated from the weather it names (one or the other). */
export async function financialEstimate(ctx: EnergyDeps, userId: string, body: FinanceBody) {
  if ((body.energy === undefined) === (body.weather === undefined)) throw invalid({ energy: [energyMessages.energyOrWeather] });
  if (body.energy && body.system) throw invalid({ system: [energyMessages.systemWithEnergy] });
  const { preset, location, projectCountry } = await estimateContext(ctx, userId, body.project_id);
  const notes: string[] = [];
  const behindTheMeter = structureOf(body, preset) === 'behind_the_meter';
  if (behindTheMeter && !body.load) throw invalid({ load: [btmMessages.needsLoad] });
  if (body.energy) {
    const energy = givenEnergy(body.energy, preset, notes);
    const site = behindTheMeter ? await siteOf(ctx, userId, body.load!, givenGeneration(body.energy), location?.lat) : undefined;
    return ctx.engine.estimateFinance({ ...energy, source: 'given' }, body, preset, null, notes, { site, projectCountry });
  }
  const chosen = await ctx.weather.choose(userId, body.weather!, location);
  const { result, answer } = await ctx.engine.estimateEnergy(chosen, body.system, preset, location);
  const energy = { annualAcKwh: result.annualAcKwh, dcKw: result.dcKw, acKw: result.acKw, source: 'computed' as const };
  const site = behindTheMeter ? await siteOf(ctx, userId, body.load!, result.hourlyAcKwh, location?.lat ?? chosen.used.lat) : undefined;
  return ctx.engine.estimateFinance(energy, body, preset, answer, notes, { site, projectCountry });
}

/** The generation a behind-the-meter estimate on given energy figures needs: hour by hour, not a yearly total. */
function givenGeneration(figures: NonNullable<FinanceBody['energy']>): ArrayLike<number> {
  if (!figures.hourly_ac_kwh) throw invalid({ 'energy.hourly_ac_kwh': [btmMessages.needsGeneration] });
  return figures.hourly_ac_kwh;
}

export async function siteOf(ctx: Pick<EnergyDeps, 'loadFiles'>, userId: string, load: LoadInput, generationKwh: ArrayLike<number>, latitude: number | undefined): Promise<BehindTheMeterSite> {
  return { load: await resolveLoad(ctx, userId, load, latitude), generationKwh };
}
