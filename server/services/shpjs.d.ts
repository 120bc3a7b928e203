// shpjs 6 ships no types (@types/shpjs describes v3): the one function the importer uses.
declare module 'shpjs' {
  import type { FeatureCollection } from 'geojson';
  /** Reads every layer of a zipped shapefile, reprojected to WGS84 when a .prj is present. */
  export function parseZip(buffer: ArrayBuffer | Uint8Array): Promise<(FeatureCollection & { fileName?: string }) | (FeatureCollection & { fileName?: string })[]>;
}
