import { endpoints } from '../../../contract/endpoints.ts';
import { call, type ApiClient, type CallOptions } from '../../../lib/api-client.ts';

/** The user's own constraint layers (docs/api.md, "Own constraint layers"); every answer is checked with its struct. */
/** The user's layers, newest first, without their features. */
export const listOwnLayers = (api: ApiClient, { signal }: CallOptions = {}) => call(api, endpoints.ownLayerList, { signal });

/** One layer's features as GeoJSON, for drawing. */
export const getOwnLayerFeatures = (api: ApiClient, id: string, { signal }: CallOptions = {}) => call(api, endpoints.ownLayerFeatures, { query: { id }, signal });

/** 204; screening stops applying the layer at once. */
export const deleteOwnLayer = (api: ApiClient, id: string, { signal }: CallOptions = {}): Promise<void> => call(api, endpoints.ownLayerDelete, { query: { id }, signal });

/**
 * Where a layer file is uploaded (multipart `file`, `kind` or `label`, `name?`), with progress through useUpload; a
 * file that cannot be used answers 400 with `errors.file`, a bad kind or label with `errors.kind` / `errors.label`.
 */
export const ownLayerUploadPath = endpoints.ownLayerUpload.path;

// Uploads and deletes change which kinds the screening form offers: readers of the list key their reads on this count.
let version = 0;
const listeners = new Set<() => void>();

/** Tells every reader of the list that it changed (an upload or a delete). */
export function ownLayersChanged() {
  version += 1;
  for (const listener of listeners) listener();
}

export const ownLayersVersion = {
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  read: () => version,
};
