import type { FastifyInstance, FastifyRequest } from 'fastify';
import { EnergyBody, FinanceBody, WeatherIdQuery, WeatherUploadFields, maxWeatherFileBytes } from '../../src/contract/energy.ts';
import type { AppContext } from '../context.ts';
import { DomainError } from '../platform/domain-error.ts';
import { parse } from '../platform/http.ts';
import { currentUser } from '../auth/request-user.ts';
import { readUploadForm } from '../platform/multipart.ts';
import { annualEnergy, deleteWeatherFile, financialEstimate, listWeatherFiles, uploadWeatherFile } from './service.ts';

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
  const auth = { preHandler: app.authenticate };

  app.post('/api/gis/weather/upload/', auth, async (request, reply) => {
    const user = currentUser(request);
    const { fields, file } = await readWeatherForm(request);
    const body = parse(WeatherUploadFields, fields);
    return reply.code(201).send(await uploadWeatherFile(ctx, user.id, body, file));
  });

  app.get('/api/gis/weather/list/', auth, async (request) => listWeatherFiles(ctx, currentUser(request).id));

  app.delete('/api/gis/weather/delete/', auth, async (request, reply) => {
    await deleteWeatherFile(ctx, currentUser(request).id, parse(WeatherIdQuery, request.query).id);
    return reply.code(204).send();
  });

  app.post('/api/gis/get_annual_energy_production/', { ...auth, config: { costlyWork: 'energy' } }, async (request) => {
    const user = currentUser(request);
    return annualEnergy(ctx, user.id, parse(EnergyBody, request.body));
  });

  app.post('/api/gis/get_estimated_financial_data/', { ...auth, config: { costlyWork: 'energy' } }, async (request) => {
    const user = currentUser(request);
    return financialEstimate(ctx, user.id, parse(FinanceBody, request.body));
  });
}
