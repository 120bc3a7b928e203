import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PresetBody, PresetQuery } from '../../src/contract/settings.ts';
import type { AppContext } from '../context.ts';
import { parse } from '../platform/http.ts';
import { currentUser } from '../auth/request-user.ts';
import { createPreset, editPreset, lastPreset, listPresets } from './service.ts';

/** /api/settings/: named assumption presets, the built-in defaults first; `last/get` is what a new study starts from. */
export async function settingsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const auth = { preHandler: app.authenticate };

  app.get('/api/settings/last/get/', auth, async (request) => lastPreset(ctx, currentUser(request).id, parse(PresetQuery, request.query).project_id));

  app.get('/api/settings/list/', auth, async (request) => listPresets(ctx, currentUser(request).id, parse(PresetQuery, request.query).project_id));

  const update = async (request: FastifyRequest, reply: FastifyReply) => {
    const user = currentUser(request);
    const body = parse(PresetBody, request.body);
    if (body.id !== undefined) return editPreset(ctx, user.id, body.id, body);
    return reply.code(201).send(await createPreset(ctx, user.id, body));
  };

  // One endpoint writes a preset: a new one without `id`, an edit with it. POST and PATCH both work, as clients differ.
  app.post('/api/settings/update/v2/', auth, update);
  app.patch('/api/settings/update/v2/', auth, update);
}
