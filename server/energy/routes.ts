import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints } from '../../src/contract/endpoints.ts';
import { maxWeatherFileBytes } from '../../src/contract/energy.ts';
import type { AppContext } from '../context.ts';
import { DomainError } from '../platform/domain-error.ts';
import { parse } from '../platform/http.ts';
import { currentUser } from '../auth/request-user.ts';
import { readUploadForm } from '../platform/multipart.ts';
import { maxLoadFileBytes, seriesBodyLimit } from '../../src/contract/behind-the-meter.ts';
import { annualEnergy, deleteWeatherFile, financialEstimate, listWeatherFiles, uploadWeatherFile } from './service.ts';
import { createLoadFileReader, deleteLoadFile, listLoadFiles, uploadLoadFile } from './loads.ts';
import { TARIFF_PRESETS } from '../../src/solar/tariff-presets.ts';

/** Reads an upload form: text fields by name, and the bytes and name of the one `file`. */
function readFileForm(request: FastifyRequest, what: string, maxBytes: number) {
  if (!request.isMultipart()) throw new DomainError('unsupportedMedia', `Send the ${what} as multipart/form-data, in the field "file".`);
  return readUploadForm(request, { fileField: 'file', maxBytes });
}

/**
 * /api/gis/: energy production and financial estimates, the weather they run on (uploaded files, PVGIS, typed
 * monthly means) and, behind the meter, the site's load files.
 */
export async function energyRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const auth = { preHandler: app.authenticate };
  const reader = createLoadFileReader({ onError: (error) => app.log.error({ err: error }, 'a load file reading thread failed') });
  app.addHook('onClose', () => reader.close());

  app.post(endpoints.loadUpload.path, { ...auth, config: { costlyWork: 'import' } }, async (request, reply) => {
    const user = currentUser(request);
    const { fields, file } = await readFileForm(request, 'load file', maxLoadFileBytes);
    return reply.code(201).send(await uploadLoadFile({ loadFiles: ctx.loadFiles, reader }, user.id, parse(endpoints.loadUpload.body, fields), file));
  });

  // Cited tariffs to start from (src/solar/tariff-presets.ts): public data, the same for everyone.
  app.get(endpoints.tariffPresets.path, auth, async () => ({ count: TARIFF_PRESETS.length, results: TARIFF_PRESETS }));

  app.get(endpoints.loadList.path, auth, async (request) => listLoadFiles(ctx, currentUser(request).id));

  app.delete(endpoints.loadDelete.path, auth, async (request, reply) => {
    await deleteLoadFile(ctx, currentUser(request).id, parse(endpoints.loadDelete.query, request.query).id);
    return reply.code(204).send();
  });

  app.post(endpoints.weatherUpload.path, auth, async (request, reply) => {
    const user = currentUser(request);
    const { fields, file } = await readFileForm(request, 'weather file', maxWeatherFileBytes);
    const body = parse(endpoints.weatherUpload.body, fields);
    return reply.code(201).send(await uploadWeatherFile(ctx, user.id, body, file));
  });

  app.get(endpoints.weatherList.path, auth, async (request) => listWeatherFiles(ctx, currentUser(request).id));

  app.delete(endpoints.weatherDelete.path, auth, async (request, reply) => {
    await deleteWeatherFile(ctx, currentUser(request).id, parse(endpoints.weatherDelete.query, request.query).id);
    return reply.code(204).send();
  });

  app.post(endpoints.energyEstimate.path, { ...auth, config: { costlyWork: 'energy' } }, async (request) => {
    const user = currentUser(request);
    return annualEnergy(ctx, user.id, parse(endpoints.energyEstimate.body, request.body));
  });

  // Behind the meter, a body may carry a year of quarter-hours of load and of generation.
  app.post(endpoints.financeEstimate.path, { ...auth, bodyLimit: seriesBodyLimit, config: { costlyWork: 'energy' } }, async (request) => {
    const user = currentUser(request);
    return financialEstimate(ctx, user.id, parse(endpoints.financeEstimate.body, request.body));
  });
}
