/**
 * What the map says about the data behind a screening (issue 43): where no parcel data or no layer covers the place,
 * plainly, with what to do about it. Pure functions of the screening's answer and what the screen knows.
 */
import { builtInKindLabels, isBuiltInKind } from '../../contract/own-layers.ts';
import { criterionLabel, type ReasonedParcels, type ScreeningCoverage } from '../../contract/gis.ts';

export interface CoverageNotes {
  /** Why no parcel is shown (only when none is), and what to do. */
  parcels: string | null;
  /** The kinds the criteria check that no layer or online source covers here, and what to do. */
  layers: string | null;
}

interface Situation {
  /** What was screened: the project's parcels, or the visible map area. */
  scope: 'project' | 'view';
  /** Whether the project has a boundary drawn. */
  boundary: boolean;
}

const importParcels = 'import the parcels from a file (GeoJSON, zipped shapefile or KML) under “Import parcels”';
const askForParcelService = 'ask whoever runs this server to configure a county parcel service (PARCEL_SERVICES)';
const askForSources = 'ask whoever runs this server to turn on online layers (SCREENING_SOURCES)';

/** "a, b or c". */
const either = (words: string[]) => (words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`);
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The layer kinds the criteria read: each overlap kind, the grid for the distance, elevation (`slope`) for the slope. */
export function kindsChecked(criteria: Record<string, unknown>): string[] {
  const kinds: string[] = [];
  for (const [key, value] of Object.entries(criteria ?? {})) {
    if (value === undefined || value === null) continue;
    const overlap = /^max_(.+)_overlap_pct$/.exec(key)?.[1];
    if (overlap !== undefined) kinds.push(overlap);
    else if (key === 'max_grid_distance_km') kinds.push('grid');
    else if (key === 'max_slope_pct') kinds.push('slope');
  }
  return kinds;
}

const kindWords = (kind: string) => (kind === 'slope' ? 'elevation' : isBuiltInKind(kind) ? builtInKindLabels[kind].toLowerCase() : `“${criterionLabel(kind)}”`);

/** Where the screening looked, as the notes name it. */
function placeWords({ scope, boundary }: Situation, result: ReasonedParcels): string {
  if (scope === 'view') return 'the visible map area';
  if (boundary) return 'the boundary';
  return result.features.length > 0 ? "the project's parcels" : "the project's location";
}

function parcelsNote(situation: Situation, coverage: ScreeningCoverage, place: string): string {
  const services = coverage.parcel_services;
  if (!coverage.parcels && services.length === 0) {
    return `No parcels to show: no parcel data covers ${place}. The parcel store holds no parcels there and no parcel service covers it: to screen here, ${importParcels}, or ${askForParcelService}.`;
  }
  const lookUp = services.length > 0 ? `, pick one on the map (looked up in ${either(services)})` : '';
  if (situation.scope === 'view') {
    return coverage.parcels
      ? 'No parcels to show in the visible map area: move the map, or screen the project.'
      : `No parcels to show: the parcel store holds none in the visible map area. Attach a parcel by its number${lookUp}, or ${importParcels}.`;
  }
  if (situation.boundary) return `No parcels to show: none lies inside the boundary and none is attached. Attach a parcel by its number${lookUp}, or ${importParcels}.`;
  return 'No parcels to show: none is attached and no boundary is drawn. Attach a parcel, draw a boundary on the project’s page, or screen the visible map area.';
}

function layersNote(kinds: string[], coverage: ScreeningCoverage, place: string): string | null {
  const covered = new Set([...coverage.layers, ...coverage.sources].map((layer) => layer.kind));
  const missing = [...new Set(kinds)].filter((kind) => !covered.has(kind));
  if (missing.length === 0) return null;
  const uploadable = missing.filter((kind) => kind !== 'slope');
  const remedies = [
    ...(uploadable.length > 0 ? [`upload your own ${uploadable.length === 1 ? 'layer' : 'layers'} under “Your constraint layers”`] : []),
    ...(coverage.sources.length === 0 ? [askForSources] : missing.includes('slope') ? ['ask whoever runs this server to add an elevation source to SCREENING_SOURCES'] : []),
  ];
  const criteria = missing.length === 1 ? 'that criterion answers' : 'those criteria answer';
  return `No ${either(missing.map(kindWords))} layer covers ${place}, so ${criteria} Unknown there. ${capitalised(either(remedies))}.`;
}

/** What to say about the data behind `result`; nothing when the answer does not tell (a screening job's export). */
export function coverageNotes(result: ReasonedParcels, situation: Situation): CoverageNotes {
  const coverage = result.coverage;
  if (!coverage) return { parcels: null, layers: null };
  const place = placeWords(situation, result);
  return {
    parcels: result.features.length === 0 ? parcelsNote(situation, coverage, place) : null,
    layers: layersNote(kindsChecked(result.criteria as Record<string, unknown>), coverage, place),
  };
}
