import { and, asc, count, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { parcels, projectParcels, projects } from '../db/schema.ts';
import { apnKey, type Bbox } from '../geo/geometry.ts';
import type { NewParcel } from '../geo/parcel-import.ts';

export type ParcelRow = typeof parcels.$inferSelect;
export interface ParcelRef {
  id: string;
  apnKey: string;
}

/** Rows per INSERT: keeps each statement well under PostgreSQL's 65,535 bind parameters. */
const insertChunk = 500;

const visibleTo = (userId: string) => or(isNull(parcels.ownerId), eq(parcels.ownerId, userId));

export function parcelsRepository(db: Db) {
  // Prepared once: every project get runs it (on PostgreSQL also parsed and planned once per connection).
  const ofProject = db
    .select({ parcel: parcels })
    .from(projectParcels)
    .innerJoin(parcels, eq(parcels.id, projectParcels.parcelId))
    .where(eq(projectParcels.projectId, sql.placeholder('projectId')))
    .orderBy(asc(projectParcels.createdAt), asc(parcels.apnKey))
    .prepare('parcels_of_project');

  return {
    /** Inserts parcels, skipping any whose (owner, APN) is already stored; answers how many were added. */
    async insertMany(rows: NewParcel[], tx: Db = db): Promise<number> {
      let added = 0;
      for (let i = 0; i < rows.length; i += insertChunk) {
        const chunk = rows.slice(i, i + insertChunk).map((row) => ({ ...row, apnKey: apnKey(row.apn) }));
        const inserted = await tx.insert(parcels).values(chunk).onConflictDoNothing().returning({ id: parcels.id });
        added += inserted.length;
      }
      return added;
    },

    /**
     * Stores parcels as the user's own. A number the user already has keeps its stored parcel (never overwritten);
     * answers the ids of the parcels added and of those kept, by APN key.
     */
    async importOwn(userId: string, rows: Omit<NewParcel, 'ownerId'>[], tx: Db = db): Promise<{ added: ParcelRef[]; kept: ParcelRef[] }> {
      const added: ParcelRef[] = [];
      const kept: ParcelRef[] = [];
      for (let i = 0; i < rows.length; i += insertChunk) {
        const chunk = rows.slice(i, i + insertChunk).map((row) => ({ ...row, ownerId: userId, apnKey: apnKey(row.apn) }));
        const inserted = await tx.insert(parcels).values(chunk).onConflictDoNothing().returning({ id: parcels.id, apnKey: parcels.apnKey });
        added.push(...inserted);
        const insertedKeys = new Set(inserted.map((row) => row.apnKey));
        const missing = chunk.map((row) => row.apnKey).filter((key) => !insertedKeys.has(key));
        if (missing.length > 0) {
          kept.push(
            ...(await tx
              .select({ id: parcels.id, apnKey: parcels.apnKey })
              .from(parcels)
              .where(and(eq(parcels.ownerId, userId), inArray(parcels.apnKey, missing)))),
          );
        }
      }
      return { added, kept };
    },

    /** Attaches parcels to a project; answers how many were not attached before. */
    async attachMany(projectId: string, parcelIds: string[], tx: Db = db): Promise<number> {
      let attached = 0;
      for (let i = 0; i < parcelIds.length; i += insertChunk) {
        const values = parcelIds.slice(i, i + insertChunk).map((parcelId) => ({ projectId, parcelId }));
        attached += (await tx.insert(projectParcels).values(values).onConflictDoNothing().returning({ id: projectParcels.parcelId })).length;
      }
      return attached;
    },

    /**
     * Stores parcels as the user's own (as importOwn) and attaches every stored one to the project when given, in one
     * transaction: a failure part-way leaves neither parcels nor attachments behind.
     */
    async importOwnAndAttach(userId: string, rows: Omit<NewParcel, 'ownerId'>[], projectId: string | undefined): Promise<{ added: ParcelRef[]; kept: ParcelRef[]; attached: number }> {
      return db.transaction(async (tx) => {
        const stored = await this.importOwn(userId, rows, tx);
        const ids = [...stored.added, ...stored.kept].map((row) => row.id);
        return { ...stored, attached: projectId ? await this.attachMany(projectId, ids, tx) : 0 };
      });
    },

    async countShared(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(parcels).where(isNull(parcels.ownerId));
      return row?.n ?? 0;
    },

    /** A parcel the user can see (the shared store or their own), their own first. */
    async findByApn(userId: string, apn: string): Promise<ParcelRow | undefined> {
      const [row] = await db
        .select()
        .from(parcels)
        .where(and(eq(parcels.apnKey, apnKey(apn)), visibleTo(userId)))
        .orderBy(sql`${parcels.ownerId} is null`)
        .limit(1);
      return row;
    },

    async findOwn(userId: string, apn: string): Promise<ParcelRow | undefined> {
      const [row] = await db
        .select()
        .from(parcels)
        .where(and(eq(parcels.apnKey, apnKey(apn)), eq(parcels.ownerId, userId)));
      return row;
    },

    /** Stores a parcel the user drew; undefined when they already have one with that id. */
    async createOwn(userId: string, values: Omit<NewParcel, 'ownerId'>): Promise<ParcelRow | undefined> {
      const [row] = await db
        .insert(parcels)
        .values({ ...values, ownerId: userId, apnKey: apnKey(values.apn) })
        .onConflictDoNothing()
        .returning();
      return row;
    },

    /** False when the parcel was already attached. */
    async attach(projectId: string, parcelId: string): Promise<boolean> {
      const rows = await db.insert(projectParcels).values({ projectId, parcelId }).onConflictDoNothing().returning({ id: projectParcels.parcelId });
      return rows.length > 0;
    },

    async listForProject(projectId: string): Promise<ParcelRow[]> {
      const rows = await ofProject.execute({ projectId });
      return rows.map((r) => r.parcel);
    },

    /** The user's projects a parcel is attached to. */
    async attachedProjects(userId: string, parcelId: string): Promise<{ id: string; name: string }[]> {
      return db
        .select({ id: projects.id, name: projects.name })
        .from(projectParcels)
        .innerJoin(projects, eq(projects.id, projectParcels.projectId))
        .where(and(eq(projectParcels.parcelId, parcelId), eq(projects.ownerId, userId)))
        .orderBy(asc(projects.name));
    },

    /** Visible parcels whose bounding box holds the point, the user's own first: the candidates for the parcel clicked there. */
    async containing(userId: string, lng: number, lat: number): Promise<ParcelRow[]> {
      return db
        .select()
        .from(parcels)
        .where(and(visibleTo(userId), lte(parcels.minLng, lng), gte(parcels.maxLng, lng), lte(parcels.minLat, lat), gte(parcels.maxLat, lat)))
        .orderBy(sql`${parcels.ownerId} is null`, asc(parcels.apnKey))
        .limit(50);
    },

    /** Visible parcels whose bounding box meets `bbox`, at most `limit` (+1, so callers can tell there were more). */
    async inBbox(userId: string, bbox: Bbox, limit: number): Promise<ParcelRow[]> {
      const [w, s, e, n] = bbox;
      return db
        .select()
        .from(parcels)
        .where(and(visibleTo(userId), lte(parcels.minLng, e), gte(parcels.maxLng, w), lte(parcels.minLat, n), gte(parcels.maxLat, s)))
        .orderBy(asc(parcels.apnKey), asc(parcels.id))
        .limit(limit + 1);
    },
  };
}

export type ParcelsRepository = ReturnType<typeof parcelsRepository>;
