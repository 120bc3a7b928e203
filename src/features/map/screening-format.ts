/** How screening results read: labels, values, tooltips, and the GeoJSON and CSV exports. Pure functions. */
import type { FormErrors } from '../../../machines/form-errors.ts';
import { criterionLabel, type LayerRef, type Reason, type Verdict } from '../../contract/gis.ts';
import type { ReasonedParcels, ScreenedParcel } from '../../contract/gis.ts';
import { formatArea } from '../../lib/map/area.ts';
import { screeningCsvHeader, screeningCsvLines } from '../../contract/screening-export.ts';
import type { PathStyle } from '../../lib/map/map-types.ts';
import { formatNumber, formatPercent } from '../../lib/number-format.ts';

export const verdictLabels: Record<Verdict, string> = { pass: 'Pass', fail: 'Fail', unknown: 'Unknown' };
export const verdictColors: Record<Verdict, string> = { pass: '#2f855a', fail: '#c53030', unknown: '#718096' };
export const verdictPalettes: Record<Verdict, string> = { pass: 'green', fail: 'red', unknown: 'gray' };
const verdictMarks: Record<Verdict, string> = { pass: '✓', fail: '✗', unknown: '?' };

export const verdictStyle = (verdict: Verdict): PathStyle => ({ color: verdictColors[verdict], weight: 2, fillColor: verdictColors[verdict], fillOpacity: 0.35 });

/** Decimals a measured value keeps: three below 10, two above. */
const digitsOf = (value: number) => (Math.abs(value) < 10 ? 3 : 2);

/** A threshold or measured value with its unit: "12.5 acres", "0%", "Residential, Vacant"; "—" when not known. */
export function formatValue(value: unknown, unit: string): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.map((item) => formatValue(item, '')).join(', ');
  if (typeof value === 'number' && unit === '%') return formatPercent(value, digitsOf(value), { minDigits: 0 });
  const text = typeof value === 'number' ? formatNumber(value, digitsOf(value)) : typeof value === 'string' ? value : JSON.stringify(value);
  return `${text}${unit ? ` ${unit}` : ''}`;
}

export const layerText = (layer: LayerRef | null) => (layer ? `${layer.name} (${layer.source_date ?? 'undated'})` : '—');

type ParcelProps = ScreenedParcel['properties'];

/** The buildable area with its share, "0.73 ha (1.79 acres), 46 %"; what is missing when it is not known. */
export function buildableText(p: ParcelProps): string {
  if (p.buildable_area_ha === null || p.buildable_area_acres === null || p.buildable_pct === null) {
    const exclusions = p.reasons.filter((reason) => reason.criterion === 'flood' || reason.criterion === 'wetland' || reason.criterion === 'protected');
    return exclusions.length === 0 ? 'not measured (no flood, wetland or protected-land check)' : 'not known (a layer does not cover it)';
  }
  return `${formatArea({ ha: p.buildable_area_ha, acres: p.buildable_area_acres })}, ${formatValue(p.buildable_pct, '%')}`;
}

/** One line on why a parcel got its verdict: "Fails flood zone (12 %), wetlands (3 %)", "Passes 2 checks". */
export function verdictSummary(p: ParcelProps): string {
  const which = (verdict: Verdict) =>
    p.reasons
      .filter((reason) => reason.verdict === verdict)
      .map((reason) => `${criterionLabel(reason.criterion).toLowerCase()}${reason.measured === null ? '' : ` (${formatValue(reason.measured, reason.unit)})`}`)
      .join(', ');
  if (p.verdict === 'fail') return `Fails ${which('fail')}`;
  if (p.verdict === 'unknown') return `Not known: ${which('unknown')}`;
  return p.reasons.length === 1 ? 'Passes the one check' : `Passes all ${p.reasons.length} checks`;
}

/** What the map shows while the pointer is over a screened parcel. */
export function parcelTooltip({ properties: p }: ScreenedParcel): string {
  const lines = [`APN ${p.apn}: ${verdictLabels[p.verdict]}`, `Area ${formatArea({ ha: p.area_ha, acres: p.area_acres })}`, `Buildable ${buildableText(p)}`];
  for (const reason of p.reasons) {
    lines.push(`${verdictMarks[reason.verdict]} ${criterionLabel(reason.criterion)}: ${formatValue(reason.measured, reason.unit)} (${reason.rule})${reason.note ? `. ${reason.note}` : ''}`);
  }
  return lines.join('\n');
}

/** One row per parcel and criterion, as the table and the CSV show them. */
export interface ReasonRow {
  parcelId: string;
  apn: string;
  parcelVerdict: Verdict;
  reason: Reason;
}

export const reasonRows = (features: readonly ScreenedParcel[]): ReasonRow[] =>
  features.flatMap((feature) => feature.properties.reasons.map((reason) => ({ parcelId: feature.id, apn: feature.properties.apn, parcelVerdict: feature.properties.verdict, reason })));

/**
 * The reasons as CSV (RFC 4180), one row per parcel and criterion, as a screening job's export writes them
 * (src/contract/screening-export.ts).
 */
export const screeningCsv = (result: ReasonedParcels): string => screeningCsvHeader() + screeningCsvLines(result.features);

/** The screened parcels as a GeoJSON FeatureCollection, with the criteria and layers used as foreign members. */
export function screeningGeoJson(result: ReasonedParcels): string {
  return JSON.stringify({ type: result.type, features: result.features, criteria: result.criteria as unknown, layers: result.layers, summary: result.summary }, null, 2);
}

/** Every source the result rests on, each once: the parcels' and the layers'. */
export function attributionsOf(result: ReasonedParcels): { label: string; source: string; date: string | null }[] {
  const seen = new Map<string, { label: string; source: string; date: string | null }>();
  for (const feature of result.features) {
    const { source, source_date } = feature.properties;
    if (source !== 'drawn' && !seen.has(source)) seen.set(source, { label: 'Parcels', source, date: source_date });
  }
  for (const layer of result.layers) if (!seen.has(layer.source)) seen.set(layer.source, { label: layer.name, source: layer.source, date: layer.source_date });
  return [...seen.values()];
}

/** What the parcel search says after a failed search or attach. */
export function parcelErrorMessage(errors: FormErrors, during: 'find' | 'attach'): string {
  if (during === 'find' && errors.status === 404) return 'No parcel with this number in the parcel store.';
  return errors.fields.apn?.[0] ?? errors.detail ?? (during === 'find' ? 'The search did not work. Please try again.' : 'The parcel could not be attached.');
}

/** A failed screening: one message for the form, and the criteria messages under their fields (the API nests them under filters.). */
export function screeningErrorsOf(errors: FormErrors | null): { message: string | null; fields?: Record<string, string[]> } {
  if (!errors) return { message: null };
  const fields = Object.fromEntries(Object.entries(errors.fields).map(([field, messages]) => [field.replace(/^filters\./, ''), messages]));
  return { message: errors.detail ?? fields.bbox?.[0] ?? 'Check the criteria.', fields };
}
