import { and, count, desc, eq, getTableColumns, isNull, or, sql } from 'drizzle-orm';
import type { Feature, Geometry } from 'geojson';
import { isBuiltInKind } from '../../src/contract/own-layers.ts';
import type { Db } from '../db/client.ts';
import { screeningLayers, type layerKinds } from '../db/schema.ts';
import type { Bbox } from '../geo/geometry.ts';
import { isUuid } from '../platform/ids.ts';

export type LayerKind = (typeof layerKinds)[number];
export type NewLayer = Omit<typeof screeningLayers.$inferInsert, 'id' | 'createdAt'>;

const { features: _features, ...metaColumns } = getTableColumns(screeningLayers);
export type LayerMeta = Omit<typeof screeningLayers.$inferSelect, 'features'>;
/** A layer of a built-in kind: every shared layer, and a user's own of those kinds. */
export type BuiltInLayerMeta = LayerMeta & { kind: LayerKind };
export type LayerRow = typeof screeningLayers.$inferSelect;

export const layerCoverage = (layer: LayerMeta): Bbox => [layer.minLng, layer.minLat, layer.maxLng, layer.maxLat];

const isBuiltIn = (layer: LayerMeta): layer is BuiltInLayerMeta => isBuiltInKind(layer.kind);
const ownedBy = (userId: string, id: string) => and(eq(screeningLayers.id, id), eq(screeningLayers.ownerId, userId));

export function layersRepository(db: Db) {
  /** The user's own layers and the shared ones: own first, then each group newest first. */
  const visibleTo = (userId: string) =>
    db
      .select(metaColumns)
      .from(screeningLayers)
      .where(or(isNull(screeningLayers.ownerId), eq(screeningLayers.ownerId, userId)))
      .orderBy(sql`${screeningLayers.ownerId} is null`, desc(screeningLayers.sourceDate), desc(screeningLayers.createdAt), desc(screeningLayers.id));

  return {
    async insert(values: NewLayer, tx: Db = db): Promise<LayerMeta> {
      const [row] = await tx.insert(screeningLayers).values(values).returning(metaColumns);
      return row!;
    },

    async countShared(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(screeningLayers).where(isNull(screeningLayers.ownerId));
      return row?.n ?? 0;
    },

    /** Every layer screening applies for the user: all of the user's own (of any kind) and the newest shared layer of each built-in kind. */
    async applicable(userId: string): Promise<LayerMeta[]> {
      const sharedKinds = new Set<string>();
      return (await visibleTo(userId)).filter((row) => {
        if (row.ownerId !== null) return true;
        if (sharedKinds.has(row.kind)) return false;
        sharedKinds.add(row.kind);
        return true;
      });
    },

    /** For each built-in kind, the layer screening uses: the user's newest own layer, else the newest shared one. */
    async chosen(userId: string): Promise<Map<LayerKind, BuiltInLayerMeta>> {
      const chosen = new Map<LayerKind, BuiltInLayerMeta>();
      for (const row of await visibleTo(userId)) if (isBuiltIn(row) && !chosen.has(row.kind)) chosen.set(row.kind, row);
      return chosen;
    },

    async features(id: string): Promise<Feature<Geometry>[]> {
      const [row] = await db.select({ features: screeningLayers.features }).from(screeningLayers).where(eq(screeningLayers.id, id));
      return row?.features ?? [];
    },

    /** The user's own layers, newest first, without their features. */
    async listOwn(userId: string): Promise<LayerMeta[]> {
      return db.select(metaColumns).from(screeningLayers).where(eq(screeningLayers.ownerId, userId)).orderBy(desc(screeningLayers.createdAt), desc(screeningLayers.id));
    },

    async countOwn(userId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(screeningLayers).where(eq(screeningLayers.ownerId, userId));
      return row?.n ?? 0;
    },

    /** One of the user's own layers with its features; undefined for an unknown, malformed, shared or someone else's id. */
    async getOwn(userId: string, id: string): Promise<LayerRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.select().from(screeningLayers).where(ownedBy(userId, id));
      return row;
    },

    async deleteOwn(userId: string, id: string): Promise<boolean> {
      if (!isUuid(id)) return false;
      const rows = await db.delete(screeningLayers).where(ownedBy(userId, id)).returning({ id: screeningLayers.id });
      return rows.length > 0;
    },
  };
}

export type LayersRepository = ReturnType<typeof layersRepository>;
