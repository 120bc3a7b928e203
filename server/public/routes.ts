import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { PublicConfig } from '../../src/contract/auth.ts';
import { endpoints } from '../../src/contract/endpoints.ts';
import type { AppContext } from '../context.ts';
import { parse } from '../platform/http.ts';

/** Endpoints anyone may call: health, the client's configuration, and the contact form. */
export async function publicRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.get(endpoints.health.path, async (_request, reply) => {
    const db = await ctx.database.db
      .execute(sql`select 1`)
      .then(() => 'ok')
      .catch(() => 'unavailable');
    // The answer cache is off while change notifications cannot be trusted to arrive; the API then reads the database.
    const answerCache = !ctx.answerCache ? 'disabled' : ctx.answerCache.on ? 'on' : 'off';
    return reply.code(db === 'ok' ? 200 : 503).send({ status: db === 'ok' ? 'ok' : 'degraded', db, answer_cache: answerCache, version: ctx.version });
  });

  // nsrdb: whether the NSRDB weather source can be offered (NSRDB_API_KEY is set); mail: whether mailed links reach
  // their addressee, or the outbox (the screens that mail a link then say where to find it).
  app.get(
    endpoints.config.path,
    async (): Promise<PublicConfig> => ({
      google_client_id: ctx.settings.GOOGLE_CLIENT_ID ?? null,
      billing: ctx.billingEnabled,
      nsrdb: !!ctx.settings.NSRDB_API_KEY,
      mail: ctx.settings.SMTP_URL ? 'smtp' : 'outbox',
    }),
  );

  app.post(endpoints.contactCreate.path, async (request, reply) => {
    const body = parse(endpoints.contactCreate.body, request.body);
    await ctx.rateLimiter.consume('contactPerAddress', request.ip);
    await ctx.contacts.create({ name: body.name.trim(), email: body.email.trim(), phone: body.phone?.trim() ?? '', message: body.message.trim(), ip: request.ip });
    return reply.code(201).send({ detail: 'Thank you. We will get back to you soon.' });
  });
}
