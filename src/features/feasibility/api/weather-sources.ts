import { endpoints } from '../../../contract/endpoints.ts';
import { nsrdbYears, type NsrdbSource, type NsrdbYear } from '../../../contract/energy.ts';
import { call, type ApiClient, type CallOptions } from '../../../lib/api-client.ts';

export type { NsrdbSource, NsrdbYear };

/** The weather sources this server can fetch beside uploads, PVGIS and monthly means: NSRDB only with NSRDB_API_KEY. */
export const getWeatherSourceOptions = (api: ApiClient, { signal }: CallOptions = {}) => call(api, endpoints.config, { signal }).then((config) => ({ nsrdb: config.nsrdb }));

/** The years the form may offer for NSRDB, newest first, after its typical year. */
export const nsrdbYearChoices: readonly NsrdbYear[] = [
  'tmy',
  ...Array.from({ length: nsrdbYears.last - nsrdbYears.first + 1 }, (_, i) => nsrdbYears.last - i),
];

/** The weather of a study on NSRDB at the project's location; `year` defaults to the typical year. */
export const nsrdbWeather = (year: NsrdbYear = 'tmy'): NsrdbSource => (year === 'tmy' ? { source: 'nsrdb' } : { source: 'nsrdb', year });

/** The user's uploaded weather files, newest first. */
export const listWeatherFiles = (api: ApiClient, { signal }: CallOptions = {}) => call(api, endpoints.weatherList, { signal });

/** Where a weather file is uploaded (multipart `file`), with progress through useUpload. */
export const weatherUploadPath = endpoints.weatherUpload.path;
