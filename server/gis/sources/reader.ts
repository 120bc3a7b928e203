import type { Bbox } from '../../geo/geometry.ts';
import type { SourceHttp } from './http.ts';
import type { ScreeningSource } from './settings.ts';

/** What one tile may hold, and one answer may weigh. */
export interface SourceLimits {
  featuresPerTile: number;
  bytesPerTile: number;
  bytesPerAnswer: number;
  /** Tiles one screening may need from a source (about 1° × 1° at 400). */
  tilesPerScreening: number;
  /** Elevation cells one screening may need (a grid of 2,048 × 2,048 is 16 MB). */
  elevationCells: number;
}

export const defaultLimits: SourceLimits = {
  featuresPerTile: 20_000,
  bytesPerTile: 64 * 1024 * 1024,
  bytesPerAnswer: 32 * 1024 * 1024,
  tilesPerScreening: 400,
  elevationCells: 2048 * 2048,
};

export interface ReadContext {
  http: SourceHttp;
  limits: SourceLimits;
  signal: AbortSignal;
}

/** A tile's features as the service gave them (checked later), the data's date when the service says it, and why it was cut short. */
export interface VectorTile {
  features: unknown[];
  sourceDate: string | null;
  cut?: string;
}

export type VectorReader = (source: ScreeningSource, bbox: Bbox, context: ReadContext) => Promise<VectorTile>;

/** Gathers pages until the service has no more or a limit is reached; `add` says whether to ask for another page. */
export function pages(limits: SourceLimits) {
  const features: unknown[] = [];
  let bytes = 0;
  let cut: string | undefined;
  return {
    features,
    get cut() {
      return cut;
    },
    add(page: unknown[], pageBytes: number): boolean {
      bytes += pageBytes;
      features.push(...page);
      if (features.length > limits.featuresPerTile) {
        features.length = limits.featuresPerTile;
        cut = `holds more than ${limits.featuresPerTile.toLocaleString('en-US')} features in one 0.05° tile here, more than this server keeps for a tile`;
      } else if (bytes > limits.bytesPerTile) {
        cut = `holds more than ${Math.round(limits.bytesPerTile / 1024 / 1024)} MB of features in one 0.05° tile here, more than this server keeps for a tile`;
      }
      return cut === undefined;
    },
  };
}

/** An ISO date (YYYY-MM-DD) from epoch milliseconds or a date-time text, else null. */
export function isoDate(value: unknown): string | null {
  const date = typeof value === 'number' ? new Date(value) : typeof value === 'string' ? new Date(value) : null;
  return date && Number.isFinite(date.getTime()) ? date.toISOString().slice(0, 10) : null;
}

export const bboxText = (bbox: Bbox) => bbox.map((n) => Number(n.toFixed(7))).join(',');
