import { count, desc, eq, getTableColumns, isNull, or, sql } from 'drizzle-orm';
import type { Feature, Geometry } from 'geojson';
import type { Db } from '../db/client.ts';
import { screeningLayers, type layerKinds } from '../db/schema.ts';
import type { Bbox } from '../geo/geometry.ts';

export type LayerKind = (typeof layerKinds)[number];
export type NewLayer = Omit<typeof screeningLayers.$inferInsert, 'id' | 'createdAt'>;

const { features: _features, ...metaColumns } = getTableColumns(screeningLayers);
export type LayerMeta = Omit<typeof screeningLayers.$inferSelect, 'features'>;

export const layerCoverage = (layer: LayerMeta): Bbox => [layer.minLng, layer.minLat, layer.maxLng, layer.maxLat];

export function layersRepository(db: Db) {
  return {
    async insert(values: NewLayer, tx: Db = db): Promise<LayerMeta> {
      const [row] = await tx.insert(screeningLayers).values(values).returning(metaColumns);
      return row!;
    },

    async countShared(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(screeningLayers).where(isNull(screeningLayers.ownerId));
      return row?.n ?? 0;
    },

    /** For each kind, the layer screening uses: the user's newest own layer, else the newest shared one. */
    async chosen(userId: string): Promise<Map<LayerKind, LayerMeta>> {
      const rows = await db
        .select(metaColumns)
        .from(screeningLayers)
        .where(or(isNull(screeningLayers.ownerId), eq(screeningLayers.ownerId, userId)))
        .orderBy(sql`${screeningLayers.ownerId} is null`, desc(screeningLayers.sourceDate), desc(screeningLayers.createdAt));
      const chosen = new Map<LayerKind, LayerMeta>();
      for (const row of rows) if (!chosen.has(row.kind)) chosen.set(row.kind, row);
      return chosen;
    },

    async features(id: string): Promise<Feature<Geometry>[]> {
      const [row] = await db.select({ features: screeningLayers.features }).from(screeningLayers).where(eq(screeningLayers.id, id));
      return row?.features ?? [];
    },
  };
}

export type LayersRepository = ReturnType<typeof layersRepository>;
