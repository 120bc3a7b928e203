import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database, Listening } from '../../server/db/client.ts';
import { changesChannel } from '../../server/platform/answer-cache.ts';
import { describeApi } from '../support/describe-api.ts';
import { openTestDatabase, queryRows } from '../support/test-db.ts';

// The tables the cached answers read (project list and get, account get): each must name the users its changes concern.
const fedTables = ['feasibility_studies', 'parcels', 'project_parcels', 'projects', 'refresh_families', 'users'];

describeApi('change feed', () => {
  let database: Database;
  let listening: Listening;
  const heard: string[] = [];
  let on = false;
  beforeAll(async () => {
    database = await openTestDatabase();
    listening = await database.listen(changesChannel, { onNotify: (payload) => heard.push(payload), onListening: (value) => (on = value) });
    for (let waited = 0; !on; waited += 10) {
      if (waited > 10_000) throw new Error('not listening after 10 s');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  });
  afterAll(async () => {
    await listening?.close();
    await database?.close();
  });

  /** What the feed says about `write`, once sync() has waited for it. */
  async function heardOf(write: ReturnType<typeof sql>) {
    heard.length = 0;
    await database.db.execute(write);
    await listening.sync();
    return [...heard].sort();
  }

  it('has insert, update and delete triggers on every table a cached answer reads', async () => {
    const triggers = await queryRows<{ table: string; n: number }>(
      database,
      sql`select c.relname as table, count(*)::int as n from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
          where p.proname = 'sunplot_notify_' || c.relname || '_changes' group by c.relname order by c.relname`,
    );
    expect(triggers).toEqual(fedTables.map((table) => ({ table, n: 3 })));
  });

  it('names the users a statement changed, once each, and * for rows no one owns', async () => {
    const [asha, ravi] = ['aaaaaaaa-0000-4000-8000-000000000001', 'aaaaaaaa-0000-4000-8000-000000000002'];
    expect(await heardOf(sql`insert into users (id, email, name) values (${asha}, 'asha@example.com', 'Asha'), (${ravi}, 'ravi@example.com', 'Ravi')`)).toEqual([asha, ravi]);
    expect(await heardOf(sql`update users set name = name || '!'`)).toEqual([asha, ravi]);
    expect(await heardOf(sql`insert into refresh_families (user_id, expires_at) values (${asha}, now() + interval '1 day'), (${asha}, now() + interval '2 days')`)).toEqual([asha]);
    expect(await heardOf(sql`update refresh_families set revoked_at = now()`)).toEqual([asha]);
    const project = 'bbbbbbbb-0000-4000-8000-000000000001';
    expect(await heardOf(sql`insert into projects (id, owner_id, name) values (${project}, ${ravi}, 'Site')`)).toEqual([ravi]);
    const square = JSON.stringify({ type: 'Polygon', coordinates: [[[0, 0], [1, 0], [1, 1], [0, 0]]] });
    const parcelColumns = sql.raw('(id, owner_id, apn, apn_key, geometry, min_lng, min_lat, max_lng, max_lat, area_m2, source)');
    const [shared, owned] = ['cccccccc-0000-4000-8000-000000000001', 'cccccccc-0000-4000-8000-000000000002'];
    expect(await heardOf(sql`insert into parcels ${parcelColumns} values (${shared}, null, 'A 1', 'A 1', ${square}, 0, 0, 1, 1, 1, 'test')`)).toEqual(['*']);
    expect(await heardOf(sql`insert into parcels ${parcelColumns} values (${owned}, ${asha}, 'A 2', 'A 2', ${square}, 0, 0, 1, 1, 1, 'test')`)).toEqual([asha]);
    expect(await heardOf(sql`insert into project_parcels (project_id, parcel_id) values (${project}, ${shared}), (${project}, ${owned})`)).toEqual([ravi]);
    expect(await heardOf(sql`delete from project_parcels where parcel_id = ${owned}`)).toEqual([ravi]);
    expect(await heardOf(sql`update projects set name = 'Nothing changes' where false`)).toEqual([]);
    // Deleting a user reaches every table that holds rows of theirs; each names them.
    expect(await heardOf(sql`delete from users where id = ${ravi}`)).toEqual([ravi]);
  });

  it('has handed on every notification committed before sync() when sync() resolves', async () => {
    const user = 'aaaaaaaa-0000-4000-8000-000000000009';
    await database.db.execute(sql`insert into users (id, email, name) values (${user}, 'sync@example.com', 'Sync')`);
    let missed = 0;
    for (let i = 0; i < 200; i++) {
      heard.length = 0;
      const write = sql`update users set name = ${`Sync ${i}`} where id = ${user}`;
      // Half of the writes in a transaction: its notifications go out at COMMIT.
      if (i % 2 === 0) await database.db.execute(write);
      else await database.db.transaction(async (tx) => void (await tx.execute(write)));
      await listening.sync();
      if (!heard.includes(user)) missed++;
    }
    expect(missed).toBe(0);
  });
});
