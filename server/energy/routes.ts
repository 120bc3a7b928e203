import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  EnergyBody,
  FinanceBody,
  WeatherIdQuery,
  WeatherUploadFields,
  energyMessages,
  maxWeatherFileBytes,
  maxWeatherFilesPerUser,
  type WeatherFile,
} from '../../src/contract/energy.ts';
import type { AppContext } from '../context.ts';
import { DomainError, invalid, notFound, requireOwned } from '../platform/domain-error.ts';
import { parse } from '../platform/http.ts';
import { currentUser } from '../auth/request-user.ts';
import type { WeatherFileSummary } from './weather-repository.ts';
import { estimateEnergy, estimateFinance, givenEnergy } from './estimates.ts';
import { lastPresetFor } from '../settings/preset-views.ts';
import { annualGhiKwhM2, readUploadedWeather, uploadAttribution } from './weather-sources.ts';
import { readUploadForm } from '../platform/multipart.ts';

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

/** Reads the upload form: text fields by name, and the bytes and name of the one `file`. */
function readWeatherForm(request: FastifyRequest) {
  if (!request.isMultipart()) throw new DomainError('unsupportedMedia', 'Send the weather file as multipart/form-data, in the field "file".');
  return readUploadForm(request, { fileField: 'file', maxBytes: maxWeatherFileBytes });
}

/**
 * /api/gis/: energy production and financial estimates, and the weather they run on (uploaded files, PVGIS,
 * typed monthly means).
 */
export async function energyRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { projects, presets, weatherFiles, weather } = ctx;
  const auth = { preHandler: app.authenticate };

  /** The project named in a request (404 unless it is the caller's), its preset, and its location as the default site. */
  async function studyContext(userId: string, projectId: string | undefined) {
    const project = projectId === undefined ? undefined : await projects.find(userId, projectId);
    if (projectId !== undefined && !project) throw notFound();
    const preset = await lastPresetFor(presets, userId, project);
    const location = project?.lat != null && project.lng != null ? { lat: project.lat, lon: project.lng } : undefined;
    return { preset, location };
  }

  app.post('/api/gis/weather/upload/', auth, async (request, reply) => {
    const user = currentUser(request);
    const { fields, file } = await readWeatherForm(request);
    const body = parse(WeatherUploadFields, fields);
    if (!file) throw invalid({ file: [energyMessages.fileRequired] });
    if (file.bytes.length === 0) throw invalid({ file: [energyMessages.emptyFile] });
    const { text, weather: year } = readUploadedWeather(file.bytes);
    if ((await weatherFiles.count(user.id)) >= maxWeatherFilesPerUser) {
      throw new DomainError('conflict', `You already keep ${maxWeatherFilesPerUser} weather files: delete one before uploading another.`);
    }
    const site = year.site;
    const created = await weatherFiles.create(user.id, {
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
    return reply.code(201).send(weatherFileView(created));
  });

  app.get('/api/gis/weather/list/', auth, async (request) => {
    const user = currentUser(request);
    const results = (await weatherFiles.list(user.id)).map(weatherFileView);
    return { count: results.length, results };
  });

  app.delete('/api/gis/weather/delete/', auth, async (request, reply) => {
    const user = currentUser(request);
    const { id } = parse(WeatherIdQuery, request.query);
    requireOwned(await weatherFiles.remove(user.id, id));
    return reply.code(204).send();
  });

  app.post('/api/gis/get_annual_energy_production/', { ...auth, config: { costlyWork: 'energy' } }, async (request) => {
    const user = currentUser(request);
    const body = parse(EnergyBody, request.body);
    const { preset, location } = await studyContext(user.id, body.project_id);
    const chosen = await weather.choose(user.id, body.weather, location);
    return estimateEnergy(chosen, body.system, preset, location).answer;
  });

  app.post('/api/gis/get_estimated_financial_data/', { ...auth, config: { costlyWork: 'energy' } }, async (request) => {
    const user = currentUser(request);
    const body = parse(FinanceBody, request.body);
    if ((body.energy === undefined) === (body.weather === undefined)) throw invalid({ energy: [energyMessages.energyOrWeather] });
    if (body.energy && body.system) throw invalid({ system: [energyMessages.systemWithEnergy] });
    const { preset, location } = await studyContext(user.id, body.project_id);
    const notes: string[] = [];
    if (body.energy) return estimateFinance({ ...givenEnergy(body.energy, preset, notes), source: 'given' }, body, preset, null, notes);
    const chosen = await weather.choose(user.id, body.weather!, location);
    const { result, answer } = estimateEnergy(chosen, body.system, preset, location);
    const energy = { annualAcKwh: result.annualAcKwh, dcKw: result.dcKw, acKw: result.acKw, source: 'computed' as const };
    return estimateFinance(energy, body, preset, answer, notes);
  });
}
