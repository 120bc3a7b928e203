/**
 * A zipped shapefile read within limits. The archive's own directory is checked before anything is unpacked (ZIP
 * APPNOTE 6.3.10 §4.3), each entry is inflated with a cap on its output, and the record counts that .shp and .dbf
 * headers claim are checked against the bytes the files really have (ESRI Shapefile Technical Description, 1998;
 * dBASE III header). Only then does shpjs turn the records into features.
 */
import type { FeatureCollection, Geometry } from 'geojson';
import { crc32, inflateRawSync } from 'node:zlib';
import { parseDbf, parseShp } from 'shpjs';

export interface ArchiveLimits {
  /** Bytes the shapefile parts may unpack to, all together. */
  maxUnpackedBytes: number;
  /** Entries in the archive's directory. */
  maxEntries: number;
  /** Records in one .shp or .dbf. */
  maxFeatures: number;
}

/** The archive is readable but larger than the limits allow (413, where a damaged archive is a 400). */
export class ArchiveLimitError extends Error {}

const mib = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MiB`;

interface Entry {
  name: string;
  flags: number;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

const endOfDirectory = 0x06054b50;
const directoryHeader = 0x02014b50;
const localHeader = 0x04034b50;
const latin1 = new TextDecoder('latin1');
const utf8 = new TextDecoder();

/** The entries the archive's central directory lists, read without unpacking anything. */
function directoryOf(bytes: Uint8Array, view: DataView, limits: ArchiveLimits): Entry[] {
  // The end record is 22 bytes and ends the file, after a comment of at most 65,535 bytes: search only that far.
  let end = -1;
  for (let at = bytes.length - 22; at >= 0 && at >= bytes.length - 22 - 0xffff; at--) {
    if (view.getUint32(at, true) === endOfDirectory) {
      end = at;
      break;
    }
  }
  if (end < 0) throw new Error('the archive has no end-of-directory record (cut short, or not a ZIP archive)');
  const count = view.getUint16(end + 10, true);
  const size = view.getUint32(end + 12, true);
  const offset = view.getUint32(end + 16, true);
  if (count === 0xffff || size === 0xffffffff || offset === 0xffffffff) throw new Error('ZIP64 archives are not read');
  if (count > limits.maxEntries) throw new ArchiveLimitError(`The archive lists ${count} entries; at most ${limits.maxEntries} are read.`);
  if (offset + size > end) throw new Error('the archive directory lies outside the file');
  const entries: Entry[] = [];
  for (let at = offset, k = 0; k < count; k++) {
    if (at + 46 > offset + size || view.getUint32(at, true) !== directoryHeader) throw new Error(`entry ${k + 1} of the archive directory is damaged`);
    const nameLength = view.getUint16(at + 28, true);
    const flags = view.getUint16(at + 8, true);
    const name = bytes.subarray(at + 46, at + 46 + nameLength);
    entries.push({
      // Bit 11: the name is UTF-8; otherwise it is in the archiver's code page, of which latin1 keeps every byte.
      name: (flags & 0x800 ? utf8 : latin1).decode(name),
      flags,
      method: view.getUint16(at + 10, true),
      crc: view.getUint32(at + 16, true),
      compressedSize: view.getUint32(at + 20, true),
      size: view.getUint32(at + 24, true),
      localOffset: view.getUint32(at + 42, true),
    });
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return entries;
}

/** An entry's bytes, never more than the size the directory declares for it. */
function unpack(bytes: Uint8Array, view: DataView, entry: Entry): Uint8Array {
  if (entry.flags & 1) throw new Error(`${entry.name} is encrypted`);
  const at = entry.localOffset;
  if (at + 30 > bytes.length || view.getUint32(at, true) !== localHeader) throw new Error(`the local header of ${entry.name} is damaged`);
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  if (start + entry.compressedSize > bytes.length) throw new Error(`${entry.name} is cut short`);
  const data = bytes.subarray(start, start + entry.compressedSize);
  let out: Uint8Array;
  if (entry.method === 0) out = data;
  else if (entry.method === 8) {
    try {
      out = inflateRawSync(data, { maxOutputLength: Math.max(1, entry.size) });
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new Error(`${entry.name} unpacks to more than the ${entry.size} bytes it declares`, { cause: error });
      throw new Error(`${entry.name} cannot be inflated (${(error as Error).message})`, { cause: error });
    }
  } else throw new Error(`${entry.name} is compressed with method ${entry.method}; only stored and deflated entries are read`);
  if (out.length !== entry.size || crc32(out) !== entry.crc) throw new Error(`${entry.name} is damaged (its size or checksum does not match the archive directory)`);
  return out;
}

const dataView = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
const tooManyRecords = (name: string, limits: ArchiveLimits) => new ArchiveLimitError(`${name} holds more than ${limits.maxFeatures} records; at most ${limits.maxFeatures} features are read from one file.`);

/** Walks the record headers of a .shp: each says its own length, so the count is bounded by the file's size. */
function checkShapes(shp: DataView, name: string, limits: ArchiveLimits) {
  if (shp.byteLength < 100 || shp.getInt32(0) !== 9994) throw new Error(`${name} is not a shapefile (no file code 9994 in its header)`);
  let records = 0;
  for (let at = 100; at + 8 <= shp.byteLength; records++) {
    if (records >= limits.maxFeatures) throw tooManyRecords(name, limits);
    const length = shp.getInt32(at + 4) * 2;
    if (length < 0) throw new Error(`record ${records + 1} of ${name} claims a negative length`);
    // shpjs stops at a record longer than what is left, as this count does.
    if (at + 8 + length > shp.byteLength) break;
    at += 8 + length;
  }
}

/** The dBASE header's record count times the record length must fit in the file. */
function checkTable(dbf: DataView, name: string, limits: ArchiveLimits) {
  if (dbf.byteLength < 33) throw new Error(`${name} is shorter than a dBASE header`);
  const records = dbf.getUint32(4, true);
  const headerLength = dbf.getUint16(8, true);
  const recordLength = dbf.getUint16(10, true);
  if (headerLength < 33 || headerLength > dbf.byteLength) throw new Error(`${name} has a damaged header (it claims ${headerLength} bytes)`);
  const available = dbf.byteLength - headerLength;
  if (records * recordLength > available || (records > 0 && recordLength === 0)) {
    throw new Error(`${name} claims ${records} records of ${recordLength} bytes, but holds only ${available} bytes of records`);
  }
  if (records > limits.maxFeatures) throw tooManyRecords(name, limits);
}

type Layer = { shp?: Entry; dbf?: Entry; prj?: Entry; cpg?: Entry };

/** Every layer (.shp with its .dbf, .prj and .cpg) of a zipped shapefile, as one collection of features. */
export function readZippedShapefile(bytes: Uint8Array, limits: ArchiveLimits): FeatureCollection<Geometry | null> {
  const view = dataView(bytes);
  const layers = new Map<string, Layer>();
  for (const entry of directoryOf(bytes, view, limits)) {
    const part = /^(.+)\.(shp|dbf|prj|cpg)$/i.exec(entry.name);
    if (!part || entry.name.includes('__MACOSX')) continue;
    const layer = layers.get(part[1]!) ?? {};
    layer[part[2]!.toLowerCase() as keyof Layer] = entry;
    layers.set(part[1]!, layer);
  }
  const used = [...layers.values()].filter((layer) => layer.shp);
  if (used.length === 0) throw new Error('the archive holds no .shp file');
  const unpacked = used.flatMap((layer) => Object.values(layer)).reduce((sum, entry) => sum + entry.size, 0);
  if (unpacked > limits.maxUnpackedBytes) {
    throw new ArchiveLimitError(`The shapefile in the archive unpacks to ${mib(unpacked)}; at most ${mib(limits.maxUnpackedBytes)} are read.`);
  }

  let features: FeatureCollection<Geometry | null>['features'] = [];
  for (const layer of used) {
    const shp = dataView(unpack(bytes, view, layer.shp!));
    checkShapes(shp, layer.shp!.name, limits);
    const dbf = layer.dbf && dataView(unpack(bytes, view, layer.dbf));
    if (dbf) checkTable(dbf, layer.dbf!.name, limits);
    const text = (entry: Entry | undefined) => (entry ? utf8.decode(unpack(bytes, view, entry)) : undefined);
    const geometries = parseShp(shp, text(layer.prj));
    const properties = dbf ? parseDbf(dbf, text(layer.cpg)) : [];
    if (features.length + geometries.length > limits.maxFeatures) throw new ArchiveLimitError(`The archive holds more than ${limits.maxFeatures} features; at most ${limits.maxFeatures} are read from one file.`);
    features = features.concat(geometries.map((geometry, k) => ({ type: 'Feature' as const, geometry, properties: properties[k] ?? {} })));
  }
  return { type: 'FeatureCollection', features };
}
