import type { Database } from './db/client.ts';
import type { Settings } from './env.ts';
import type { Mailer } from './mail/mailer.ts';
import type { RequestMeta } from './auth/audit-repository.ts';
import type { auditRepository } from './auth/audit-repository.ts';
import type { contactsRepository } from './public/contacts-repository.ts';
import type { oneTimeTokensRepository } from './auth/one-time-tokens-repository.ts';
import type { FeasibilityRepository } from './feasibility/repository.ts';
import type { TasksRepository } from './tasks/repository.ts';
import type { LayersRepository } from './gis/layers-repository.ts';
import type { ParcelsRepository } from './gis/parcels-repository.ts';
import type { ProjectsRepository } from './projects/repository.ts';
import type { SettingsPresetsRepository } from './settings/repository.ts';
import type { User, UsersRepository } from './auth/users-repository.ts';
import type { LoadFilesRepository } from './energy/load-repository.ts';
import type { WeatherFilesRepository } from './energy/weather-repository.ts';
import type { AnswerCache } from './platform/answer-cache.ts';
import type { Billing } from './billing/service.ts';
import type { MediaStore } from './platform/media.ts';
import type { ProjectScreening } from './gis/project-screening.ts';
import type { FetchSources } from './gis/sources/types.ts';
import type { RateLimiter } from './platform/rate-limiter.ts';
import type { SessionService } from './auth/sessions.ts';
import type { WeatherSources } from './energy/weather-sources.ts';
import type { FastifyRequest } from 'fastify';
import type { OnlineGeocoder } from './gis/online-geocoders.ts';
import type { EngineThreads } from './workers/engine-threads.ts';

/** What route plugins need, built once in app.ts. */
export interface AppContext {
  /** Nominatim and Google geocoding, each only when configured. */
  geocoders: OnlineGeocoder[];
  settings: Settings;
  database: Database;
  /** Undefined when ANSWER_CACHE_MB is 0. */
  answerCache: AnswerCache<User> | undefined;
  version: string;
  mailer: Mailer;
  media: MediaStore;
  users: UsersRepository;
  oneTimeTokens: ReturnType<typeof oneTimeTokensRepository>;
  audit: ReturnType<typeof auditRepository>;
  contacts: ReturnType<typeof contactsRepository>;
  sessions: SessionService;
  rateLimiter: RateLimiter;
  billingEnabled: boolean;
  /** Plans, limits and Stripe; limits apply (Free's study limit only) while billing is off too. */
  billing: Billing;
  projects: ProjectsRepository;
  parcels: ParcelsRepository;
  presets: SettingsPresetsRepository;
  layers: LayersRepository;
  screening: ProjectScreening;
  /** SCREENING_SOURCES (or the stand-in AppDeps.screeningSources gives): online layers, cached in the database. */
  screeningSources: FetchSources;
  weatherFiles: WeatherFilesRepository;
  loadFiles: LoadFilesRepository;
  weather: WeatherSources;
  studies: FeasibilityRepository;
  tasks: TasksRepository;
  /** Threads for the engine's runs, study workbooks and PDF reports (ADR 013). */
  engine: EngineThreads;
}

export const requestMeta = (request: FastifyRequest): RequestMeta => ({
  ip: request.ip,
  userAgent: String(request.headers['user-agent'] ?? ''),
});
