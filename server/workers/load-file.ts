/** Worker thread task: an uploaded load file read into its values, or the problems that refuse it (line and reason). */
import { parseLoadCsv, type LoadProblem, type ParsedLoad } from '../../src/solar/load/parse.ts';
import { workerTask } from './worker-pool.ts';

export type LoadFileResult = { ok: true; load: ParsedLoad; calendarYear: number | null; notes: string[] } | { ok: false; binary: boolean; problems: LoadProblem[] };

export function readLoadFile(bytes: Uint8Array): LoadFileResult {
  // Load files are text; a NUL byte means a binary file (a spreadsheet saved as .xlsx, say).
  if (bytes.includes(0)) return { ok: false, binary: true, problems: [] };
  const read = parseLoadCsv(new TextDecoder('utf-8').decode(bytes));
  return 'load' in read ? { ok: true, load: read.load, calendarYear: read.calendarYear, notes: read.notes } : { ok: false, binary: false, problems: read.problems };
}

export default workerTask(readLoadFile);
