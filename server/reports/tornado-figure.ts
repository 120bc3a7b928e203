/**
 * The study page's tornado in the PDF report: one panel per headline figure (equity IRR and after-tax NPV, or project
 * IRR and NPV pre-tax), each driver's steps as bars from the study's own value in the page's colours (input lower
 * blue, higher orange, ±20 % lighter than ±10 %), the whole scenarios in purple, widest swing on top, every bar end
 * labelled with its figure.
 */
import type { TornadoMetric, TornadoRows } from '../../src/solar/tornado-rows.ts';

/** As on the study page (tornado-chart.tsx), so a planner reads both the same way. */
const stepColours = new Map<number, string>([
  [-0.2, '#a5d8ff'],
  [-0.1, '#339af0'],
  [0.1, '#fd7e14'],
  [0.2, '#ffc078'],
]);
const colours = { scenario: '#9775fa', axis: '#495057', text: '#343a40', muted: '#868e96' };

export const tornadoLegend: { label: string; colour: string }[] = [
  { label: 'Input 20 % lower', colour: stepColours.get(-0.2)! },
  { label: '10 % lower', colour: stepColours.get(-0.1)! },
  { label: '10 % higher', colour: stepColours.get(0.1)! },
  { label: '20 % higher', colour: stepColours.get(0.2)! },
  { label: 'Scenario', colour: colours.scenario },
];

/** The legend on one line from (x, y); returns the y below it. */
export function drawTornadoLegend(doc: PDFKit.PDFDocument, x: number, y: number): number {
  let at = x;
  doc.font('Helvetica').fontSize(7.5);
  for (const item of tornadoLegend) {
    doc.rect(at, y + 1, 9, 7).fill(item.colour);
    doc.fillColor(colours.text).text(item.label, at + 12, y, { lineBreak: false });
    at += 12 + doc.widthOfString(item.label) + 14;
  }
  return y + 14;
}

const grouped = (value: number, digits: number) => value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

export function formatFigure(metric: TornadoMetric, value: number, currency: string): string {
  if (metric === 'irr') return `${grouped(value, 2)} %`;
  return Math.abs(value) >= 1e6 ? `${currency} ${grouped(value / 1e6, 2)}M` : `${currency} ${grouped(value / 1e3, 0)}k`;
}

/** Draws one panel from `y` down and returns the y below it. */
export function drawTornadoPanel(
  doc: PDFKit.PDFDocument,
  panel: { title: string; metric: TornadoMetric; currency: string } & TornadoRows,
  box: { x: number; y: number; width: number },
): number {
  const { metric, currency, rows, base } = panel;
  const labelWidth = 78;
  const rowHeight = 15;
  const barHeight = 9;
  doc.font('Helvetica-Bold').fontSize(9.5).fillColor(colours.text).text(panel.title, box.x, box.y, { width: box.width });
  let y = doc.y + 4;
  const omitted = panel.omitted.map(({ label, reason }) => `${label}: ${reason}`);
  if (base === null || rows.length === 0) {
    doc.font('Helvetica').fontSize(8).fillColor(colours.muted).text(omitted.join(' '), box.x, y, { width: box.width });
    return doc.y + 6;
  }
  const values = [base, ...rows.flatMap((row) => row.steps.flatMap((step) => (step.value === null ? [] : [step.value])))];
  const low = Math.min(...values);
  const high = Math.max(...values);
  const span = high - low || Math.abs(base) || 1;
  // Room either side for the end labels.
  const plotX = box.x + labelWidth + 52;
  const plotWidth = box.width - labelWidth - 104;
  const xOf = (value: number) => plotX + ((value - low) / span) * plotWidth;
  const baseX = xOf(base);
  doc.font('Helvetica').fontSize(7).fillColor(colours.muted).text(`study: ${formatFigure(metric, base, currency)}`, baseX - 50, y, { width: 100, align: 'center' });
  y += 10;
  const top = y;
  for (const row of rows) {
    doc.font('Helvetica').fontSize(7.5).fillColor(colours.text).text(row.label, box.x, y + 1, { width: labelWidth, ellipsis: true });
    const barY = y + (rowHeight - barHeight) / 2 - 1;
    const bar = (from: number, to: number, colour: string) => {
      const [a, b] = [xOf(Math.min(from, to)), xOf(Math.max(from, to))];
      doc.rect(a, barY, Math.max(b - a, 0.5), barHeight).fill(colour);
    };
    if (row.scenario) {
      bar(base, row.steps[0]!.value!, colours.scenario);
    } else {
      // The ±20 % bars first, the ±10 % over them, so the inner part shows.
      for (const step of [...row.steps].sort((a, b) => Math.abs(b.change) - Math.abs(a.change))) {
        if (step.value !== null) bar(base, step.value, stepColours.get(step.change) ?? colours.muted);
      }
    }
    const ends = row.steps.flatMap((step) => (step.value === null ? [] : [step.value]));
    const lowEnd = Math.min(base, ...ends);
    const highEnd = Math.max(base, ...ends);
    doc.fontSize(6.5).fillColor(colours.text);
    if (lowEnd < base) doc.text(formatFigure(metric, lowEnd, currency), xOf(lowEnd) - 52, barY + 1.5, { width: 50, align: 'right' });
    if (highEnd > base) doc.text(formatFigure(metric, highEnd, currency), xOf(highEnd) + 2, barY + 1.5, { width: 50, align: 'left' });
    if (row.steps.some((step) => step.value === null)) doc.fillColor(colours.muted).text('no IRR at some steps', plotX + plotWidth + 2, barY + 1.5, { width: 52 });
    y += rowHeight;
  }
  doc.moveTo(baseX, top - 2).lineTo(baseX, y).lineWidth(0.6).strokeColor(colours.axis).stroke();
  doc.x = box.x;
  doc.y = y + 2;
  if (omitted.length > 0) doc.font('Helvetica').fontSize(7).fillColor(colours.muted).text(`Not drawn - ${omitted.join('; ')}`, box.x, doc.y, { width: box.width });
  return doc.y + 8;
}
