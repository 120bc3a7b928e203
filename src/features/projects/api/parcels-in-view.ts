import { endpoints } from '../../../contract/endpoints.ts';
import { call, type ApiClient, type CallOptions } from '../../../lib/api-client.ts';
import type { Bbox } from '../../../lib/map/map-types.ts';

/**
 * The parcels of the store the user can see in a box, to draw under a boundary being drawn. Asked through the screening
 * endpoint with only an area check (no layer is read, so it is cheap); the verdicts are not shown.
 */
export const parcelsInView = (api: ApiClient, bbox: Bbox, { signal }: CallOptions = {}) =>
  call(api, endpoints.parcelsReasoned, { body: { bbox, filters: { min_area_acres: 0 } }, signal });
