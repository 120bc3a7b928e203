import { endpoints } from '../../../contract/endpoints.ts';
import type { ApiClient, CallOptions } from '../../../lib/api-client.ts';
import type { Bbox } from '../../../lib/map/map-types.ts';

/**
 * The constraint layers (shared and the user's own) inside the box, cut to it, with their sources. The box goes as
 * one "west,south,east,north" text (the query struct reads it into numbers), so this asks by path rather than `call`.
 */
export const getMapLayers = (api: ApiClient, bbox: Bbox, { signal }: CallOptions = {}) =>
  api.get(endpoints.mapLayers.path, { query: { bbox: bbox.join(',') }, struct: endpoints.mapLayers.answer, signal });
