import { sql } from 'drizzle-orm';
import { bigserial, boolean, customType, date, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Geometry, MultiPolygon, Polygon } from 'geojson';
import { projectStatuses } from '../../src/contract/projects.ts';
import type { LayerRef, ScreeningCriteria } from '../../src/contract/gis.ts';
import type { EnergyResult, FinanceResult, SystemUsed, WeatherSource, WeatherUsed } from '../../src/contract/energy.ts';
import type { EnergyUncertainty, SizingUsed, StudyHeadline } from '../../src/contract/feasibility.ts';
import type { Assumptions } from '../../src/contract/settings.ts';
import { taskCategoryValues, taskPhaseValues, taskStatuses } from '../../src/contract/tasks.ts';
import { freePlanId, subscriptionStatuses } from '../../src/contract/billing.ts';
import { builtInLayerKinds } from '../../src/contract/own-layers.ts';
import { screeningJobStatuses } from '../../src/contract/screening-jobs.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    companyName: text('company_name').notNull().default(''),
    passwordHash: text('password_hash'),
    googleSub: text('google_sub'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    mediaPhoto: text('media_photo'),
    mediaPreview: text('media_preview'),
    /** The step of the getting-started guide the user is on (spec: account state stepper_id, default 1). */
    stepperId: integer('stepper_id').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email), uniqueIndex('users_google_sub_key').on(t.googleSub)],
);

export const projects = pgTable(
  'projects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    status: text('status', { enum: projectStatuses }).notNull().default('prospecting'),
    // Nullable only for rows older than this column; the API always sets both.
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    boundary: jsonb('boundary').$type<Polygon | MultiPolygon>(),
    /** Geodesic area of the boundary, computed when it is written. */
    boundaryAreaM2: doublePrecision('boundary_area_m2'),
    address: text('address').notNull().default(''),
    /** ISO 3166-1 alpha-2, upper case; '' when unknown. */
    country: text('country').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    /** Issue 24 item 5: the map screen's screening criteria as last saved (null: never saved, the defaults apply). */
    screeningCriteria: jsonb('screening_criteria').$type<ScreeningCriteria>(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('projects_owner_idx').on(t.ownerId), index('projects_owner_created_idx').on(t.ownerId, t.createdAt)],
);

/**
 * The parcel store. `owner_id` null: the shared store (seeded demo data, future providers); else the user who
 * imported or drew it, visible to that user only. Bounding boxes are kept as columns so bbox searches run in SQL.
 */
export const parcels = pgTable(
  'parcels',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    apn: text('apn').notNull(),
    /** The APN upper-cased with runs of whitespace collapsed, for lookups ("PAR 02420088" as typed). */
    apnKey: text('apn_key').notNull(),
    geometry: jsonb('geometry').$type<Polygon | MultiPolygon>().notNull(),
    minLng: doublePrecision('min_lng').notNull(),
    minLat: doublePrecision('min_lat').notNull(),
    maxLng: doublePrecision('max_lng').notNull(),
    maxLat: doublePrecision('max_lat').notNull(),
    areaM2: doublePrecision('area_m2').notNull(),
    county: text('county').notNull().default(''),
    state: text('state').notNull().default(''),
    landUse: text('land_use').notNull().default(''),
    ownerName: text('owner_name').notNull().default(''),
    /** The site address where the source gives one (online parcel services, migration 0013); '' otherwise. */
    address: text('address').notNull().default(''),
    attributes: jsonb('attributes').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    source: text('source').notNull(),
    sourceDate: date('source_date', { mode: 'string' }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('parcels_owner_apn_key').on(t.ownerId, t.apnKey).nullsNotDistinct(),
    index('parcels_apn_key_idx').on(t.apnKey),
    index('parcels_bbox_idx').on(t.minLng, t.maxLng, t.minLat, t.maxLat),
  ],
);

export const projectParcels = pgTable(
  'project_parcels',
  {
    projectId: uuid('project_id').notNull().references(() => projects.id, { onDelete: 'cascade' }),
    parcelId: uuid('parcel_id').notNull().references(() => parcels.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.parcelId] }), index('project_parcels_parcel_idx').on(t.parcelId)],
);

export const layerKinds = builtInLayerKinds;

/**
 * A screening layer: one GeoJSON FeatureCollection with where it came from and how old it is. Shared layers (no owner)
 * are of a built-in kind; a user's own (migration 0011) may also be of a custom kind, the slug of `label`.
 */
export const screeningLayers = pgTable(
  'screening_layers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    /** A built-in kind (flood, wetland, protected, grid) or, on a user's own layer, a custom kind's slug. */
    kind: text('kind').notNull(),
    /** The kind as people read it; '' on shared layers, whose kinds are built in. */
    label: text('label').notNull().default(''),
    name: text('name').notNull(),
    /** The uploaded file's name; '' on shared layers. */
    fileName: text('file_name').notNull().default(''),
    source: text('source').notNull(),
    sourceDate: date('source_date', { mode: 'string' }),
    features: jsonb('features').$type<{ type: 'Feature'; geometry: Geometry; properties: Record<string, unknown> | null }[]>().notNull(),
    featureCount: integer('feature_count').notNull(),
    minLng: doublePrecision('min_lng').notNull(),
    minLat: doublePrecision('min_lat').notNull(),
    maxLng: doublePrecision('max_lng').notNull(),
    maxLat: doublePrecision('max_lat').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('screening_layers_kind_idx').on(t.kind), index('screening_layers_owner_created_idx').on(t.ownerId, t.createdAt)],
);

/** A user's named assumption set; the built-in defaults live in code and are never stored. */
export const settingsPresets = pgTable(
  'settings_presets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    basedOn: text('based_on'),
    assumptions: jsonb('assumptions').$type<Assumptions>().notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set on every write and whenever a study starts from it: `last/get` answers the newest. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('settings_presets_owner_used_idx').on(t.ownerId, t.lastUsedAt), index('settings_presets_project_idx').on(t.projectId)],
);

/**
 * A user's uploaded weather file: the summary read from it on upload, and the text itself, which the engine reads again
 * to simulate (PostgreSQL compresses large text values on its own).
 */
export const weatherFiles = pgTable(
  'weather_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    fileName: text('file_name').notNull().default(''),
    /** The engine's WeatherFormat: tmy3, tmy2, epw, pvgis-json, pvgis-csv, pvgis-epw or nsrdb-csv. */
    format: text('format').notNull(),
    siteName: text('site_name').notNull().default(''),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    elevation: doublePrecision('elevation').notNull(),
    /** Offset from UTC of the file's time stamps, hours. */
    utcOffsetHours: doublePrecision('utc_offset_hours').notNull(),
    annualGhiKwhM2: doublePrecision('annual_ghi_kwh_m2').notNull(),
    /** 'source' when the file gives DNI and DHI, 'erbs' when they were split from GHI. */
    components: text('components').notNull(),
    notes: jsonb('notes').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    attribution: text('attribution'),
    byteSize: integer('byte_size').notNull(),
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('weather_files_owner_created_idx').on(t.ownerId, t.createdAt)],
);

/**
 * PVGIS typical years fetched for a location, kept so that a location is fetched once. Public data, shared by every
 * user; keyed by the location rounded to 0.001° (as requested from PVGIS), and refetched when PVGIS_BASE_URL changes.
 */
export const pvgisTmyCache = pgTable(
  'pvgis_tmy_cache',
  {
    latE3: integer('lat_e3').notNull(),
    lonE3: integer('lon_e3').notNull(),
    baseUrl: text('base_url').notNull(),
    elevation: doublePrecision('elevation').notNull(),
    annualGhiKwhM2: doublePrecision('annual_ghi_kwh_m2').notNull(),
    attribution: text('attribution').notNull(),
    /** PVGIS's JSON answer as received. */
    content: text('content').notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.latE3, t.lonE3] })],
);

/**
 * NSRDB years fetched for a location (NSRDB_API_KEY), kept like PVGIS's: public domain data shared by every user, keyed
 * by the dataset, the location rounded to 0.001° (as requested), and the year ('tmy' or a calendar year); refetched
 * when NSRDB_BASE_URL changes.
 */
export const nsrdbWeatherCache = pgTable(
  'nsrdb_weather_cache',
  {
    /** The NSRDB dataset asked, e.g. 'GOES v4.0.0'. */
    dataset: text('dataset').notNull(),
    latE3: integer('lat_e3').notNull(),
    lonE3: integer('lon_e3').notNull(),
    /** 'tmy', or the calendar year as text. */
    year: text('year').notNull(),
    baseUrl: text('base_url').notNull(),
    annualGhiKwhM2: doublePrecision('annual_ghi_kwh_m2').notNull(),
    attribution: text('attribution').notNull(),
    /** NSRDB's CSV answer as received. */
    content: text('content').notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.dataset, t.latE3, t.lonE3, t.year] })],
);

/**
 * A user's uploaded load file (behind-the-meter studies): what was read from it on upload, and the values themselves
 * (8,760 hourly, 35,040 quarter-hourly or 12 monthly kWh).
 */
export const loadFiles = pgTable(
  'load_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    fileName: text('file_name').notNull().default(''),
    kind: text('kind', { enum: ['hourly', 'quarter_hourly', 'monthly'] }).notNull(),
    annualKwh: doublePrecision('annual_kwh').notNull(),
    monthlyKwh: jsonb('monthly_kwh').$type<number[]>().notNull(),
    /** The year of the file's first time stamp, for the load's weekdays; null when the file has none. */
    calendarYear: integer('calendar_year'),
    /** What reading the file assumed (a leap day dropped, say). */
    notes: jsonb('notes').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    byteSize: integer('byte_size').notNull(),
    kwh: jsonb('kwh').$type<number[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('load_files_owner_created_idx').on(t.ownerId, t.createdAt)],
);

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * The weather a study ran on, by the SHA-256 of its content (an uploaded file's text, PVGIS's JSON, or the monthly
 * means as JSON), so a study can be re-run and shown in the browser after its upload is deleted. Reached only
 * through a study its reader owns.
 */
export const studyWeather = pgTable('study_weather', {
  hash: text('hash').primaryKey(),
  kind: text('kind', { enum: ['file', 'monthly'] }).notNull(),
  content: text('content').notNull(),
  /** Set whenever a study is saved on it; rows no study uses are deleted an hour after their last use. */
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A saved feasibility study: what it was asked, what it assumed, and what the engine answered (model_version). */
export const feasibilityStudies = pgTable(
  'feasibility_studies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id').notNull().references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    isPrimary: boolean('is_primary').notNull().default(false),
    modelVersion: text('model_version').notNull(),
    presetId: text('preset_id').notNull(),
    presetName: text('preset_name').notNull(),
    /** The weather source as requested (upload id, PVGIS location or the typed means). */
    weatherSource: jsonb('weather_source').$type<WeatherSource>().notNull(),
    weatherUsed: jsonb('weather_used').$type<WeatherUsed>().notNull(),
    weatherHash: text('weather_hash').notNull().references(() => studyWeather.hash),
    system: jsonb('system').$type<SystemUsed>().notNull(),
    sizing: jsonb('sizing').$type<SizingUsed>(),
    assumptions: jsonb('assumptions').$type<FinanceResult['assumptions']>().notNull(),
    energy: jsonb('energy').$type<EnergyResult>().notNull(),
    finance: jsonb('finance').$type<FinanceResult>().notNull(),
    uncertainty: jsonb('uncertainty').$type<EnergyUncertainty>().notNull(),
    headline: jsonb('headline').$type<StudyHeadline>().notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('feasibility_studies_project_idx').on(t.projectId, t.createdAt),
    index('feasibility_studies_owner_idx').on(t.ownerId),
    index('feasibility_studies_weather_idx').on(t.weatherHash),
    // At most one primary per project, whatever the order of concurrent requests.
    uniqueIndex('feasibility_studies_one_primary_key').on(t.projectId).where(sql`${t.isPrimary}`),
  ],
);

/** The load a behind-the-meter study's bills were computed on, so it can be re-run in the browser after its upload goes. */
export const studyLoads = pgTable('study_loads', {
  studyId: uuid('study_id')
    .primaryKey()
    .references(() => feasibilityStudies.id, { onDelete: 'cascade' }),
  /** 1 for hourly values, 4 for quarter-hours. */
  stepsPerHour: integer('steps_per_hour').notNull(),
  kwh: jsonb('kwh').$type<number[]>().notNull(),
});

/** A study's plot map: a site layout image or PDF, judged by content on upload. */
export const plotMaps = pgTable('plot_maps', {
  studyId: uuid('study_id')
    .primaryKey()
    .references(() => feasibilityStudies.id, { onDelete: 'cascade' }),
  fileName: text('file_name').notNull(),
  contentType: text('content_type').notNull(),
  byteSize: integer('byte_size').notNull(),
  content: bytea('content').notNull(),
  uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A project's development task. Positions are dense (0, 1, 2, …) within a project's phase; every move rewrites them
 * in one transaction that holds the project row, so concurrent moves cannot share or lose a position.
 */
export const tasks = pgTable(
  'tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id').notNull().references(() => projects.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    phase: text('phase', { enum: taskPhaseValues }).notNull(),
    category: text('category', { enum: taskCategoryValues }).notNull().default('other'),
    status: text('status', { enum: taskStatuses }).notNull().default('open'),
    position: integer('position').notNull(),
    dueDate: date('due_date', { mode: 'string' }),
    assigneeName: text('assignee_name').notNull().default(''),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    parcelId: uuid('parcel_id').references(() => parcels.id, { onDelete: 'set null' }),
    criterion: text('criterion'),
    /** Why a task from a template is there, with its source. */
    why: text('why'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tasks_project_phase_position_idx').on(t.projectId, t.phase, t.position), index('tasks_owner_idx').on(t.ownerId)],
);

/** A user's own task template: a set of tasks saved from a project, to apply to others. */
export const taskTemplates = pgTable(
  'task_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tasks: jsonb('tasks').$type<{ title: string; description: string; phase: string; category: string; why: string | null }[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('task_templates_owner_idx').on(t.ownerId)],
);

/** One login = one family; every refresh rotates the token inside it. */
export const refreshFamilies = pgTable(
  'refresh_families',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
  },
  (t) => [index('refresh_families_user_idx').on(t.userId)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey(),
    familyId: uuid('family_id').notNull().references(() => refreshFamilies.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId)],
);

export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify', 'reset'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('one_time_tokens_hash_key').on(t.tokenHash), index('one_time_tokens_user_idx').on(t.userId)],
);

export const contactMessages = pgTable('contact_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull().default(''),
  message: text('message').notNull(),
  ip: text('ip').notNull(),
  createdAt: createdAt(),
});

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    event: text('event').notNull(),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_user_idx').on(t.userId, t.createdAt)],
);

/** Fixed-window counters, kept in the database so every API instance sees the same counts. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    bucket: text('bucket').notNull(),
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.key, t.windowStart] })],
);

/**
 * A user's plan, kept in step with Stripe by verify-payment and the webhook. No row, or plan 'free', is the Free plan;
 * the row is made when the user first starts a checkout, to hold the Stripe customer made for them.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: text('plan_id').notNull().default(freePlanId),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    status: text('status', { enum: subscriptionStatuses }).notNull().default('active'),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('subscriptions_stripe_customer_key').on(t.stripeCustomerId), uniqueIndex('subscriptions_stripe_subscription_key').on(t.stripeSubscriptionId)],
);

/** A Checkout Session started by a user; activated_at is set once, by verify-payment or the webhook, whichever comes first. */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: text('plan_id').notNull(),
    createdAt: createdAt(),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
  },
  (t) => [index('checkout_sessions_user_idx').on(t.userId)],
);

/** Stripe events already applied, recorded in the transaction that applied them, so a redelivery changes nothing. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---------------------------------------------------------------------------------------------
// Online screening sources (issue 24, migration 0010)

/**
 * What an online screening source (SCREENING_SOURCES) answered for one tile of the 0.05° grid: public data shared by
 * every user and every instance, kept until expires_at (the source's ttl_days), refetched when the source's definition
 * (source_key) changes. A vector tile holds features, an elevation tile a square Float32 grid; `cut` says why a tile was
 * cut short (too many features), which screens as unknown until the row expires.
 */
export const screeningSourceCache = pgTable(
  'screening_source_cache',
  {
    sourceId: text('source_id').notNull(),
    /** "20:x:y" on the 0.05° grid, or "file" for a GeoJSON file fetched whole. */
    tile: text('tile').notNull(),
    sourceKey: text('source_key').notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The data's own date when the service says it (an ArcGIS layer's last edit, OSM's snapshot), else the fetch date. */
    sourceDate: date('source_date', { mode: 'string' }).notNull(),
    features: jsonb('features').$type<{ type: 'Feature'; geometry: Geometry; properties: Record<string, unknown> | null }[]>(),
    featureCount: integer('feature_count').notNull().default(0),
    /** Features dropped for a geometry screening cannot use. */
    skipped: integer('skipped').notNull().default(0),
    elevation: bytea('elevation'),
    elevationSize: integer('elevation_size'),
    elevationNoData: doublePrecision('elevation_no_data'),
    cut: text('cut'),
  },
  (t) => [primaryKey({ columns: [t.sourceId, t.tile] }), index('screening_source_cache_expires_idx').on(t.expiresAt)],
);

// ---------------------------------------------------------------------------------------------
// Screening jobs (issue 24 item 4, migration 0014)

/**
 * A screening of a project's parcels run in the background (server/gis/screening-jobs-service.ts). parcels_total is
 * null until the job has stored the parcels it screens (screening_job_parcels); parcels_done moves, with the summary
 * and the layers read, in the transaction that stores a chunk's results, so it always says how far the kept results go.
 */
export const screeningJobs = pgTable(
  'screening_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    criteria: jsonb('criteria').$type<ScreeningCriteria>().notNull(),
    bbox: jsonb('bbox').$type<[number, number, number, number]>(),
    status: text('status', { enum: screeningJobStatuses }).notNull().default('queued'),
    parcelsTotal: integer('parcels_total'),
    parcelsDone: integer('parcels_done').notNull().default(0),
    summary: jsonb('summary').$type<{ pass: number; fail: number; unknown: number }>().notNull().default({ pass: 0, fail: 0, unknown: 0 }),
    layers: jsonb('layers').$type<LayerRef[]>().notNull().default([]),
    error: text('error'),
    /** The planning attempt that may store the job's parcels: a step handed out again claims a new one. */
    planToken: uuid('plan_token'),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('screening_jobs_project_created_idx').on(t.projectId, t.createdAt), index('screening_jobs_owner_status_idx').on(t.ownerId, t.status), index('screening_jobs_status_idx').on(t.status)],
);

/** The parcels a job screens, in order (seq from 0), stored once when it starts, so a resumed job screens the same ones. */
export const screeningJobParcels = pgTable(
  'screening_job_parcels',
  {
    jobId: uuid('job_id')
      .notNull()
      .references(() => screeningJobs.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    parcelId: uuid('parcel_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.seq] })],
);

/** One parcel's screening result (its verdict and reasons, as the reasoned screening gives them), by its seq in the job. */
export const screeningJobResults = pgTable(
  'screening_job_results',
  {
    jobId: uuid('job_id')
      .notNull()
      .references(() => screeningJobs.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    parcelId: uuid('parcel_id').notNull(),
    result: jsonb('result').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.seq] })],
);
