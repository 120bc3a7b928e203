import { boolean, coerce, create, defaulted, enums, integer, object, optional, refine, string, StructError, type Infer } from 'superstruct';

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
  STRIPE_SECRET_KEY: optional(nonEmpty),
  TRUST_PROXY: defaulted(flag, false),
  PVGIS_BASE_URL: defaulted(httpUrl, 'https://re.jrc.ec.europa.eu/api/v5_3'),
  PVGIS_TIMEOUT_MS: defaulted(intBetween(100, 300_000), 30_000),
  NOMINATIM_URL: optional(httpUrl),
  GOOGLE_GEOCODING_API_KEY: optional(nonEmpty),
  GOOGLE_GEOCODING_URL: defaulted(httpUrl, 'https://maps.googleapis.com/maps/api/geocode/json'),
  GEOCODER_TIMEOUT_MS: defaulted(intBetween(100, 60_000), 5000),
  /** Feasibility studies a project may hold on the free plan (until billing sets plan limits). */
  FREE_STUDIES_PER_PROJECT: defaulted(intBetween(1, 1000), 5),
  LOG_LEVEL: defaulted(enums(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), 'info'),
});

export type Settings = Infer<typeof Settings> & { PUBLIC_URL: string };

export class SettingsError extends Error {}

const known = Object.keys(Settings.schema);

/** Reads the settings from an environment; throws one SettingsError naming every bad key. */
export function loadSettings(env: Record<string, string | undefined> = process.env): Settings {
  const input: Record<string, string> = {};
  for (const key of known) {
    const value = env[key];
    if (value !== undefined && value !== '') input[key] = value;
  }
  try {
    const settings = create(input, Settings);
    return { ...settings, PUBLIC_URL: (settings.PUBLIC_URL ?? `http://${settings.HOST}:${settings.PORT}`).replace(/\/+$/, '') };
  } catch (error) {
    if (!(error instanceof StructError)) throw error;
    const problems = error.failures().map((failure) => {
      // Messages never echo the value: some settings are secrets.
      const message = failure.refinement
        ? failure.message
        : failure.type === 'integer'
          ? 'must be an integer'
          : failure.type === 'enums'
            ? `must be one of ${failure.message.replace(/^Expected one of (.*), but received.*$/, '$1')}`
            : failure.type === 'boolean'
              ? 'must be true or false (1/0, yes/no)'
              : 'has an invalid value';
      return `${failure.path.join('.')} ${message}`;
    });
    throw new SettingsError(`Invalid settings: ${problems.join('; ')}.`);
  }
}
