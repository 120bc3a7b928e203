import type { ScreeningCriteria } from '../../src/contract/gis.ts';
import { invalid } from '../http.ts';
import { layerCoverage, type LayerKind, type LayerMeta, type LayersRepository } from '../repositories/layers.ts';
import type { ParcelRow, ParcelsRepository } from '../repositories/parcels.ts';
import type { ProjectRow } from '../repositories/projects.ts';
import { bboxOf } from './geometry.ts';
import { areasOverlap, indexLayer, screenParcel, type IndexedLayer, type LayerSet, type ScreeningResult } from './screening.ts';

/** One screening request answers for at most this many parcels; a larger area must be narrowed first. */
export const maxScreenedParcels = 5000;
const layerCacheSize = 16;

export const layerRef = (layer: LayerMeta) => ({ id: layer.id, kind: layer.kind, name: layer.name, source: layer.source, source_date: layer.sourceDate });

export const tooManyParcels = () => invalid({ bbox: [`More than ${maxScreenedParcels} parcels in this area: zoom in or draw a smaller boundary.`] });

/** Loads the layers a user screens against (indexed once per layer) and the parcels that belong to a project. */
export function createProjectScreening(repos: { parcels: ParcelsRepository; layers: LayersRepository }) {
  // Layers never change once stored (a new version is a new row), so an index built for an id stays right.
  // Only this instance's copy is kept; another instance builds its own from the same rows.
  const indexed = new Map<string, Promise<IndexedLayer>>();
  function indexedLayer(meta: LayerMeta): Promise<IndexedLayer> {
    let entry = indexed.get(meta.id);
    if (!entry) {
      entry = repos.layers.features(meta.id).then((features) => indexLayer({ ref: layerRef(meta), coverage: layerCoverage(meta), features }));
      entry.catch(() => indexed.delete(meta.id));
      if (indexed.size >= layerCacheSize) indexed.delete(indexed.keys().next().value!);
      indexed.set(meta.id, entry);
    }
    return entry;
  }

  return {
    async layerSet(userId: string): Promise<LayerSet> {
      const chosen = await repos.layers.chosen(userId);
      const entries = await Promise.all([...chosen].map(async ([kind, meta]) => [kind, await indexedLayer(meta)] as [LayerKind, IndexedLayer]));
      return Object.fromEntries(entries);
    },

    /** The parcels attached to the project and the visible parcels its boundary overlaps. */
    async projectParcels(userId: string, project: ProjectRow): Promise<ParcelRow[]> {
      const byId = new Map((await repos.parcels.listForProject(project.id)).map((row) => [row.id, row]));
      if (project.boundary) {
        const inside = await repos.parcels.inBbox(userId, bboxOf(project.boundary), maxScreenedParcels);
        if (inside.length > maxScreenedParcels) throw tooManyParcels();
        for (const row of inside) if (!byId.has(row.id) && areasOverlap(row.geometry, project.boundary)) byId.set(row.id, row);
      }
      return [...byId.values()];
    },

    screen(rows: ParcelRow[], criteria: ScreeningCriteria, layers: LayerSet): { row: ParcelRow; result: ScreeningResult }[] {
      return rows.map((row) => ({ row, result: screenParcel({ id: row.id, geometry: row.geometry, areaM2: row.areaM2, landUse: row.landUse }, criteria, layers) }));
    },
  };
}

export type ProjectScreening = ReturnType<typeof createProjectScreening>;
