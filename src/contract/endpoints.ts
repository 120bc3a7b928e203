/**
 * Every endpoint of the API, once: its method, path and the structs of its query, body and answer. The server
 * registers its routes from here and parses with these structs; the client calls through `call(api, endpoint, …)`
 * (src/lib/api-client.ts), which checks the answer with them. tests/unit/endpoints.test.ts checks that the routes the
 * app registers under /api/ and this list are the same, method for method. docs/api.md describes each endpoint.
 * Anyone's and the account's endpoints are written in account-endpoints.ts, which the first page imports alone.
 */
import { any, array, literal, number, object, optional, string, union, type Struct } from 'superstruct';
import { accountEndpoints } from './account-endpoints.ts';
import { ExportUsed, LoadFile, LoadFileList, LoadIdQuery, LoadUploadFields, StudyLoad } from './behind-the-meter.ts';
import {
  BillingPortalSession,
  CheckoutBody,
  CheckoutSession,
  InvoiceList,
  ProjectLimit,
  SubscriptionsList,
  VerifiedPayment,
  VerifyPaymentBody,
} from './billing.ts';
import { EnergyBody, EnergyResult, FinanceBody, FinanceResult, WeatherFile, WeatherFileList, WeatherIdQuery, WeatherUploadFields } from './energy.ts';
import {
  FeasibilityStudy,
  ProjectSizingArea,
  PlotMapFields,
  StudyCreateBody,
  StudyEnergy,
  StudyExportQuery,
  StudyFinance,
  StudyIdBody,
  StudyIdQuery,
  StudyLimit,
  StudyList,
  StudyProjectQuery,
  StudyRenameBody,
  StudyWeather,
} from './feasibility.ts';
import {
  ApnDetails,
  ApnQuery,
  CoordinatesAnswer,
  CoordinatesBody,
  LayerRef,
  NewApnAnswer,
  NewApnBody,
  ParcelAtQuery,
  ParcelImportAnswer,
  ParcelImportFields,
  ParcelServiceList,
  ParcelSummary,
  ReasonedParcels,
  ScreeningBody,
} from './gis.ts';
import { Area, IdQuery, Portfolio, Project, ProjectCreateBody, ProjectDetail, ProjectEditBody, ProjectList, ProjectListQuery } from './projects.ts';
import { OwnLayerFeatures, OwnLayerIdQuery, OwnLayerList, OwnLayerUploadAnswer, OwnLayerUploadFields } from './own-layers.ts';
import { MapLayers, MapLayersQuery, ProjectCriteria, ProjectCriteriaBody } from './screening-map.ts';
import { TimeZoneField } from './time-zone.ts';
import { ScreeningJob, ScreeningJobBody, ScreeningJobExportQuery, ScreeningJobIdBody, ScreeningJobIdQuery, ScreeningJobList, ScreeningJobListQuery } from './screening-jobs.ts';
import { Preset, PresetBody, PresetList, PresetQuery } from './settings.ts';
import {
  SelectList,
  Task,
  TaskBoard,
  TaskCompleteBody,
  TaskCreateBody,
  TaskEditBody,
  TaskIdQuery,
  TaskProjectQuery,
  TaskReorderBody,
  TaskTemplate,
  TaskTemplateBody,
  TaskTemplateList,
} from './tasks.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Every path of the API starts so; other paths are the SPA's pages and /media/. */
export const apiPrefix = '/api/';

/** Whether a request URL is the API's (`/api`, `/api/…`): such a URL is never answered with a page. */
export const isApiUrl = (url: string) => url.startsWith(apiPrefix) || url === apiPrefix.slice(0, -1);

/** An answer's struct, `'file'` for a download (a Blob named by Content-Disposition) or `'none'` for 204. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any struct at all; each endpoint keeps its own precise type
export type AnyStruct = Struct<any, any>;

export interface Endpoint {
  readonly method: HttpMethod;
  readonly path: `/api/${string}`;
  /** The query string the server parses. */
  readonly query?: AnyStruct;
  /** The JSON body the server parses, or with `file` the text fields of its multipart form. */
  readonly body?: AnyStruct;
  /** The body is a multipart form with the file in this field. */
  readonly file?: string;
  readonly answer: AnyStruct | 'file' | 'none';
  /** Anyone may call it: no login needed, and the client sends no access token (a 401 there is a refusal, not an expiry). */
  readonly public?: true;
}

// Answers no other module of the contract describes, because no screen reads them.

/** get_filtered_geo_json/: the parcels that pass the criteria, with their count and total area. */
export const SuitableParcels = object({
  type: literal('FeatureCollection'),
  features: array(object({ type: literal('Feature'), id: string(), geometry: any(), properties: object({ ...ParcelSummary.schema, suitable: literal(true) }) })),
  screened: number(),
  count: number(),
  area: Area,
  criteria: any(),
  layers: array(LayerRef),
});

/** tariff_presets/: cited retail tariffs in OpenEI URDB's structure (src/solar/tariff-presets.ts). */
export const TariffPresetList = object({
  count: number(),
  results: array(
    object({
      id: string(),
      name: string(),
      /** OpenEI URDB's sector of the customers it serves: Residential or Commercial. */
      sector: string(),
      currency: string(),
      country: string(),
      rate: any(),
      escalation_pct: number(),
      export: ExportUsed,
      source: string(),
      retrieved: string(),
      notes: array(string()),
    }),
  ),
});

/** Stripe's webhook: received, or received and ignored with the reason (a signed event that is not Stripe's shape). */
export const WebhookReceipt = object({ received: literal(true), ignored: optional(string()) });

/** The two answers of task_template/create/: the board after applying a template, or the template saved. */
const TemplateCreated = union([TaskBoard, TaskTemplate]);
/** The project report's query: the project, and the viewer's time zone its dates are printed in (UTC when not given). */
const ReportQuery = object({ ...IdQuery.schema, tz: optional(TimeZoneField) });

const project = '/api/project';
const feasibility = '/api/project/feasibility';
const gis = '/api/gis';

export const endpoints = {
  // Anyone's (health, configuration, contact), signing up, in and out, and the account: account-endpoints.ts.
  ...accountEndpoints,

  // Projects (server/projects/routes.ts, server/reports/routes.ts; the project limit: server/billing/routes.ts).
  projectCreate: { method: 'POST', path: `${project}/create/`, body: ProjectCreateBody, answer: Project },
  projectList: { method: 'GET', path: `${project}/list/`, query: ProjectListQuery, answer: ProjectList },
  projectLimit: { method: 'GET', path: `${project}/check_limit/`, answer: ProjectLimit },
  projectPortfolio: { method: 'GET', path: `${project}/portfolio/`, answer: Portfolio },
  projectGet: { method: 'GET', path: `${project}/get/`, query: IdQuery, answer: ProjectDetail },
  projectEdit: { method: 'PATCH', path: `${project}/edit/`, body: ProjectEditBody, answer: Project },
  projectDelete: { method: 'DELETE', path: `${project}/delete/`, query: IdQuery, answer: 'none' },
  projectReport: { method: 'GET', path: `${project}/report/`, query: ReportQuery, answer: 'file' },
  // A project's saved screening criteria and the land its studies are sized on (server/projects/criteria-routes.ts).
  projectCriteria: { method: 'GET', path: `${project}/screening_criteria/`, query: IdQuery, answer: ProjectCriteria },
  projectCriteriaSave: { method: 'PUT', path: `${project}/screening_criteria/`, body: ProjectCriteriaBody, answer: ProjectCriteria },
  projectSizingArea: { method: 'GET', path: `${project}/sizing_area/`, query: IdQuery, answer: ProjectSizingArea },

  // Assumption presets (server/settings/routes.ts): update/v2 makes a new one (POST) or edits one (PATCH, with `id`).
  presetLast: { method: 'GET', path: '/api/settings/last/get/', query: PresetQuery, answer: Preset },
  presetList: { method: 'GET', path: '/api/settings/list/', query: PresetQuery, answer: PresetList },
  presetCreate: { method: 'POST', path: '/api/settings/update/v2/', body: PresetBody, answer: Preset },
  presetEdit: { method: 'PATCH', path: '/api/settings/update/v2/', body: PresetBody, answer: Preset },

  // Parcels, screening and places (server/gis/routes.ts, parcel-import-routes.ts); coordinates: POST, or GET ?query=.
  parcelAttach: { method: 'POST', path: `${gis}/new_apn/`, body: NewApnBody, answer: NewApnAnswer },
  parcelSearch: { method: 'GET', path: `${gis}/get_search_apn_details/`, query: ApnQuery, answer: ApnDetails },
  // Online county parcel layers (PARCEL_SERVICES): the parcel under a point, and which services there are.
  parcelAt: { method: 'GET', path: `${gis}/parcel_at/`, query: ParcelAtQuery, answer: ApnDetails },
  parcelServices: { method: 'GET', path: `${gis}/parcel_services/`, answer: ParcelServiceList },
  parcelsSuitable: { method: 'POST', path: `${gis}/get_filtered_geo_json/`, body: ScreeningBody, answer: SuitableParcels },
  parcelsReasoned: { method: 'POST', path: `${gis}/get_reasoned_geo_json/`, body: ScreeningBody, answer: ReasonedParcels },
  coordinates: { method: 'POST', path: `${gis}/get_coordinates/`, body: CoordinatesBody, answer: CoordinatesAnswer },
  // The constraint layers in the map's box (server/gis/map-layer-routes.ts): `bbox` is sent as "west,south,east,north".
  mapLayers: { method: 'GET', path: `${gis}/map_layers/`, query: MapLayersQuery, answer: MapLayers },
  // The user's own constraint layers (server/gis/own-layer-routes.ts).
  ownLayerUpload: { method: 'POST', path: `${gis}/own_layers/upload/`, body: OwnLayerUploadFields, file: 'file', answer: OwnLayerUploadAnswer },
  ownLayerList: { method: 'GET', path: `${gis}/own_layers/list/`, answer: OwnLayerList },
  ownLayerFeatures: { method: 'GET', path: `${gis}/own_layers/features/`, query: OwnLayerIdQuery, answer: OwnLayerFeatures },
  ownLayerDelete: { method: 'DELETE', path: `${gis}/own_layers/delete/`, query: OwnLayerIdQuery, answer: 'none' },
  coordinatesByQuery: { method: 'GET', path: `${gis}/get_coordinates/`, query: CoordinatesBody, answer: CoordinatesAnswer },
  parcelImport: { method: 'POST', path: `${gis}/parcels/import/`, body: ParcelImportFields, file: 'file', answer: ParcelImportAnswer },
  // Screenings of more parcels than one request answers for, run as background jobs (server/gis/screening-job-routes.ts).
  screeningJobStart: { method: 'POST', path: `${gis}/screening_jobs/start/`, body: ScreeningJobBody, answer: ScreeningJob },
  screeningJobGet: { method: 'GET', path: `${gis}/screening_jobs/get/`, query: ScreeningJobIdQuery, answer: ScreeningJob },
  screeningJobList: { method: 'GET', path: `${gis}/screening_jobs/list/`, query: ScreeningJobListQuery, answer: ScreeningJobList },
  screeningJobCancel: { method: 'POST', path: `${gis}/screening_jobs/cancel/`, body: ScreeningJobIdBody, answer: ScreeningJob },
  screeningJobExport: { method: 'GET', path: `${gis}/screening_jobs/export/`, query: ScreeningJobExportQuery, answer: 'file' },

  // Energy, finance, weather and load files (server/energy/routes.ts).
  loadUpload: { method: 'POST', path: `${gis}/load/upload/`, body: LoadUploadFields, file: 'file', answer: LoadFile },
  loadList: { method: 'GET', path: `${gis}/load/list/`, answer: LoadFileList },
  loadDelete: { method: 'DELETE', path: `${gis}/load/delete/`, query: LoadIdQuery, answer: 'none' },
  tariffPresets: { method: 'GET', path: `${gis}/tariff_presets/`, answer: TariffPresetList },
  weatherUpload: { method: 'POST', path: `${gis}/weather/upload/`, body: WeatherUploadFields, file: 'file', answer: WeatherFile },
  weatherList: { method: 'GET', path: `${gis}/weather/list/`, answer: WeatherFileList },
  weatherDelete: { method: 'DELETE', path: `${gis}/weather/delete/`, query: WeatherIdQuery, answer: 'none' },
  energyEstimate: { method: 'POST', path: `${gis}/get_annual_energy_production/`, body: EnergyBody, answer: EnergyResult },
  financeEstimate: { method: 'POST', path: `${gis}/get_estimated_financial_data/`, body: FinanceBody, answer: FinanceResult },

  // Feasibility studies (server/feasibility/routes.ts).
  studyList: { method: 'GET', path: `${feasibility}/list/`, query: StudyProjectQuery, answer: StudyList },
  studyLimit: { method: 'GET', path: `${feasibility}/check_limit/`, query: StudyProjectQuery, answer: StudyLimit },
  studyCreate: { method: 'POST', path: `${feasibility}/create/`, body: StudyCreateBody, answer: FeasibilityStudy },
  studyGet: { method: 'GET', path: `${feasibility}/get/`, query: StudyIdQuery, answer: FeasibilityStudy },
  studyEnergy: { method: 'GET', path: `${feasibility}/energy_production/get/`, query: StudyIdQuery, answer: StudyEnergy },
  studyFinance: { method: 'GET', path: `${feasibility}/financial_estimation/get/`, query: StudyIdQuery, answer: StudyFinance },
  studyExport: { method: 'GET', path: `${feasibility}/financial_estimation/export/`, query: StudyExportQuery, answer: 'file' },
  studyWeather: { method: 'GET', path: `${feasibility}/weather/get/`, query: StudyIdQuery, answer: StudyWeather },
  studyLoad: { method: 'GET', path: `${feasibility}/load/get/`, query: StudyIdQuery, answer: StudyLoad },
  studySetPrimary: { method: 'PATCH', path: `${feasibility}/set_primary/`, body: StudyIdBody, answer: FeasibilityStudy },
  studyRename: { method: 'PATCH', path: `${feasibility}/rename/`, body: StudyRenameBody, answer: FeasibilityStudy },
  studyDelete: { method: 'DELETE', path: `${feasibility}/delete/`, query: StudyIdQuery, answer: 'none' },
  plotMapUpload: { method: 'PATCH', path: `${feasibility}/plot_map/upload/`, body: PlotMapFields, file: 'file', answer: FeasibilityStudy },
  plotMapGet: { method: 'GET', path: `${feasibility}/plot_map/get/`, query: StudyIdQuery, answer: 'file' },

  // Tasks (server/tasks/routes.ts); task_template/create/ applies a template (`template_id`) or saves one (`name`).
  taskBoard: { method: 'GET', path: `${project}/task/list/`, query: TaskProjectQuery, answer: TaskBoard },
  taskCreate: { method: 'POST', path: `${project}/task/create/`, body: TaskCreateBody, answer: Task },
  taskGet: { method: 'GET', path: `${project}/task/get/`, query: TaskIdQuery, answer: Task },
  taskEdit: { method: 'PATCH', path: `${project}/task/edit/`, body: TaskEditBody, answer: Task },
  taskDelete: { method: 'DELETE', path: `${project}/task/delete/`, query: TaskIdQuery, answer: 'none' },
  taskComplete: { method: 'POST', path: `${project}/task/complete/`, body: TaskCompleteBody, answer: Task },
  taskReorder: { method: 'PATCH', path: `${project}/task/reorder/`, body: TaskReorderBody, answer: TaskBoard },
  templateList: { method: 'GET', path: `${project}/task_template/list/`, answer: TaskTemplateList },
  templateCreate: { method: 'POST', path: `${project}/task_template/create/`, body: TaskTemplateBody, answer: TemplateCreated },
  categoryList: { method: 'GET', path: `${project}/category/select/list/`, answer: SelectList },
  phaseList: { method: 'GET', path: `${project}/phase/select/list/`, answer: SelectList },

  // Billing (server/billing/routes.ts): 404 while billing is off. The webhook is Stripe's: a raw body, signed, no CSRF.
  subscriptions: { method: 'GET', path: '/api/subscriptions_list/', answer: SubscriptionsList },
  checkout: { method: 'POST', path: '/api/stripe/checkout/', body: CheckoutBody, answer: CheckoutSession },
  verifyPayment: { method: 'POST', path: '/api/stripe/verify-payment/', body: VerifyPaymentBody, answer: VerifiedPayment },
  invoices: { method: 'GET', path: '/api/invoices/', answer: InvoiceList },
  billingPortal: { method: 'POST', path: '/api/stripe/portal/', answer: BillingPortalSession },
  stripeWebhook: { method: 'POST', path: '/api/stripe/webhook/', answer: WebhookReceipt, public: true },
} as const satisfies Record<string, Endpoint>;

/** What an endpoint answers: its struct's type, a Blob for a download, nothing for 204. */
export type AnswerOf<E extends Endpoint> = E['answer'] extends 'file' ? Blob : E['answer'] extends 'none' ? void : E['answer'] extends Struct<infer T, infer _S> ? T : never;

/** The query an endpoint takes (its struct's type), or never. */
export type QueryOf<E extends Endpoint> = E extends { query: Struct<infer T, infer _S> } ? T : never;

/** The body an endpoint takes: its struct's type, or FormData for a multipart upload; never without a body. */
export type BodyOf<E extends Endpoint> = E extends { file: string } ? FormData : E extends { body: Struct<infer T, infer _S> } ? T : never;

