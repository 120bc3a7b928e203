/**
 * `npx tsx server/cli/import-parcels.ts FILE --apn-field SSL --source "..."`: imports parcels (or, with --layer, a
 * screening layer) from GeoJSON, a zipped shapefile or KML into the database the server uses, and reports what was
 * added, what was already there and what was refused and why. Exit code 2 for bad flags or an unreadable file.
 */
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { layerKinds } from '../db/schema.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { loadSettings } from '../env.ts';
import { layersRepository, type LayerKind } from '../gis/layers-repository.ts';
import { parcelsRepository } from '../gis/parcels-repository.ts';
import { usersRepository } from '../auth/users-repository.ts';
import type { Bbox } from '../geo/geometry.ts';
import { GeoFileError, layerFeaturesFrom, parcelRowsFrom, readGeoFile, type Refusal } from '../geo/parcel-import.ts';

const USAGE = `Usage: npx tsx server/cli/import-parcels.ts FILE [options]

  FILE                     .geojson / .json, a zipped shapefile (.zip) or .kml
  --source TEXT            where the data comes from, with its licence (required)
  --source-date YYYY-MM-DD when the source published it
  --apn-field NAME         the property holding the parcel number (required for parcels)
  --county TEXT  --state TEXT
  --land-use-field NAME  --owner-name-field NAME
  --owner EMAIL            import as this user's own parcels (default: the shared store)
  --layer KIND             import a screening layer instead: ${layerKinds.join(' | ')}
  --name TEXT              the layer's name (with --layer; default: the file name)
  --coverage=W,S,E,N       the area the layer speaks for (default: the extent of its features)
  --dry-run                read and check only; write nothing
  --json                   print the report as one JSON object
  --help                   this text

The database is the server's: DATABASE_URL, else the PGlite folder under DATA_DIR (default ./data).`;

const OPTIONS = {
  source: { type: 'string' },
  'source-date': { type: 'string' },
  'apn-field': { type: 'string' },
  county: { type: 'string' },
  state: { type: 'string' },
  'land-use-field': { type: 'string' },
  'owner-name-field': { type: 'string' },
  owner: { type: 'string' },
  layer: { type: 'string' },
  name: { type: 'string' },
  coverage: { type: 'string' },
  'dry-run': { type: 'boolean' },
  json: { type: 'boolean' },
  help: { type: 'boolean' },
} as const;

export class UsageError extends Error {}

export interface ImportOptions {
  file: string;
  source: string;
  sourceDate?: string;
  apnField?: string;
  county?: string;
  state?: string;
  landUseField?: string;
  ownerNameField?: string;
  ownerEmail?: string;
  layer?: LayerKind;
  name?: string;
  coverage?: Bbox;
  dryRun?: boolean;
}

export interface ImportReport {
  file: string;
  kind: 'parcels' | LayerKind;
  features: number;
  added: number;
  /** Parcels whose number the store already holds for the same owner. */
  alreadyStored: number;
  /** Features a layer filter left out on purpose. */
  dropped: number;
  refused: Refusal[];
  dryRun: boolean;
}

export function parseOptions(argv: string[]): ImportOptions | 'help' {
  const { values, positionals } = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  if (values.help) return 'help';
  if (positionals.length !== 1) throw new UsageError('Give exactly one file to import.');
  if (!values.source?.trim()) throw new UsageError('--source is required: say where the data comes from and under which licence.');
  if (values['source-date'] !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(values['source-date'])) throw new UsageError('--source-date must be YYYY-MM-DD.');
  const layer = values.layer as LayerKind | undefined;
  if (layer !== undefined && !layerKinds.includes(layer)) throw new UsageError(`--layer must be one of ${layerKinds.join(', ')}.`);
  if (!layer && !values['apn-field']) throw new UsageError('--apn-field is required for parcels: the property that holds the parcel number.');
  let coverage: Bbox | undefined;
  if (values.coverage !== undefined) {
    const numbers = values.coverage.split(',').map(Number);
    const [w, s, e, n] = numbers;
    if (numbers.length !== 4 || numbers.some((v) => !Number.isFinite(v)) || !(w! < e! && s! < n!)) throw new UsageError('--coverage must be W,S,E,N in degrees.');
    coverage = [w!, s!, e!, n!];
  }
  return {
    file: positionals[0]!,
    source: values.source.trim(),
    sourceDate: values['source-date'],
    apnField: values['apn-field'],
    county: values.county,
    state: values.state,
    landUseField: values['land-use-field'],
    ownerNameField: values['owner-name-field'],
    ownerEmail: values.owner,
    layer,
    name: values.name,
    coverage,
    dryRun: values['dry-run'] ?? false,
  };
}

/** Reads, checks and (unless a dry run) stores one file; `database` may be omitted for a dry run. */
export async function importFile(options: ImportOptions, database?: Database): Promise<ImportReport> {
  const collection = await readGeoFile(options.file);
  const dryRun = options.dryRun ?? !database;
  let ownerId: string | null = null;
  if (options.ownerEmail) {
    if (!database) throw new UsageError('--owner needs the database.');
    const owner = await usersRepository(database.db).findByEmail(options.ownerEmail);
    if (!owner) throw new UsageError(`No user with the email ${options.ownerEmail}.`);
    ownerId = owner.id;
  }
  const base = { file: options.file, features: collection.features.length, dryRun };

  if (options.layer) {
    const { features, refused, dropped, extent } = layerFeaturesFrom(collection);
    const coverage = options.coverage ?? extent;
    let added = 0;
    if (!dryRun && database && coverage && features.length > 0) {
      const [minLng, minLat, maxLng, maxLat] = coverage;
      await layersRepository(database.db).insert({
        ownerId,
        kind: options.layer,
        name: options.name ?? options.file.split('/').at(-1)!,
        source: options.source,
        sourceDate: options.sourceDate ?? null,
        features,
        featureCount: features.length,
        minLng,
        minLat,
        maxLng,
        maxLat,
      });
      added = features.length;
    }
    return { ...base, kind: options.layer, added, alreadyStored: 0, dropped, refused };
  }

  const { rows, refused } = parcelRowsFrom(collection, {
    apnField: options.apnField!,
    source: options.source,
    sourceDate: options.sourceDate ?? null,
    county: options.county,
    state: options.state,
    landUseField: options.landUseField,
    ownerNameField: options.ownerNameField,
    ownerId,
  });
  const added = !dryRun && database ? await database.db.transaction((tx) => parcelsRepository(database.db).insertMany(rows, tx)) : 0;
  return { ...base, kind: 'parcels', added, alreadyStored: dryRun ? 0 : rows.length - added, dropped: 0, refused };
}

export function formatReport(report: ImportReport): string {
  const lines = [
    `${report.file}: ${report.features} features read as ${report.kind}${report.dryRun ? ' (dry run: nothing written)' : ''}`,
    `  added ${report.added}, already stored ${report.alreadyStored}, left out by the layer filter ${report.dropped}, refused ${report.refused.length}`,
  ];
  const byReason = new Map<string, number>();
  for (const r of report.refused) byReason.set(r.reason, (byReason.get(r.reason) ?? 0) + 1);
  for (const [reason, count] of byReason) lines.push(`  refused ${count}: ${reason}`);
  for (const r of report.refused.slice(0, 20)) lines.push(`    feature #${r.index}${r.apn ? ` (${r.apn})` : ''}: ${r.reason}`);
  if (report.refused.length > 20) lines.push(`    … and ${report.refused.length - 20} more (use --json for all)`);
  return lines.join('\n');
}

async function main() {
  let options;
  try {
    options = parseOptions(process.argv.slice(2));
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    process.exit(2);
  }
  if (options === 'help') {
    console.log(USAGE);
    return;
  }
  let database: Database | undefined;
  try {
    if (!options.dryRun || options.ownerEmail) {
      const settings = loadSettings();
      database = await openDatabase({ databaseUrl: settings.DATABASE_URL, dataDir: join(resolve(settings.DATA_DIR), 'pglite') });
    }
    const report = await importFile(options, database);
    console.log(process.argv.includes('--json') ? JSON.stringify(report) : formatReport(report));
  } catch (error) {
    if (error instanceof GeoFileError || error instanceof UsageError || (error as NodeJS.ErrnoException).code === 'ENOENT') {
      console.error((error as Error).message);
      process.exitCode = 2;
    } else throw error;
  } finally {
    await database?.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
