/**
 * The screening's CSV, line by line, so that a screening job's export (written by the server a page of results at a
 * time) has the columns and cells of the map screen's export. Pure functions.
 */
import { csvLine } from './csv.ts';
import type { ScreenedParcel } from './gis.ts';

export const screeningCsvColumns = [
  'apn',
  'parcel_verdict',
  'area_acres',
  'area_ha',
  'buildable_area_acres',
  'buildable_area_ha',
  'buildable_pct',
  'criterion',
  'rule',
  'threshold',
  'measured',
  'unit',
  'verdict',
  'note',
  'layer',
  'layer_source',
  'layer_date',
] as const;

/** A threshold or measured value for a program to read: a dot for decimals, no grouping, three decimals below 10, two above. */
function csvValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(csvValue).join(', ');
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : value.toFixed(Math.abs(value) < 10 ? 3 : 2).replace(/\.?0+$/, '');
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The header line (RFC 4180, CRLF). */
export const screeningCsvHeader = () => csvLine(screeningCsvColumns);

/**
 * One line per parcel and criterion, each with its parcel's area and buildable area (empty when not known). The
 * figures go as the API gives them (areas to 4 decimals, shares to 2): rounding them again could turn 2.2095 into 2.209.
 */
export function screeningCsvLines(features: readonly ScreenedParcel[]): string {
  let text = '';
  for (const { properties: p } of features) {
    for (const reason of p.reasons) {
      text += csvLine([
        p.apn,
        p.verdict,
        p.area_acres,
        p.area_ha,
        p.buildable_area_acres,
        p.buildable_area_ha,
        p.buildable_pct,
        reason.criterion,
        reason.rule,
        csvValue(reason.threshold),
        csvValue(reason.measured),
        reason.unit,
        reason.verdict,
        reason.note ?? '',
        reason.layer?.name ?? '',
        reason.layer?.source ?? '',
        reason.layer?.source_date ?? '',
      ]);
    }
  }
  return text;
}
