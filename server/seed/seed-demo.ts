import { count, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { parcels as parcelsTable } from '../db/schema.ts';
import { layersRepository } from '../gis/layers-repository.ts';
import { parcelsRepository } from '../gis/parcels-repository.ts';
import { dcCoverage, dcSourceDate, readDcDemo } from './dc-demo.ts';

// Any constant will do: it only has to be the same for every instance that may start at once.
const seedLockKey = 727_001;

/**
 * Loads the DC demo parcels and screening layers into an empty shared store, once, in one transaction. A second
 * instance starting at the same time waits on the advisory lock and then finds the store filled.
 */
export async function seedDemoData(db: Db): Promise<{ parcels: number; layers: number } | undefined> {
  const parcels = parcelsRepository(db);
  if ((await parcels.countShared()) > 0) return undefined;
  const demo = await readDcDemo();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${seedLockKey})`);
    const [existing] = await tx.select({ n: count() }).from(parcelsTable).where(isNull(parcelsTable.ownerId));
    if ((existing?.n ?? 0) > 0) return undefined;
    const added = await parcels.insertMany(demo.parcels.rows, tx);
    const layers = layersRepository(db);
    for (const layer of demo.layers) {
      const [minLng, minLat, maxLng, maxLat] = dcCoverage;
      await layers.insert(
        { ownerId: null, kind: layer.kind, name: layer.name, source: layer.source, sourceDate: dcSourceDate, features: layer.features, featureCount: layer.features.length, minLng, minLat, maxLng, maxLat },
        tx,
      );
    }
    return { parcels: added, layers: demo.layers.length };
  });
}
