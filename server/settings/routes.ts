import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { crossFieldErrors, PresetBody, PresetQuery, settingsMessages, type Assumptions } from '../../src/contract/settings.ts';
import type { AppContext } from '../context.ts';
import { invalid, requireOwned } from '../platform/domain-error.ts';
import { parse } from '../platform/http.ts';
import { currentUser } from '../auth/request-user.ts';
import { builtinPresets, findBuiltin } from './preset-defaults.ts';
import { builtinView, completed, lastPresetFor, merge, presetView } from './preset-views.ts';

/** /api/settings/: named assumption presets, the built-in defaults first; `last/get` is what a new study starts from. */
export async function settingsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { presets, projects } = ctx;
  const auth = { preHandler: app.authenticate };

  app.get('/api/settings/last/get/', auth, async (request) => {
    const user = currentUser(request);
    const { project_id } = parse(PresetQuery, request.query);
    const project = project_id ? requireOwned(await projects.find(user.id, project_id)) : undefined;
    return lastPresetFor(presets, user.id, project);
  });

  app.get('/api/settings/list/', auth, async (request) => {
    const user = currentUser(request);
    const { project_id } = parse(PresetQuery, request.query);
    const project = project_id ? requireOwned(await projects.find(user.id, project_id)) : undefined;
    const results = [...builtinPresets.map(builtinView), ...(await presets.list(user.id, project?.id)).map(presetView)];
    return { count: results.length, results };
  });

  /** The merged assumptions, refused whole when they break a rule across fields (a tenor past the period). */
  const checked = (assumptions: Assumptions): Assumptions => {
    const errors = crossFieldErrors(assumptions);
    if (Object.keys(errors).length > 0) throw invalid(Object.fromEntries(Object.entries(errors).map(([field, list]) => [`assumptions.${field}`, list])));
    return assumptions;
  };

  const update = async (request: FastifyRequest, reply: FastifyReply) => {
    const user = currentUser(request);
    const body = parse(PresetBody, request.body);
    const projectId = body.project_id ? (requireOwned(await projects.find(user.id, body.project_id))).id : body.project_id;

    if (body.id !== undefined) {
      if (findBuiltin(body.id)) throw invalid({ id: [settingsMessages.readOnly] });
      if (body.based_on !== undefined) throw invalid({ based_on: ['An existing preset keeps what it was based on; leave based_on out.'] });
      const current = requireOwned(await presets.find(user.id, body.id));
      const updated = requireOwned(await presets.update(user.id, current.id, { name: body.name?.trim(), projectId, assumptions: checked(merge(completed(current.assumptions, current.basedOn), body.assumptions)) }));
      return presetView(updated);
    }

    if (body.name === undefined) throw invalid({ name: ['This is Required.'] });
    // A copy of one of the user's presets keeps that preset's built-in origin, so unchanged values keep their sources.
    const builtin = findBuiltin(body.based_on ?? 'builtin:us-utility');
    const own = builtin || body.based_on === undefined ? undefined : await presets.find(user.id, body.based_on);
    if (!builtin && !own) throw invalid({ based_on: ['No such preset.'] });
    const base = builtin?.assumptions ?? completed(own!.assumptions, own!.basedOn);
    const created = await presets.create(user.id, {
      name: body.name.trim(),
      projectId: projectId ?? null,
      basedOn: builtin?.id ?? own!.basedOn,
      assumptions: checked(merge(base, body.assumptions)),
    });
    return reply.code(201).send(presetView(created));
  };

  // One endpoint writes a preset: a new one without `id`, an edit with it. POST and PATCH both work, as clients differ.
  app.post('/api/settings/update/v2/', auth, update);
  app.patch('/api/settings/update/v2/', auth, update);
}
