import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { endpoints } from '../../src/contract/endpoints.ts';
import type { AppContext } from '../context.ts';
import { parse } from '../platform/http.ts';
import { currentUser } from '../auth/request-user.ts';
import { createPreset, editPreset, lastPreset, listPresets } from './service.ts';

/** /api/settings/: named assumption presets, the built-in defaults first; `last/get` is what a new study starts from. */
export async function settingsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const auth = { preHandler: app.authenticate };

  app.get(endpoints.presetLast.path, auth, async (request) => lastPreset(ctx, currentUser(request).id, parse(endpoints.presetLast.query, request.query).project_id));

  app.get(endpoints.presetList.path, auth, async (request) => listPresets(ctx, currentUser(request).id, parse(endpoints.presetList.query, request.query).project_id));

  const update = (endpoint: typeof endpoints.presetCreate | typeof endpoints.presetEdit) => async (request: FastifyRequest, reply: FastifyReply) => {
    const user = currentUser(request);
    const body = parse(endpoint.body, request.body);
    if (body.id !== undefined) return editPreset(ctx, user.id, body.id, body);
    return reply.code(201).send(await createPreset(ctx, user.id, body));
  };

  // One endpoint writes a preset: a new one without `id`, an edit with it. POST and PATCH both work, as clients differ.
  app.post(endpoints.presetCreate.path, auth, update(endpoints.presetCreate));
  app.patch(endpoints.presetEdit.path, auth, update(endpoints.presetEdit));
}
