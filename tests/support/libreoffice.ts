/**
 * Recalculates a workbook with LibreOffice headless (../shared/TECH-NOTES.md, "XLSX with live formulas") and reads
 * every sheet back as CSV with each formula evaluated. Each run has its own LibreOffice profile, so parallel runs do
 * not clash, and works on a temporary copy of the file.
 */
import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { splitCsvLine } from '../../src/solar/weather/csv.ts';

const run = promisify(execFile);

/** Why LibreOffice cannot run here, or null when `soffice` is on the PATH. */
export function libreOfficeUnavailable(): string | null {
  try {
    execFileSync('sh', ['-c', 'command -v soffice'], { stdio: 'pipe' });
    return null;
  } catch {
    return 'soffice not found; apt-get install libreoffice-calc-nogui';
  }
}

/** Every value of a sheet, by row and column (0-based), as LibreOffice shows it unformatted. */
export type Sheet = string[][];

/** Opens `xlsx` in LibreOffice, recalculates every formula, and returns each sheet's cells by sheet name. */
export async function recalculate(xlsx: Buffer): Promise<Record<string, Sheet>> {
  const dir = await mkdtemp(join(tmpdir(), 'lo-recalc-'));
  const profile = join(tmpdir(), `lo-${randomBytes(8).toString('hex')}`);
  try {
    const file = join(dir, 'book.xlsx');
    await writeFile(file, xlsx);
    const out = join(dir, 'out');
    await run(
      'soffice',
      [
        `-env:UserInstallation=file://${profile}`,
        '--headless',
        '--norestore',
        '--convert-to',
        'csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false,false,-1',
        '--outdir',
        out,
        file,
      ],
      { timeout: 120_000 },
    );
    const sheets: Record<string, Sheet> = {};
    for (const name of await readdir(out)) {
      const match = /^book-(.+)\.csv$/.exec(name);
      if (match) sheets[match[1]!] = parseCsv(await readFile(join(out, name), 'utf8'));
    }
    if (Object.keys(sheets).length === 0) throw new Error(`LibreOffice wrote no CSV for ${file}`);
    return sheets;
  } finally {
    await rm(dir, { recursive: true, force: true });
    await rm(profile, { recursive: true, force: true });
  }
}

/** CSV to rows of fields (LibreOffice writes one record per line: no field holds a line break). */
export function parseCsv(text: string): string[][] {
  return text.split(/\r?\n/).filter((line) => line !== '').map(splitCsvLine);
}

/** A number as LibreOffice wrote it: percentages keep their %, thousands may be grouped. */
export function cellNumber(text: string | undefined): number {
  if (text === undefined || text.trim() === '') return NaN;
  const trimmed = text.trim().replace(/,/g, '');
  return trimmed.endsWith('%') ? Number(trimmed.slice(0, -1)) / 100 : Number(trimmed);
}

/** The row of a sheet whose first cell is `label`. */
export function rowOf(sheet: Sheet, label: string): string[] {
  const row = sheet.find((cells) => cells[0] === label);
  if (!row) throw new Error(`no row "${label}" in the sheet`);
  return row;
}
