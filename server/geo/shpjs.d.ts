// shpjs 6 ships no types (@types/shpjs describes v3): the two functions the importer uses.
declare module 'shpjs' {
  import type { Geometry } from 'geojson';
  /** The records of a .shp as geometries (null for null shapes), reprojected to WGS84 when the .prj text is given. */
  export function parseShp(shp: DataView, prj?: string): (Geometry | null)[];
  /** The rows of a .dbf, decoded with the code page a .cpg names. */
  export function parseDbf(dbf: DataView, cpg?: string): Record<string, unknown>[];
}
