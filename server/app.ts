import { createHmac } from 'node:crypto';
import { join } from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyServerOptions } from 'fastify';
import type { AppContext } from './context.ts';
import type { Database } from './db/client.ts';
import type { Settings } from './env.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { answerCache, type Compression } from './plugins/answer-cache.ts';
import { auth } from './plugins/auth.ts';
import { csrf } from './plugins/csrf.ts';
import { errors } from './plugins/errors.ts';
import { security } from './plugins/security.ts';
import { spa } from './plugins/spa.ts';
import { endpoints } from '../src/contract/endpoints.ts';
import { auditRepository } from './auth/audit-repository.ts';
import { billingRepository } from './billing/repository.ts';
import { contactsRepository } from './public/contacts-repository.ts';
import { oneTimeTokensRepository } from './auth/one-time-tokens-repository.ts';
import { feasibilityRepository } from './feasibility/repository.ts';
import { tasksRepository } from './tasks/repository.ts';
import { layersRepository } from './gis/layers-repository.ts';
import { parcelsRepository } from './gis/parcels-repository.ts';
import { projectsRepository } from './projects/repository.ts';
import { settingsPresetsRepository } from './settings/repository.ts';
import { rateLimitsRepository } from './platform/rate-limits-repository.ts';
import { sessionsRepository } from './auth/sessions-repository.ts';
import { usersRepository, type User } from './auth/users-repository.ts';
import { nsrdbCacheRepository } from './energy/nsrdb-cache-repository.ts';
import { loadFilesRepository } from './energy/load-repository.ts';
import { pvgisCacheRepository, weatherFilesRepository } from './energy/weather-repository.ts';
import { accountRoutes } from './auth/account-routes.ts';
import { billingRoutes } from './billing/routes.ts';
import { authRoutes } from './auth/routes.ts';
import { energyRoutes } from './energy/routes.ts';
import { feasibilityRoutes } from './feasibility/routes.ts';
import { taskRoutes } from './tasks/routes.ts';
import { gisRoutes } from './gis/routes.ts';
import { parcelImportRoutes } from './gis/parcel-import-routes.ts';
import { ownLayerRoutes } from './gis/own-layer-routes.ts';
import { screeningJobRoutes } from './gis/screening-job-routes.ts';
import { projectRoutes } from './projects/routes.ts';
import { criteriaRoutes } from './projects/criteria-routes.ts';
import { mapLayerRoutes } from './gis/map-layer-routes.ts';
import { reportRoutes } from './reports/routes.ts';
import { publicRoutes } from './public/routes.ts';
import { seedDemoData } from './seed/seed-demo.ts';
import { settingsRoutes } from './settings/routes.ts';
import { connectAnswerCache } from './platform/answer-cache.ts';
import { createBilling } from './billing/service.ts';
import { costlyWorkRoutes } from './plugins/costly-work.ts';
import { createMediaStore, maxPhotoBytes } from './platform/media.ts';
import { createProjectScreening } from './gis/project-screening.ts';
import { createEngineThreads } from './workers/engine-threads.ts';
import type { FetchSources } from './gis/sources/types.ts';
import { createFetchSources } from './gis/sources/index.ts';
import { sourceCacheRepository } from './gis/sources/cache-repository.ts';
import { createNsrdbClient } from './energy/nsrdb.ts';
import { createPvgisClient } from './energy/pvgis.ts';
import { createRateLimiter, defaultLimits, type Limits } from './platform/rate-limiter.ts';
import { createSessionService } from './auth/sessions.ts';
import { createTokenSigner } from './auth/tokens.ts';
import { googleGeocoder, nominatim } from './gis/online-geocoders.ts';
import { createWeatherSources } from './energy/weather-sources.ts';

export interface AppDeps {
  settings: Settings;
  database: Database;
  jwtSecret: string;
  /** Holds media/ and, without SMTP_URL, outbox/. */
  dataDir: string;
  /** Replaces the mailer built from the settings (tests capture mail this way). */
  mailer?: Mailer;
  /** Prints a plain line for the person running the server (main.ts: stdout); the outbox prints each mailed link with it. */
  print?: (line: string) => void;
  version: string;
  /** The built SPA (dist/); omitted in API tests. */
  staticDir?: string;
  /** Settles when `staticDir` holds the build (`npm start` building it meanwhile); until then pages say the app is starting. */
  webAppBuilt?: Promise<void>;
  /** Replaces some rate limits; the rest keep their defaults. */
  limits?: Partial<Limits>;
  logger?: FastifyServerOptions['logger'];
  /** Load the DC demo parcels and layers into an empty parcel store (default true; tests that need none say false). */
  seedDemoData?: boolean;
  /** Replaces the online screening sources built from SCREENING_SOURCES (tests give fixed layers, grids and failures). */
  screeningSources?: FetchSources;
}

// JSON bodies are small; uploads go through multipart with their own limits.
const jsonBodyLimit = 64 * 1024;
// Text answers of 1 KiB or more go compressed, brotli preferred.
const compression: Compression = { threshold: 1024, encodings: ['br', 'gzip'] };

/** Builds the whole HTTP application; never listens (main.ts and the tests do). */
export async function buildApp(deps: AppDeps) {
  const { settings, database } = deps;
  const app = Fastify({
    logger: deps.logger ?? false,
    trustProxy: settings.TRUST_PROXY,
    bodyLimit: jsonBodyLimit,
    return503OnClosing: true,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
  });

  const mailer =
    deps.mailer ?? createMailer({ smtpUrl: settings.SMTP_URL, outboxDir: join(deps.dataDir, 'outbox'), from: settings.MAIL_FROM, logger: app.log, print: deps.print });
  // Mail still queued when the server closes is sent before the process ends.
  app.addHook('onClose', () => mailer.drain());
  if (deps.seedDemoData !== false) {
    const seeded = await seedDemoData(database.db);
    if (seeded) app.log.info(seeded, 'parcel store was empty: loaded the Washington, DC demo parcels and screening layers');
  }
  const signer = createTokenSigner(deps.jwtSecret);
  const users = usersRepository(database.db);
  const sessionsRepo = sessionsRepository(database.db);
  const parcels = parcelsRepository(database.db);
  const layers = layersRepository(database.db);
  const weatherFiles = weatherFilesRepository(database.db);
  const projects = projectsRepository(database.db);
  const billing = createBilling({ settings, repository: billingRepository(database.db), projects, log: app.log });
  const geocoderTimeoutMs = settings.GEOCODER_TIMEOUT_MS;
  const cache = settings.ANSWER_CACHE_MB > 0 ? await connectAnswerCache<User>(database, { maxBytes: settings.ANSWER_CACHE_MB * 1024 * 1024 }) : undefined;
  const sourceCache = sourceCacheRepository(database.db);
  const screeningSources =
    deps.screeningSources ??
    createFetchSources(settings.SCREENING_SOURCES, sourceCache, {
      userAgent: `Sunplot/${deps.version} (${settings.PUBLIC_URL})`,
      onError: (error, source) => app.log.error({ err: error, source: source.id }, 'a screening source failed unexpectedly'),
    });
  const ctx: AppContext = {
    geocoders: [
      ...(settings.NOMINATIM_URL ? [nominatim(settings.NOMINATIM_URL, { timeoutMs: geocoderTimeoutMs, userAgent: `Sunplot/${deps.version} (${settings.PUBLIC_URL})` })] : []),
      ...(settings.GOOGLE_GEOCODING_API_KEY ? [googleGeocoder(settings.GOOGLE_GEOCODING_URL, { apiKey: settings.GOOGLE_GEOCODING_API_KEY, timeoutMs: geocoderTimeoutMs })] : []),
    ],
    settings,
    database,
    answerCache: cache?.cache,
    version: deps.version,
    mailer,
    media: createMediaStore(join(deps.dataDir, 'media'), settings.PUBLIC_URL),
    users,
    oneTimeTokens: oneTimeTokensRepository(database.db),
    audit: auditRepository(database.db),
    contacts: contactsRepository(database.db),
    sessions: createSessionService(signer, sessionsRepo, {
      accessSeconds: settings.ACCESS_TOKEN_TTL_SECONDS,
      refreshDays: settings.REFRESH_TOKEN_TTL_DAYS,
      maxAgeDays: settings.SESSION_MAX_AGE_DAYS,
    }),
    rateLimiter: createRateLimiter(rateLimitsRepository(database.db), { ...defaultLimits, ...deps.limits }),
    billingEnabled: billing.enabled,
    billing,
    projects,
    parcels,
    presets: settingsPresetsRepository(database.db),
    layers,
    screening: createProjectScreening({ parcels, layers }, { onError: (error) => app.log.error({ err: error }, 'a screening thread failed'), sources: screeningSources }),
    screeningSources,
    weatherFiles,
    loadFiles: loadFilesRepository(database.db),
    weather: createWeatherSources({
      files: weatherFiles,
      pvgisCache: pvgisCacheRepository(database.db),
      pvgis: createPvgisClient({ baseUrl: settings.PVGIS_BASE_URL, timeoutMs: settings.PVGIS_TIMEOUT_MS }),
      nsrdb:
        settings.NSRDB_API_KEY && settings.NSRDB_EMAIL
          ? {
              client: createNsrdbClient({ baseUrl: settings.NSRDB_BASE_URL, apiKey: settings.NSRDB_API_KEY, email: settings.NSRDB_EMAIL, timeoutMs: settings.NSRDB_TIMEOUT_MS }),
              cache: nsrdbCacheRepository(database.db),
            }
          : undefined,
    }),
    studies: feasibilityRepository(database.db),
    tasks: tasksRepository(database.db),
    engine: createEngineThreads({ onError: (error) => app.log.error({ err: error }, 'an engine thread failed') }),
  };

  // Old rate-limit windows are deleted hourly, so the table holds only the windows that still count.
  // So is weather no study has used for an hour.
  const prune = () => {
    void ctx.rateLimiter.prune().catch((error: unknown) => app.log.warn({ err: error }, 'pruning rate limits failed'));
    void ctx.studies.pruneWeather().catch((error: unknown) => app.log.warn({ err: error }, 'pruning study weather failed'));
    void sourceCache.prune(new Date()).catch((error: unknown) => app.log.warn({ err: error }, 'pruning expired screening source tiles failed'));
  };
  const pruning = setInterval(prune, 3600 * 1000);
  pruning.unref();
  app.addHook('onClose', async () => clearInterval(pruning));
  app.addHook('onClose', () => ctx.screening.close());
  app.addHook('onClose', () => ctx.engine.close());

  // While closing, answers still in flight end their keep-alive connection, so close() is not held open by it.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) void reply.header('connection', 'close');
  });

  // Order matters: errors first so every later hook's throw is answered in the API's shape.
  await app.register(errors);
  await app.register(compress, { ...compression, globalDecompression: false });
  await app.register(security, { googleSignIn: !!settings.GOOGLE_CLIENT_ID, stripe: !!settings.STRIPE_SECRET_KEY });
  await app.register(cookie, { secret: createHmac('sha256', deps.jwtSecret).update('sunplot csrf cookie').digest('base64url') });
  // Stripe's webhook carries no cookie; its signature stands in for the CSRF token.
  await app.register(csrf, { secure: settings.PUBLIC_URL.startsWith('https:'), exempt: [endpoints.stripeWebhook.path] });
  await app.register(multipart, { limits: { fileSize: maxPhotoBytes, files: 1, fields: 20, fieldSize: 64 * 1024, parts: 25 } });
  await app.register(auth, { signer, users, cache: cache?.cache });
  // After auth (its handler wrapper must be the outer one) and before the routes it wraps.
  if (cache) await app.register(answerCache, { ...cache, compression });
  // Before the routes: it wraps the handlers of those that name costly work as they are added.
  await app.register(costlyWorkRoutes, { rateLimiter: ctx.rateLimiter });

  await app.register(publicRoutes, { ctx });
  await app.register(authRoutes, { ctx });
  await app.register(accountRoutes, { ctx });
  await app.register(projectRoutes, { ctx });
  await app.register(criteriaRoutes, { ctx });
  await app.register(reportRoutes, { ctx });
  await app.register(settingsRoutes, { ctx });
  await app.register(gisRoutes, { ctx });
  await app.register(mapLayerRoutes, { ctx });
  await app.register(parcelImportRoutes, { ctx });
  await app.register(ownLayerRoutes, { ctx });
  await app.register(screeningJobRoutes, { ctx });
  await app.register(energyRoutes, { ctx });
  await app.register(feasibilityRoutes, { ctx });
  await app.register(taskRoutes, { ctx });
  await app.register(billingRoutes, { ctx });
  await app.register(spa, { root: deps.staticDir, built: deps.webAppBuilt });

  return app;
}
