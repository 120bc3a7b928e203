/**
 * CSV cells and lines (RFC 4180: comma-separated, CRLF line ends, UTF-8) for every CSV the server or the browser
 * writes, safe to open in a spreadsheet. Pure functions.
 */

// What a spreadsheet reads as the start of a formula (OWASP, "CSV Injection": =, +, -, @, tab, carriage return).
const formulaStart = /^[=+\-@\t\r]/;
// A plain number ("-12.5", "+3", "1e-7"): a spreadsheet reads it as the number, never as a formula.
const plainNumber = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * One cell. A text that a spreadsheet would run as a formula is neutralised as OWASP advises: a single quote before
 * it, and the cell quoted, so `=HYPERLINK(…)` reads as text; plain numbers, such as -12.5, stay numbers. A cell holding
 * a separator, a quote or a line break is quoted, its quotes doubled.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  if (formulaStart.test(text) && !plainNumber.test(text)) return `"'${text.replace(/"/g, '""')}"`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line of cells, with its CRLF. */
export const csvLine = (cells: readonly (string | number | null | undefined)[]) => `${cells.map(csvCell).join(',')}\r\n`;
