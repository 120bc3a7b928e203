/**
 * A planner's own constraint layers: uploaded GeoJSON, zipped shapefiles or KML read in worker threads within the
 * parcel upload limits, kept per user, of a built-in kind or of a custom kind named by a label.
 */
import {
  builtInKindLabels,
  isBuiltInKind,
  isReservedKind,
  kindLabelOf,
  kindSlug,
  layerMeasureOf,
  maxOwnLayersPerUser,
  ownLayerMessages,
  type OwnLayer,
  type OwnLayerFeatures,
  type OwnLayerUploadAnswer,
  type OwnLayerUploadFields,
} from '../../src/contract/own-layers.ts';
import { parcelUploadLimits, sniffGeoFormat, storableText } from '../geo/parcel-import.ts';
import { DomainError, invalid, requireOwned } from '../platform/domain-error.ts';
import type { UploadForm } from '../platform/multipart.ts';
import type { LayerFileResult, LayerFileTask } from '../workers/layer-file.ts';
import { createWorkerPool } from '../workers/worker-pool.ts';
import type { LayerMeta, LayersRepository } from './layers-repository.ts';
import { workerRefusal } from './parcel-import-service.ts';

/** Reads layer files in worker threads with the parcel files' limits: a slow or hostile file costs its own thread. */
export function createLayerFileReader(options: { onError: (error: unknown) => void }) {
  const pool = createWorkerPool<LayerFileTask, LayerFileResult>({
    entry: new URL('../workers/layer-file.ts', import.meta.url),
    maxThreads: parcelUploadLimits.threads,
    maxQueue: 8,
    heapMb: parcelUploadLimits.heapMb,
    onError: options.onError,
  });
  return {
    read: (task: LayerFileTask) =>
      pool.run(task, { runMs: parcelUploadLimits.parseMs, waitMs: parcelUploadLimits.waitMs }).catch((error: unknown) => {
        throw workerRefusal(error) ?? error;
      }),
    close: () => pool.close(),
  };
}

export type LayerFileReader = ReturnType<typeof createLayerFileReader>;

export interface OwnLayersDeps {
  layers: LayersRepository;
  reader: LayerFileReader;
}


export const ownLayerView = (layer: LayerMeta): OwnLayer => ({
  id: layer.id,
  kind: layer.kind,
  label: kindLabelOf(layer),
  name: layer.name,
  file_name: layer.fileName,
  measure: layerMeasureOf(layer.kind),
  feature_count: layer.featureCount,
  bbox: [layer.minLng, layer.minLat, layer.maxLng, layer.maxLat],
  created_at: layer.createdAt.toISOString(),
});

/** The kind and its label a form names: a built-in kind, one of the user's own kinds, or a new kind from a label. */
async function kindOf(layers: LayersRepository, userId: string, body: OwnLayerUploadFields): Promise<{ kind: string; label: string }> {
  const kind = body.kind?.trim() ?? '';
  const label = body.label?.trim() ?? '';
  if (kind && label) throw invalid({ label: [ownLayerMessages.notBoth] });
  if (label) {
    const slug = kindSlug(label);
    if (!slug) throw invalid({ label: [ownLayerMessages.labelNoLetters] });
    if (isBuiltInKind(slug)) throw invalid({ label: [ownLayerMessages.labelIsBuiltIn(slug)] });
    if (isReservedKind(slug)) throw invalid({ label: [ownLayerMessages.labelReserved(slug)] });
    return { kind: slug, label };
  }
  if (!kind) throw invalid({ kind: [ownLayerMessages.kindOrLabel] });
  if (isBuiltInKind(kind)) return { kind, label: builtInKindLabels[kind] };
  const own = (await layers.listOwn(userId)).find((layer) => layer.kind === kind);
  if (!own) throw invalid({ kind: [ownLayerMessages.unknownKind] });
  return { kind, label: kindLabelOf(own) };
}

/** Keeps the file's usable features as one of the user's layers; a file with none is refused and nothing is kept. */
export async function uploadOwnLayer(ctx: OwnLayersDeps, userId: string, body: OwnLayerUploadFields, file: UploadForm['file']): Promise<OwnLayerUploadAnswer> {
  if (!file) throw invalid({ file: [ownLayerMessages.fileRequired] });
  if (file.bytes.length === 0) throw invalid({ file: [ownLayerMessages.emptyFile] });
  const { kind, label } = await kindOf(ctx.layers, userId, body);
  // The name is the browser's to choose; the content decides how the file is read.
  const format = sniffGeoFormat(file.bytes);
  if (!format) throw new DomainError('unsupportedMedia', ownLayerMessages.notLayerFile);
  if ((await ctx.layers.countOwn(userId)) >= maxOwnLayersPerUser) throw new DomainError('conflict', ownLayerMessages.tooMany);

  const read = await ctx.reader.read({ bytes: file.bytes, format, measure: layerMeasureOf(kind), kindLabel: label, limits: parcelUploadLimits });
  if (!read.ok) throw read.status === 413 ? new DomainError('tooLarge', read.message) : invalid({ file: [read.message] });
  const fileName = storableText(file.name).slice(0, 255);
  const name = (body.name?.trim() || fileName || label).slice(0, 100);
  const [minLng, minLat, maxLng, maxLat] = read.extent;
  const layer = await ctx.layers.insert({
    ownerId: userId,
    kind,
    label,
    name,
    fileName,
    source: `Uploaded file ${fileName || 'without a name'}`.slice(0, 200),
    sourceDate: new Date().toISOString().slice(0, 10),
    features: read.features.map((feature) => ({ ...feature, properties: feature.properties ?? null })),
    featureCount: read.features.length,
    minLng,
    minLat,
    maxLng,
    maxLat,
  });
  return { layer: ownLayerView(layer), total: read.total, refused: read.refused };
}

export async function listOwnLayers(ctx: { layers: LayersRepository }, userId: string) {
  const results = (await ctx.layers.listOwn(userId)).map(ownLayerView);
  return { count: results.length, results };
}

export async function ownLayerFeatures(ctx: { layers: LayersRepository }, userId: string, id: string): Promise<OwnLayerFeatures> {
  const layer = requireOwned(await ctx.layers.getOwn(userId, id));
  return {
    type: 'FeatureCollection',
    id: layer.id,
    kind: layer.kind,
    label: kindLabelOf(layer),
    name: layer.name,
    bbox: [layer.minLng, layer.minLat, layer.maxLng, layer.maxLat],
    features: layer.features,
  };
}

export async function deleteOwnLayer(ctx: { layers: LayersRepository }, userId: string, id: string) {
  requireOwned(await ctx.layers.deleteOwn(userId, id));
}
