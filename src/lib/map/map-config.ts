/**
 * Map settings read at build time (VITE_*). Tiles are decoration: every vector layer shows without them, as it
 * must offline and in tests, over the offline basemap (offline-basemap.ts). VITE_MAP_TILE_URL=none turns tiles off.
 */
const env = import.meta.env as Record<string, string | undefined>;

const osmTiles = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const osmAttribution = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

const tileUrl = env.VITE_MAP_TILE_URL?.trim() || osmTiles;

export const mapConfig = {
  tileUrl: tileUrl === 'none' ? null : tileUrl,
  /** HTML, as tile providers give it; defaults to OpenStreetMap's only for OpenStreetMap tiles. */
  tileAttribution: env.VITE_MAP_TILE_ATTRIBUTION?.trim() || (tileUrl === osmTiles ? osmAttribution : ''),
  googleMapsApiKey: env.VITE_GOOGLE_MAPS_API_KEY?.trim() || null,
} as const;
