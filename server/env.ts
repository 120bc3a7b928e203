import { array, boolean, coerce, create, defaulted, enums, integer, nullable, object, optional, refine, string, StructError, type Failure, type Infer } from 'superstruct';
import { freePlanId } from '../src/contract/billing.ts';
import { describeSourcesFailure, screeningSourcesSetting } from './gis/sources/settings.ts';
import { describeParcelServicesFailure, parcelServicesSetting } from './gis/sources/parcel-service-settings.ts';

const httpUrl = refine(string(), 'http(s) URL', (value) => {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' || 'must be an http:// or https:// URL';
  } catch {
    return 'must be an http:// or https:// URL';
  }
});
const postgresUrl = refine(string(), 'postgres URL', (value) =>
  /^postgres(ql)?:\/\/.+/.test(value) || 'must be a postgres:// or postgresql:// URL');
const intBetween = (min: number, max: number) =>
  refine(coerce(integer(), string(), (value) => (/^-?\d+$/.test(value.trim()) ? Number(value) : value)), 'range', (value) =>
    (value >= min && value <= max) || `must be an integer from ${min} to ${max}`);
const nonEmpty = refine(string(), 'non-empty', (value) => value.trim().length > 0 || 'must not be empty');
const atLeastOne = refine(integer(), 'at least 1', (value) => value >= 1 || 'must be a whole number of at least 1, or null for unlimited');

/** A paid plan as BILLING_PLANS lists it; the cheapest first (a limit message names the first plan that lifts it). */
const BillingPlan = object({
  id: refine(string(), 'plan id', (value) =>
    (/^[a-z0-9][a-z0-9_-]{0,63}$/.test(value) && value !== freePlanId) || `must be 1-64 lower-case letters, digits, - or _, and not "${freePlanId}"`),
  name: nonEmpty,
  /** The Stripe Price (price_…) that Checkout charges. */
  price_id: nonEmpty,
  /** As shown to the user, e.g. "$49 / month". */
  price: nonEmpty,
  projects: nullable(atLeastOne),
  studies_per_project: nullable(atLeastOne),
});
export type BillingPlan = Infer<typeof BillingPlan>;

const notJson = Symbol('not JSON');
const billingPlans = coerce(
  refine(array(BillingPlan), 'plans', (plans) => {
    if (plans.length === 0) return 'must list at least one paid plan';
    const ids = plans.map((plan) => plan.id);
    const twice = ids.find((id, index) => ids.indexOf(id) !== index);
    if (twice) return `lists the plan id "${twice}" twice`;
    const prices = plans.map((plan) => plan.price_id);
    return prices.every((price, index) => prices.indexOf(price) === index) || 'gives two plans the same price_id';
  }),
  string(),
  (text): unknown => {
    try {
      return JSON.parse(text);
    } catch {
      return notJson;
    }
  },
);

const flag = refine(
  coerce(boolean(), string(), (value) => ({ '1': true, true: true, yes: true, '0': false, false: false, no: false })[value.trim().toLowerCase()] ?? value),
  'flag',
  () => true,
);

/** Every setting the server reads. README.md documents each one; keep the two in step. */
const Settings = object({
  PORT: defaulted(intBetween(0, 65535), 3000),
  HOST: defaulted(nonEmpty, '127.0.0.1'),
  DATA_DIR: defaulted(nonEmpty, './data'),
  DATABASE_URL: optional(postgresUrl),
  PUBLIC_URL: optional(httpUrl),
  JWT_SECRET: optional(refine(string(), 'secret', (value) => value.length >= 32 || 'must be at least 32 characters')),
  ACCESS_TOKEN_TTL_SECONDS: defaulted(intBetween(30, 86_400), 900),
  REFRESH_TOKEN_TTL_DAYS: defaulted(intBetween(1, 365), 14),
  SESSION_MAX_AGE_DAYS: defaulted(intBetween(1, 365), 30),
  SMTP_URL: optional(refine(string(), 'smtp URL', (value) => /^smtps?:\/\/.+/.test(value) || 'must be an smtp:// or smtps:// URL')),
  MAIL_FROM: defaulted(nonEmpty, 'Sunplot <no-reply@sunplot.local>'),
  GOOGLE_CLIENT_ID: optional(nonEmpty),
  GOOGLE_JWKS_URL: defaulted(httpUrl, 'https://www.googleapis.com/oauth2/v3/certs'),
  /** Stripe's secret API key (sk_test_… or sk_live_…). Billing is on when it is set; then the next three are required too. */
  STRIPE_SECRET_KEY: optional(nonEmpty),
  /** Stripe's publishable key (pk_…), handed to Stripe.js in the browser to mount Embedded Checkout. */
  STRIPE_PUBLISHABLE_KEY: optional(nonEmpty),
  /** The signing secret (whsec_…) of the webhook endpoint that points at /api/stripe/webhook/. */
  STRIPE_WEBHOOK_SECRET: optional(nonEmpty),
  /** The paid plans, as a JSON array of {id, name, price_id, price, projects, studies_per_project} (null = unlimited), cheapest first. */
  BILLING_PLANS: optional(billingPlans),
  /** For tests and mocks only: the Stripe API's base URL (default Stripe's own, https://api.stripe.com); the path is ignored. */
  STRIPE_API_URL: optional(httpUrl),
  /** Projects a user may hold on the Free plan; applies only while billing is on. */
  FREE_PROJECTS: defaulted(intBetween(1, 100_000), 3),
  TRUST_PROXY: defaulted(flag, false),
  PVGIS_BASE_URL: defaulted(httpUrl, 'https://re.jrc.ec.europa.eu/api/v5_3'),
  PVGIS_TIMEOUT_MS: defaulted(intBetween(100, 300_000), 30_000),
  /** NREL developer network key; the NSRDB weather source is offered only when it is set (with NSRDB_EMAIL). */
  NSRDB_API_KEY: optional(nonEmpty),
  /** The address NSRDB requires with every request (it writes there only about the key's use). */
  NSRDB_EMAIL: optional(refine(string(), 'email', (value) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim()) || 'must be an email address')),
  /** For tests and mirrors: NSRDB's base URL; the API paths are added to it. */
  NSRDB_BASE_URL: defaulted(httpUrl, 'https://developer.nrel.gov'),
  NSRDB_TIMEOUT_MS: defaulted(intBetween(100, 300_000), 60_000),
  NOMINATIM_URL: optional(httpUrl),
  GOOGLE_GEOCODING_API_KEY: optional(nonEmpty),
  GOOGLE_GEOCODING_URL: defaulted(httpUrl, 'https://maps.googleapis.com/maps/api/geocode/json'),
  GEOCODER_TIMEOUT_MS: defaulted(intBetween(100, 60_000), 5000),
  /** Feasibility studies a project may hold on the Free plan (and for everyone while billing is off). */
  FREE_STUDIES_PER_PROJECT: defaulted(intBetween(1, 1000), 5),
  /** Memory for cached answers of the hottest reads, in MiB; 0 turns the answer cache off. */
  ANSWER_CACHE_MB: defaulted(intBetween(0, 4096), 64),
  /** Online screening layers: off (default), public (docs/screening-sources.md) or a JSON array of sources. */
  SCREENING_SOURCES: defaulted(screeningSourcesSetting, []),
  /** County parcel layers to attach parcels from: off (default) or a JSON array of services (docs/parcel-services.md). */
  PARCEL_SERVICES: defaulted(parcelServicesSetting, []),
  /** Parcels a screening job screens and commits at a time (docs/screening-jobs.md). */
  SCREENING_JOB_CHUNK: defaulted(intBetween(50, 5000), 500),
  /** Screening-job chunks one server screens at once, each of a different job; the other threads serve requests. */
  SCREENING_JOBS_AT_ONCE: defaulted(intBetween(1, 16), 1),
  /** On PostgreSQL: a job's chunk still running after this long is taken to be lost with its server and run again. */
  SCREENING_JOB_EXPIRE_SECONDS: defaulted(intBetween(10, 86_400), 300),
  LOG_LEVEL: defaulted(enums(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), 'info'),
  /** Unset: readable lines when stdout is a terminal, JSON records when it is piped or redirected. */
  LOG_FORMAT: optional(enums(['pretty', 'json'])),
});

export type Settings = Infer<typeof Settings> & { PUBLIC_URL: string };

export class SettingsError extends Error {}

const known = Object.keys(Settings.schema);
const billingRequires = ['STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET', 'BILLING_PLANS'] as const;

/** Reads the settings from an environment; throws one SettingsError naming every bad key. */
export function loadSettings(env: Record<string, string | undefined> = process.env): Settings {
  const input: Record<string, string> = {};
  for (const key of known) {
    const value = env[key];
    if (value !== undefined && value !== '') input[key] = value;
  }
  try {
    const settings = create(input, Settings);
    const missing = settings.STRIPE_SECRET_KEY ? billingRequires.filter((key) => settings[key] === undefined) : [];
    if (missing.length > 0) throw new SettingsError(`Invalid settings: STRIPE_SECRET_KEY is set (billing is on), so ${missing.join(', ')} must be set too.`);
    if (settings.NSRDB_API_KEY && !settings.NSRDB_EMAIL) throw new SettingsError('Invalid settings: NSRDB_API_KEY is set, so NSRDB_EMAIL must be set too (NSRDB requires an email address with every request).');
    return { ...settings, PUBLIC_URL: (settings.PUBLIC_URL ?? `http://${settings.HOST}:${settings.PORT}`).replace(/\/+$/, '') };
  } catch (error) {
    if (!(error instanceof StructError)) throw error;
    const problems = error.failures().map((failure) => `${failure.path.join('.')} ${describeFailure(failure)}`);
    throw new SettingsError(`Invalid settings: ${problems.join('; ')}.`);
  }
}

/** What is wrong with one setting (or one field of BILLING_PLANS), never echoing the value: some settings are secrets. */
function describeFailure(failure: Failure): string {
  const sources = describeSourcesFailure(failure) ?? describeParcelServicesFailure(failure);
  if (sources !== undefined) return sources;
  if (failure.refinement) return failure.message;
  if (failure.value === notJson) return 'must be a JSON array of plans';
  if (failure.value === undefined) return 'is missing';
  switch (failure.type) {
    case 'integer':
      return 'must be an integer';
    case 'enums':
      return `must be one of ${failure.message.replace(/^Expected one of (.*), but received.*$/, '$1')}`;
    case 'boolean':
      return 'must be true or false (1/0, yes/no)';
    case 'string':
      return 'must be text';
    case 'array':
      return 'must be a JSON array of plans';
    case 'object':
      return 'must be an object';
    case 'never':
      return 'is not a plan field';
    default:
      return 'has an invalid value';
  }
}
