import { setImmediate as yieldToRequests } from 'node:timers/promises';
import { and, asc, count, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/raw-rows.ts';
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

    /** Attaches parcels to a project (at `at`, else now); answers the ids of those not attached before. */
    async attachMany(projectId: string, parcelIds: string[], tx: Db = db, at?: Date): Promise<string[]> {
      const attached: string[] = [];
      for (let i = 0; i < parcelIds.length; i += insertChunk) {
        const values = parcelIds.slice(i, i + insertChunk).map((parcelId) => ({ projectId, parcelId, ...(at ? { createdAt: at } : {}) }));
        const rows = await tx.insert(projectParcels).values(values).onConflictDoNothing().returning({ id: projectParcels.parcelId });
        attached.push(...rows.map((row) => row.id));
      }
      return attached;
    },

    /**
     * Stores parcels as the user's own (as importOwn) and attaches every stored one to the project when given, all or
     * nothing: one transaction per batch of `batches` (the file reader's 500 parcels), so other users' queries run
     * between them (on PGlite every statement runs on the request thread and an open transaction holds every other
     * query until it ends), and a failure part-way deletes the parcels this import added and detaches those it attached
     * before answering.
     */
    async importOwnAndAttach(userId: string, batches: Iterable<Omit<NewParcel, 'ownerId'>[]>, projectId: string | undefined): Promise<{ added: ParcelRef[]; kept: ParcelRef[]; attached: number }> {
      const added: ParcelRef[] = [];
      const kept: ParcelRef[] = [];
      const attachedKept: string[] = [];
      let attached = 0;
      // Every attachment of one import carries one time, the database's, as in one transaction: a project lists its
      // parcels by when they were attached, then by number.
      const at = projectId ? new Date(rowsOf<{ ms: number }>(await db.execute(sql`select (extract(epoch from now()) * 1000)::float8 as ms`))[0]!.ms) : undefined;
      try {
        for (const batch of batches) {
          await db.transaction(async (tx) => {
            const stored = await this.importOwn(userId, batch, tx);
            added.push(...stored.added);
            kept.push(...stored.kept);
            if (!projectId) return;
            attached += (await this.attachMany(projectId, stored.added.map((row) => row.id), tx, at)).length;
            const keptIds = await this.attachMany(projectId, stored.kept.map((row) => row.id), tx, at);
            attached += keptIds.length;
            attachedKept.push(...keptIds);
          });
          await yieldToRequests();
        }
      } catch (error) {
        try {
          await this.undoImport(userId, added, projectId, attachedKept);
        } catch (undoError) {
          throw new AggregateError([error, undoError], 'a parcel import failed part-way, and so did deleting what it had stored', { cause: undoError });
        }
        throw error;
      }
      return { added, kept, attached };
    },

    /** Deletes the parcels an import added (their attachments go with them) and detaches the kept ones it attached. */
    async undoImport(userId: string, added: ParcelRef[], projectId: string | undefined, attachedKept: string[]) {
      for (let i = 0; i < added.length; i += insertChunk) {
        const ids = added.slice(i, i + insertChunk).map((row) => row.id);
        await db.delete(parcels).where(and(eq(parcels.ownerId, userId), inArray(parcels.id, ids)));
        await yieldToRequests();
      }
      if (!projectId) return;
      for (let i = 0; i < attachedKept.length; i += insertChunk) {
        await db.delete(projectParcels).where(and(eq(projectParcels.projectId, projectId), inArray(projectParcels.parcelId, attachedKept.slice(i, i + insertChunk))));
      }
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
