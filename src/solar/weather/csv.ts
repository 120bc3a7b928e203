/** Comma-separated fields of one line; double quotes protect commas, and "" inside quotes is one quote. */
export function splitCsvLine(line: string): string[] {
  if (!line.includes('"')) return line.split(',');
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let k = 0; k < line.length; k++) {
    const ch = line[k];
    if (quoted) {
      if (ch === '"' && line[k + 1] === '"') {
        field += '"';
        k++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      fields.push(field);
      field = '';
    } else field += ch;
  }
  fields.push(field);
  return fields;
}

/** Index of each named column in a header row; refuses the file when a required one is absent. */
export function columnIndex<Name extends string>(
  header: string[],
  required: readonly Name[],
  onMissing: (name: Name) => never,
): Record<Name, number> {
  const trimmed = header.map((h) => h.trim());
  const index = {} as Record<Name, number>;
  for (const name of required) {
    const at = trimmed.indexOf(name);
    if (at < 0) onMissing(name);
    index[name] = at;
  }
  return index;
}
