import { retryWhenBusy, type ApiClient, type CallOptions } from '../../../lib/api-client.ts';
import { ApnDetails, NewApnAnswer, ReasonedParcels } from '../../../contract/gis.ts';
import type { ScreeningRequest } from '../../../../machines/parcel-screening.machine.ts';

/**
 * The parcels of the project (or of a box on the map) with each one's verdict and reasons under the filters; asked
 * again after a few seconds when the user's costly work is busy, so the map does not keep its old colours.
 */
export const screenParcels = (api: ApiClient, { scope, filters }: ScreeningRequest, { signal }: CallOptions = {}) =>
  retryWhenBusy(
    () =>
      api.post(
        '/api/gis/get_reasoned_geo_json/',
        { ...('projectId' in scope ? { project_id: scope.projectId } : { bbox: scope.bbox }), filters: Object.keys(filters).length > 0 ? filters : undefined },
        { struct: ReasonedParcels, signal },
      ),
    { signal },
  );

/** A parcel of the store by its number (APN; SSL in the DC sample). */
export const findParcel = (api: ApiClient, apn: string, { signal }: CallOptions = {}) => api.get('/api/gis/get_search_apn_details/', { query: { apn }, struct: ApnDetails, signal });

export const attachParcel = (api: ApiClient, projectId: string, apn: string, { signal }: CallOptions = {}) =>
  api.post('/api/gis/new_apn/', { project_id: projectId, apn }, { struct: NewApnAnswer, signal });

/** Where a parcel file is uploaded (multipart `project_id` and `file`), with progress through useUpload. */
export const parcelImportPath = '/api/gis/parcels/import/';

