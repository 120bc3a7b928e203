import { call, retryWhenBusy, type ApiClient, type CallOptions } from '../../../lib/api-client.ts';
import { endpoints } from '../../../contract/endpoints.ts';
import type { ScreeningRequest } from '../../../../machines/parcel-screening.machine.ts';

/**
 * The parcels of the project (or of a box on the map) with each one's verdict and reasons under the filters; asked
 * again after a few seconds when the user's costly work is busy, so the map does not keep its old colours.
 */
export const screenParcels = (api: ApiClient, { scope, filters }: ScreeningRequest, { signal }: CallOptions = {}) =>
  retryWhenBusy(
    () =>
      call(api, endpoints.parcelsReasoned, {
        body: { ...('projectId' in scope ? { project_id: scope.projectId } : { bbox: scope.bbox }), filters: Object.keys(filters).length > 0 ? filters : undefined },
        signal,
      }),
    { signal },
  );

/** A parcel by its number (APN; SSL in the DC sample): from the store, else from a parcel service covering the project. */
export const findParcel = (api: ApiClient, apn: string, projectId: string, { signal }: CallOptions = {}) =>
  call(api, endpoints.parcelSearch, { query: { apn, project_id: projectId }, signal });

/** The parcel under a point clicked on the map: from the store, else from a parcel service covering the point. */
export const findParcelAt = (api: ApiClient, { lng, lat }: { lng: number; lat: number }, { signal }: CallOptions = {}) => call(api, endpoints.parcelAt, { query: { lng, lat }, signal });

/** The county parcel services the server asks (PARCEL_SERVICES), with their terms. */
export const getParcelServices = (api: ApiClient, { signal }: CallOptions = {}) => call(api, endpoints.parcelServices, { signal });

export const attachParcel = (api: ApiClient, projectId: string, apn: string, { signal }: CallOptions = {}) => call(api, endpoints.parcelAttach, { body: { project_id: projectId, apn }, signal });

/** Where a parcel file is uploaded (multipart `project_id` and `file`), with progress through useUpload. */
export const parcelImportPath = endpoints.parcelImport.path;

