import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../server/db/client.ts';
import { withCompiledRows } from '../../server/db/prepared.ts';
import { feasibilityStudies, projects, users } from '../../server/db/schema.ts';
import { describeApi } from '../support/describe-api.ts';
import { openTestDatabase } from '../support/test-db.ts';

// The hot queries map their rows with a mapper worked out once; it must give exactly what drizzle's own mapping gives.
describeApi('rows mapped by a compiled mapper', () => {
  let database: Database;
  let ownerId: string;
  beforeAll(async () => {
    database = await openTestDatabase();
    const { db } = database;
    const [owner] = await db.insert(users).values({ email: 'owner@example.com', name: 'Owner', mediaPhoto: 'a.webp' }).returning();
    ownerId = owner!.id;
    await db.insert(users).values({ email: 'empty@example.com', name: 'No projects' });
    await db.insert(projects).values([
      { ownerId, name: 'With boundary', lat: 26, lng: 73, boundaryAreaM2: 1234.5, boundary: { type: 'Polygon', coordinates: [[[73, 26], [73.01, 26], [73.01, 26.01], [73, 26]]] } },
      { ownerId, name: 'Bare' },
    ]);
  });
  afterAll(() => database?.close());

  const same = async (name: string, build: () => { prepare(name: string): { execute(values?: Record<string, unknown>): Promise<unknown> } }, values: Record<string, unknown> = {}) => {
    const plain = await build().prepare(`${name}_plain`).execute(values);
    const compiled = await withCompiledRows(build().prepare(`${name}_compiled`)).execute(values);
    expect(compiled).toEqual(plain);
    return compiled as unknown[];
  };

  it('maps whole tables, nested objects, SQL fields and decoded columns (dates, jsonb, numbers) as drizzle does', async () => {
    const rows = await same('tables', () =>
      database.db
        .select({ user: users, project: projects, n: sql<number>`1::int`, nested: { name: projects.name, area: sql<number | null>`${projects.boundaryAreaM2} * 2` } })
        .from(users)
        .innerJoin(projects, eq(projects.ownerId, users.id))
        .orderBy(projects.name),
    );
    expect(rows).toHaveLength(2);
    expect((rows[1] as { project: { createdAt: unknown; boundary: unknown } }).project.createdAt).toBeInstanceOf(Date);
  });

  it('nulls a left-joined table that matched no row, and keeps the object of one that did', async () => {
    const rows = await same(
      'left_join',
      () =>
        database.db
          .select({ user: users, project: projects, study: { id: feasibilityStudies.id, name: feasibilityStudies.name, dc: sql<number | null>`(${feasibilityStudies.headline}->>'dc_kw')::float8` } })
          .from(users)
          .leftJoin(projects, and(eq(projects.ownerId, users.id), eq(projects.name, sql.placeholder('name'))))
          .leftJoin(feasibilityStudies, eq(feasibilityStudies.projectId, projects.id))
          .orderBy(users.email),
      { name: 'Bare' },
    );
    expect(rows.map((row) => (row as { project: { name: string } | null }).project?.name ?? null)).toEqual([null, 'Bare']);
    expect(rows.map((row) => (row as { study: unknown }).study)).toEqual([null, null]);
  });

  it('maps a flat selection without joins', async () => {
    await same('flat', () => database.db.select(getTableColumns(users)).from(users).where(eq(users.id, sql.placeholder('id'))), { id: ownerId });
    await same('none', () => database.db.select().from(users).where(eq(users.email, 'nobody@example.com')));
  });
});
