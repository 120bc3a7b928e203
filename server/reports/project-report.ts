/**
 * The project report as a PDF (pdfkit, built-in Helvetica): the project, a drawing of its boundary and parcels coloured
 * by screening verdict, the primary feasibility study (figures, monthly energy, cash flows, assumptions), the parcels
 * with their reasons, the layers used, and the assumptions a new study would start from.
 */
import type { Position } from 'geojson';
import { criterionLabel, type LayerRef, type Reason, type ScreeningCriteria, type Verdict } from '../../src/contract/gis.ts';
import { criteriaInWords } from '../../src/contract/screening-map.ts';
import { dayAndTimeIn, dayIn } from '../../src/contract/time-zone.ts';
import type { Preset } from '../../src/contract/settings.ts';
import type { StudyRow } from '../feasibility/repository.ts';
import type { ParcelRow } from '../gis/parcels-repository.ts';
import type { ProjectRow } from '../projects/repository.ts';
import { areaUnits, bboxOf, type AreaGeometry, type Bbox } from '../geo/geometry.ts';
import { drawPrimaryStudy } from './study-page.ts';
import { criterionLabels, type ScreeningResult } from '../geo/screening.ts';

export interface ReportData {
  project: ProjectRow;
  /** The criteria the parcels were screened with, and whether they are the project's saved ones or the defaults. */
  criteria: { values: ScreeningCriteria; saved: boolean };
  parcels: { row: ParcelRow; result: ScreeningResult }[];
  layers: LayerRef[];
  preset: Preset;
  /** The project's primary feasibility study, when it has one. */
  primaryStudy?: StudyRow;
  generatedAt: Date;
  /** The IANA time zone the dates are printed in, and named. */
  timeZone: string;
}

const colours: Record<Verdict, string> = { pass: '#2f9e44', fail: '#e03131', unknown: '#868e96' };
const verdictWords: Record<Verdict, string> = { pass: 'suitable', fail: 'not suitable', unknown: 'not known' };
const maxParcelRows = 400;

// The built-in fonts only have the Windows-1252 repertoire: other characters would come out as wrong glyphs.
const winAnsiExtras = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const printable = (text: string) =>
  text
    .replace(/₹/g, 'INR ')
    .replace(/≈/g, '~')
    .replace(/[^\n\t\x20-\x7e\xa0-\xff]/g, (c) => (winAnsiExtras.has(c) ? c : '?'));

const fieldLabels: Record<string, string> = {
  module_power_w: 'Module power (W)',
  module_efficiency_pct: 'Module efficiency (%)',
  mount: 'Mounting',
  tilt_deg: 'Tilt (deg)',
  azimuth_deg: 'Azimuth (deg)',
  gcr: 'Ground coverage ratio',
  max_angle_deg: 'Tracker limit (deg)',
  losses_pct: 'System losses (%)',
  dc_ac_ratio: 'DC/AC ratio',
  inverter_efficiency_pct: 'Inverter efficiency (%)',
  capex_per_wdc: 'Capex per Wdc',
  fixed_costs: 'Fixed costs',
  om_per_kw_yr: 'O&M per kW-year',
  om_basis: 'O&M basis',
  om_escalation_pct: 'O&M escalation (%/yr)',
  price_per_kwh: 'Tariff / PPA price per kWh',
  escalation_pct: 'Price escalation (%/yr)',
  discount_rate_pct: 'Discount rate (%)',
  degradation_pct: 'Degradation (%/yr)',
  analysis_years: 'Analysis period (years)',
  currency: 'Currency',
};

/** A field the table above does not name, in words from its key: "insurance_pct" reads "Insurance (%)". */
function fieldLabel(field: string): string {
  if (fieldLabels[field]) return fieldLabels[field];
  const words = field
    .replace(/_pct$/, ' (%)')
    .replace(/_per_kwh$/, ' per kWh')
    .replace(/_per_wdc$/, ' per Wdc')
    .replace(/_years$/, ' (years)')
    .replace(/_months$/, ' (months)')
    .replace(/_/g, ' ')
    .replace(/\bom\b/, 'O&M')
    .replace(/\bmwh\b/, 'MWh')
    .replace(/\b(itc|ptc|dscr|irr)\b/g, (word) => word.toUpperCase());
  return words[0]!.toUpperCase() + words.slice(1);
}

/** An assumption's value in words: a depreciation allocation and the equipment reserves are objects, not scalars. */
function valueText(value: unknown): string {
  if (value === null || value === undefined) return 'not set';
  if (Array.isArray(value)) return value.length === 0 ? 'none' : value.map(valueText).join('; ');
  if (typeof value === 'object') return Object.entries(value).map(([key, part]: [string, unknown]) => `${key.replace(/_/g, ' ')} ${valueText(part)}`).join(', ');
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : JSON.stringify(value);
}

const areaText = (m2: number) => {
  const { ha, acres } = areaUnits(m2);
  return `${ha.toFixed(2)} ha (${acres.toFixed(2)} acres)`;
};

/** "buildable 0.89 ha (2.21 acres), 39.7 % of the parcel", as the map screen gives it beside the verdict. */
function buildableText(result: ScreeningResult): string {
  if (result.buildable_area_m2 === null || result.buildable_pct === null) return 'buildable area not known (a layer does not cover it)';
  return `buildable ${areaText(result.buildable_area_m2)}, ${result.buildable_pct} % of the parcel`;
}

/** The buildable area of the suitable parcels together; "none" when no parcel is suitable. */
function suitableBuildableText(parcels: ReportData['parcels']): string {
  const suitable = parcels.filter((p) => p.result.suitable);
  if (suitable.length === 0) return 'none (no suitable parcel)';
  return areaText(suitable.reduce((sum, p) => sum + (p.result.buildable_area_m2 ?? 0), 0));
}

function reasonText(reason: Reason): string {
  const measured = reason.measured === null || reason.measured === undefined ? 'n/a' : `${String(reason.measured)}${reason.unit && reason.unit !== '%' ? ` ${reason.unit}` : reason.unit}`;
  return `${criterionLabels[reason.criterion] ?? criterionLabel(reason.criterion)}: ${measured} (${reason.rule.toLowerCase()}) ${reason.verdict}`;
}

/** Draws shapes into a rectangle on an equirectangular projection that keeps the ground's proportions. */
function drawMap(doc: PDFKit.PDFDocument, data: ReportData, x: number, y: number, width: number, height: number) {
  const shapes: AreaGeometry[] = [...(data.project.boundary ? [data.project.boundary] : []), ...data.parcels.map((p) => p.row.geometry)];
  doc.save().rect(x, y, width, height).lineWidth(0.5).strokeColor('#adb5bd').stroke().restore();
  if (shapes.length === 0) {
    doc.fontSize(10).fillColor('#495057').text('No boundary or parcels yet: draw a boundary or add parcels to see them here.', x + 12, y + height / 2 - 6, { width: width - 24, align: 'center' });
    return;
  }
  const boxes = shapes.map(bboxOf);
  const extent: Bbox = [Math.min(...boxes.map((b) => b[0])), Math.min(...boxes.map((b) => b[1])), Math.max(...boxes.map((b) => b[2])), Math.max(...boxes.map((b) => b[3]))];
  const kx = Math.cos((((extent[1] + extent[3]) / 2) * Math.PI) / 180);
  const spanX = Math.max((extent[2] - extent[0]) * kx, 1e-6);
  const spanY = Math.max(extent[3] - extent[1], 1e-6);
  const scale = Math.min((width - 30) / spanX, (height - 30) / spanY);
  const offsetX = x + (width - spanX * scale) / 2;
  const offsetY = y + (height - spanY * scale) / 2;
  const at = (p: Position): [number, number] => [offsetX + (p[0]! - extent[0]) * kx * scale, offsetY + (extent[3] - p[1]!) * scale];
  const trace = (geometry: AreaGeometry) => {
    for (const rings of geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates) {
      for (const ring of rings) {
        ring.forEach((p, i) => (i === 0 ? doc.moveTo(...at(p)) : doc.lineTo(...at(p))));
        doc.closePath();
      }
    }
  };
  for (const { row, result } of data.parcels) {
    trace(row.geometry);
    doc.fillOpacity(0.35).lineWidth(0.6).fillAndStroke(colours[result.verdict], colours[result.verdict]).fillOpacity(1);
  }
  if (data.project.boundary) {
    trace(data.project.boundary);
    doc.lineWidth(1.6).dash(5, { space: 3 }).strokeColor('#1c7ed6').stroke().undash();
  }
  if (data.project.lat !== null && data.project.lng !== null) {
    const [px, py] = at([data.project.lng, data.project.lat]);
    if (px >= x && px <= x + width && py >= y && py <= y + height) doc.circle(px, py, 3).fill('#1c7ed6');
  }
  // North arrow and a scale bar of a round length.
  doc.save().moveTo(x + width - 18, y + 10).lineTo(x + width - 23, y + 22).lineTo(x + width - 13, y + 22).closePath().fill('#343a40').restore();
  doc.fontSize(7).fillColor('#343a40').text('N', x + width - 21, y + 24);
  const metresPerPoint = 111_320 / scale;
  const target = metresPerPoint * 80;
  const step = 10 ** Math.floor(Math.log10(target));
  const niceMetres = [1, 2, 5, 10].map((m) => m * step).filter((m) => m <= target).at(-1) ?? step;
  const barLength = niceMetres / metresPerPoint;
  doc.moveTo(x + 10, y + height - 12).lineTo(x + 10 + barLength, y + height - 12).lineWidth(1.5).strokeColor('#343a40').stroke();
  doc.fontSize(7).text(niceMetres >= 1000 ? `${niceMetres / 1000} km` : `${niceMetres} m`, x + 10, y + height - 24);
}

/** Renders the report; resolves with the PDF bytes. pdfkit is loaded at the first report: it took ~0.4 s of every start. */
export async function projectReportPdf(data: ReportData): Promise<Buffer> {
  const { project } = data;
  const { default: Pdf } = await import('pdfkit');
  const doc = new Pdf({
    size: 'A4',
    margin: 50,
    info: { Title: `${project.name} - Sunplot project report`, Author: 'Sunplot', Subject: 'Project report', CreationDate: data.generatedAt },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;

  doc.fontSize(9).fillColor('#868e96').text(`Sunplot project report - ${dayAndTimeIn(data.generatedAt, data.timeZone)} ${data.timeZone}`);
  doc.moveDown(0.3).fontSize(20).fillColor('#212529').text(printable(project.name));
  doc.moveDown(0.3).fontSize(10).fillColor('#343a40');
  const facts: [string, string][] = [
    ['Status', project.status.replace('_', ' ')],
    ['Location', project.lat === null || project.lng === null ? 'not set' : `${project.lat.toFixed(5)}, ${project.lng.toFixed(5)}`],
    ['Address', [project.address, project.postalCode, project.country].filter(Boolean).join(', ') || 'not set'],
    ['Boundary area', project.boundaryAreaM2 === null ? 'no boundary drawn' : areaText(project.boundaryAreaM2)],
    ['Parcels screened (attached or inside the boundary)', `${data.parcels.length} (${data.parcels.filter((p) => p.result.suitable).length} suitable)`],
    ...(data.parcels.length > 0 ? [['Buildable area of the suitable parcels', suitableBuildableText(data.parcels)] as [string, string]] : []),
    ['Created', `${dayIn(project.createdAt, data.timeZone)} (${data.timeZone})`],
  ];
  for (const [label, value] of facts) doc.font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(printable(value));
  if (project.description) doc.moveDown(0.5).text(printable(project.description), { width });

  doc.moveDown(0.8);
  const mapTop = doc.y;
  drawMap(doc, data, left, mapTop, width, 300);
  doc.y = mapTop + 306;
  doc.x = left;
  doc.fontSize(8).fillColor('#495057').text('Dashed blue: project boundary. Parcels: green suitable, red not suitable, grey not known (a layer is missing or does not cover the parcel).', left, doc.y, { width });

  doc.addPage();
  if (data.primaryStudy) {
    drawPrimaryStudy(doc, data.primaryStudy, printable, data.timeZone);
    doc.addPage();
  } else {
    doc.fontSize(10).fillColor('#495057').text('No feasibility study yet: run one from the project page; the primary study is reported here.', { width });
    doc.moveDown(1);
  }
  doc.fontSize(14).fillColor('#212529').text('Parcels and screening');
  doc.moveDown(0.3).fontSize(9).fillColor('#495057').text('Each parcel is checked against the criteria below; a criterion whose layer is missing or does not cover the parcel is reported as not known, never as a pass. The buildable area is the area of the parcel outside the flood zones, wetlands and protected land the criteria check, counted once where they overlap.', { width });
  doc.moveDown(0.3).fontSize(9).fillColor('#343a40').font('Helvetica-Bold').text(data.criteria.saved ? 'Criteria saved for this project on its map screen' : 'Criteria: the defaults (none saved on the map screen)', { width });
  doc.font('Helvetica').text(printable(`${criteriaInWords(data.criteria.values).join('; ')}.`), { width });
  doc.moveDown(0.5);
  if (data.parcels.length === 0) doc.fontSize(10).fillColor('#343a40').text('No parcels are attached to this project or inside its boundary.');
  for (const { row, result } of data.parcels.slice(0, maxParcelRows)) {
    const acres = areaUnits(row.areaM2).acres;
    doc.fontSize(10).fillColor(colours[result.verdict]).font('Helvetica-Bold').text(printable(`${row.apn}  -  ${acres.toFixed(2)} acres  -  ${verdictWords[result.verdict]}`), { width, continued: true });
    doc.font('Helvetica').fontSize(9).fillColor('#343a40').text(printable(`  -  ${buildableText(result)}`));
    doc.fontSize(8.5);
    for (const reason of result.reasons) doc.text(printable(`  ${reasonText(reason)}${reason.note ? ` - ${reason.note}` : ''}`), { width });
    doc.moveDown(0.3);
  }
  if (data.parcels.length > maxParcelRows) doc.fontSize(9).text(`... and ${data.parcels.length - maxParcelRows} more parcels (see the map view for all).`);

  doc.moveDown(0.6).fontSize(12).fillColor('#212529').text('Screening layers used');
  doc.fontSize(9).fillColor('#343a40');
  if (data.layers.length === 0) doc.text('None: every layer-based criterion is not known.');
  for (const layer of data.layers) doc.text(printable(`${layer.kind}: ${layer.name} - ${layer.source}${layer.source_date ? ` (${layer.source_date})` : ''}`), { width });

  doc.addPage();
  doc.fontSize(14).fillColor('#212529').text('Assumptions for new studies');
  doc.moveDown(0.2).fontSize(10).fillColor('#343a40').text(printable(`Preset: ${data.preset.name}${data.preset.builtin ? ' (built-in defaults)' : ''}`));
  for (const [section, values] of Object.entries(data.preset.assumptions)) {
    doc.moveDown(0.5).fontSize(11).fillColor('#212529').font('Helvetica-Bold').text(section[0]!.toUpperCase() + section.slice(1)).font('Helvetica');
    for (const [field, value] of Object.entries(values as Record<string, unknown>)) {
      const source = data.preset.sources[`${section}.${field}`];
      const cited = source ? ` - ${source.source}${source.year ? ` (${source.year})` : ''}${source.approximate ? ' [approximate, verify]' : ''}` : '';
      doc.fontSize(8.5).fillColor('#343a40').text(printable(`${fieldLabel(field)}: ${valueText(value)}${cited}`), { width });
    }
  }
  doc.moveDown(1).fontSize(7.5).fillColor('#868e96').text(
    printable(
      'Data: parcel and layer sources as listed above. Washington, DC demo data: Government of the District of Columbia, Open Data DC (DC GIS), CC BY 4.0, modified; flood zones from FEMA NFHL. Screening is indicative and the demo data dates from 2016: it is not fit for real siting decisions.',
    ),
    { width },
  );
  doc.end();
  return done;
}
