import type { Database } from './db/client.ts';
import type { Settings } from './env.ts';
import type { Mailer } from './mail/mailer.ts';
import type { RequestMeta } from './repositories/audit.ts';
import type { auditRepository } from './repositories/audit.ts';
import type { contactsRepository } from './repositories/contacts.ts';
import type { oneTimeTokensRepository } from './repositories/one-time-tokens.ts';
import type { FeasibilityRepository } from './repositories/feasibility.ts';
import type { TasksRepository } from './repositories/tasks.ts';
import type { LayersRepository } from './repositories/layers.ts';
import type { ParcelsRepository } from './repositories/parcels.ts';
import type { ProjectsRepository } from './repositories/projects.ts';
import type { SettingsPresetsRepository } from './repositories/settings-presets.ts';
import type { UsersRepository } from './repositories/users.ts';
import type { WeatherFilesRepository } from './repositories/weather.ts';
import type { AnswerCache } from './services/answer-cache.ts';
import type { Billing } from './services/billing.ts';
import type { MediaStore } from './services/media.ts';
import type { ProjectScreening } from './services/project-screening.ts';
import type { RateLimiter } from './services/rate-limiter.ts';
import type { SessionService } from './services/sessions.ts';
import type { WeatherSources } from './services/weather-sources.ts';
import type { FastifyRequest } from 'fastify';
import type { OnlineGeocoder } from './services/online-geocoders.ts';

/** What route plugins need, built once in app.ts. */
export interface AppContext {
  /** Nominatim and Google geocoding, each only when configured. */
  geocoders: OnlineGeocoder[];
  settings: Settings;
  database: Database;
  /** Undefined when ANSWER_CACHE_MB is 0. */
  answerCache: AnswerCache | undefined;
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
  weatherFiles: WeatherFilesRepository;
  weather: WeatherSources;
  studies: FeasibilityRepository;
  tasks: TasksRepository;
}

export const requestMeta = (request: FastifyRequest): RequestMeta => ({
  ip: request.ip,
  userAgent: String(request.headers['user-agent'] ?? ''),
});
