import { Column, is, SQL, Subquery, getTableName, type DriverValueDecoder } from 'drizzle-orm';

/** What drizzle's prepared queries (node-postgres and PGlite alike) hold beside the SQL: read, not part of its typed API. */
interface PreparedInternals {
  fields?: { path: string[]; field: unknown }[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown[];
}

type Decoder = DriverValueDecoder<unknown, unknown>;
// An SQL fragment's decoder is internal to drizzle too.
const decoderOfSql = (fragment: SQL) => (fragment as unknown as { decoder: Decoder }).decoder;

/** The decoder drizzle's mapResultRow picks for a selected field. */
const decoderOf = (field: unknown): Decoder => {
  if (is(field, Column)) return field;
  if (is(field, SQL)) return decoderOfSql(field);
  if (is(field, Subquery)) return decoderOfSql(field._.sql);
  return decoderOfSql((field as SQL.Aliased).sql);
};

/**
 * Reads drizzle internals (`fields`, `joinsNotNullableMap`, `customResultMapper`, an SQL's `decoder`), so package.json pins
 * drizzle-orm to an exact version: bump it only together with tests/server/compiled-rows.test.ts passing.
 *
 * A prepared select whose rows are mapped by a mapper worked out once from its columns. Drizzle's own mapping works out,
 * for every field of every row, what kind of field it is (walking its class chain), its decoder and the path it goes
 * to: on the project list that was a third of the CPU the query cost. The answer is the same: each value decoded by its
 * column's decoder into the selection's shape, and a left-joined table's object null when that table matched no row
 * (drizzle's rule: the object's first column, from that table alone, is null).
 */
export function withCompiledRows<P extends { execute: (...args: never[]) => Promise<unknown> }>(prepared: P): P {
  const internals = prepared as unknown as PreparedInternals;
  const fields = internals.fields;
  if (!fields || internals.customResultMapper) throw new Error('withCompiledRows needs a prepared select');
  const columns = fields.map(({ path, field }) => ({ path, decoder: decoderOf(field) }));
  // Objects of one left-joined table each: nulled when their first column is null (see above).
  const nullable: { key: string; first: number }[] = [];
  const seen = new Map<string, string | false>();
  fields.forEach(({ path, field }, index) => {
    if (path.length !== 2 || !is(field, Column)) return;
    const table = getTableName(field.table);
    const known = seen.get(path[0]!);
    if (known === undefined) {
      seen.set(path[0]!, table);
      if (!internals.joinsNotNullableMap?.[table]) nullable.push({ key: path[0]!, first: index });
    } else if (known !== table) seen.set(path[0]!, false);
  });
  // Without joins drizzle nulls nothing.
  const nulled = internals.joinsNotNullableMap ? nullable.filter(({ key }) => seen.get(key) !== false) : [];

  const mapRow = (row: unknown[]) => {
    const result: Record<string, unknown> = {};
    for (let i = 0; i < columns.length; i++) {
      const { path, decoder } = columns[i]!;
      const raw = row[i];
      let node = result;
      for (let depth = 0; depth < path.length - 1; depth++) node = (node[path[depth]!] ??= {}) as Record<string, unknown>;
      node[path[path.length - 1]!] = raw === null ? null : decoder.mapFromDriverValue(raw);
    }
    for (const { key, first } of nulled) if (row[first] === null) result[key] = null;
    return result;
  };
  internals.customResultMapper = (rows) => rows.map(mapRow);
  return prepared;
}
