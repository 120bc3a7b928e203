import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { Database } from '../../server/db/client.ts';
import { projects, screeningJobParcels, screeningJobResults, users } from '../../server/db/schema.ts';
import { screeningJobsRepository, type ChunkResult, type ScreeningJobsRepository } from '../../server/gis/screening-jobs-repository.ts';
import { describeApi } from '../support/describe-api.ts';
import { openTestDatabase } from '../support/test-db.ts';

// A job writes in small statements outside transactions (so PGlite serves other requests between them); these are the
// rules that keep two attempts at one step (a step handed out again, a job killed part-way) or a cancel from mixing.
describeApi('screening job attempts', () => {
  let database: Database;
  let jobs: ScreeningJobsRepository;
  let ownerId: string;
  let projectId: string;
  let jobId: string;

  const criteria = { min_area_acres: 2 };
  const ids = (n: number) => Array.from({ length: n }, () => randomUUID());
  const results = (from: number, to: number, verdict: string): ChunkResult[] =>
    Array.from({ length: to - from }, (_, k) => ({ seq: from + k, parcelId: randomUUID(), result: { verdict } }));
  const chunk = (from: number, to: number, verdict = 'pass') => ({ from, to, results: results(from, to, verdict), summary: { pass: to, fail: 0, unknown: 0 }, layers: [], last: false });
  const scope = async () =>
    (await database.db.select().from(screeningJobParcels).where(eq(screeningJobParcels.jobId, jobId)).orderBy(asc(screeningJobParcels.seq))).map((row) => row.parcelId);
  const stored = async () =>
    (await database.db.select().from(screeningJobResults).where(eq(screeningJobResults.jobId, jobId)).orderBy(asc(screeningJobResults.seq))).map((row) => row.result.verdict);

  beforeAll(async () => {
    database = await openTestDatabase();
    jobs = screeningJobsRepository(database.db);
    const [owner] = await database.db.insert(users).values({ email: 'planner@example.com', name: 'Planner' }).returning();
    ownerId = owner!.id;
    const [project] = await database.db.insert(projects).values({ ownerId, name: 'County' }).returning();
    projectId = project!.id;
  });
  afterAll(() => database?.close());
  beforeEach(async () => {
    jobId = (await jobs.create(ownerId, { projectId, criteria, bbox: null }, 100, 100))!.id;
  });

  it('plans under the newest attempt only: an earlier attempt stores nothing once another has claimed the job', async () => {
    const first = await jobs.startPlanning(jobId);
    const second = await jobs.startPlanning(jobId);
    expect(first).toBeTruthy();
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);

    expect(await jobs.storeScope(jobId, first!, ids(1200))).toBe(false);
    expect(await scope()).toEqual([]);
    const planned = ids(1200);
    expect(await jobs.storeScope(jobId, second!, planned)).toBe(true);
    expect(await scope()).toEqual(planned);
    expect((await jobs.get(jobId))!.parcelsTotal).toBe(1200);
    // Planned: no attempt claims it again.
    expect(await jobs.startPlanning(jobId)).toBeUndefined();
  });

  it('writes over the parcels an attempt killed part-way stored, dropping any past its own list', async () => {
    await jobs.startPlanning(jobId);
    await database.db.insert(screeningJobParcels).values(ids(3).map((parcelId, seq) => ({ jobId, seq, parcelId })));
    const again = await jobs.startPlanning(jobId);
    const planned = ids(2);
    expect(await jobs.storeScope(jobId, again!, planned)).toBe(true);
    expect(await scope()).toEqual(planned);
    expect((await jobs.get(jobId))!.parcelsTotal).toBe(2);
  });

  it('moves a job on once per chunk: the same chunk committed again writes nothing and answers false', async () => {
    const token = await jobs.startPlanning(jobId);
    await jobs.storeScope(jobId, token!, ids(300));
    expect(await jobs.commitChunk(jobId, chunk(0, 120))).toBe(true);
    expect(await jobs.commitChunk(jobId, chunk(0, 120, 'fail'))).toBe(false);
    expect(await stored()).toEqual(Array(120).fill('pass'));
    expect((await jobs.get(jobId))!.parcelsDone).toBe(120);
  });

  it('lets one of two attempts at the same chunk, sent at once, move the job on', async () => {
    const token = await jobs.startPlanning(jobId);
    await jobs.storeScope(jobId, token!, ids(400));
    const moved = await Promise.all([jobs.commitChunk(jobId, chunk(0, 400)), jobs.commitChunk(jobId, chunk(0, 400))]);
    expect(moved.filter(Boolean)).toHaveLength(1);
    expect(await stored()).toEqual(Array(400).fill('pass'));
    expect((await jobs.get(jobId))!.parcelsDone).toBe(400);
  });

  it('never mixes a plan being stored with a claim made meanwhile: the plan is whole, or the new attempt’s alone', async () => {
    const first = await jobs.startPlanning(jobId);
    const planned = ids(5000);
    const storing = jobs.storeScope(jobId, first!, planned);
    await new Promise((resolve) => setImmediate(resolve));
    const [stored, claim] = await Promise.all([storing, jobs.startPlanning(jobId)]);
    if (stored) {
      expect(claim).toBeUndefined();
      expect(await scope()).toEqual(planned);
      return;
    }
    expect((await jobs.get(jobId))!.parcelsTotal).toBeNull();
    const replanned = ids(1700);
    expect(await jobs.storeScope(jobId, claim!, replanned)).toBe(true);
    expect(await scope()).toEqual(replanned);
  });

  it('writes over the results an attempt killed part-way left, then moves on', async () => {
    const token = await jobs.startPlanning(jobId);
    await jobs.storeScope(jobId, token!, ids(300));
    await database.db.insert(screeningJobResults).values(results(0, 70, 'stale').map((row) => ({ jobId, ...row })));
    expect(await jobs.commitChunk(jobId, { ...chunk(0, 300), last: true })).toBe(true);
    expect(await stored()).toEqual(Array(300).fill('pass'));
    expect((await jobs.get(jobId))!).toMatchObject({ status: 'done', parcelsDone: 300 });
  });

  it('stops writing once the job is cancelled: no plan, no results', async () => {
    const token = await jobs.startPlanning(jobId);
    expect(await jobs.cancel(ownerId, jobId)).toBeDefined();
    expect(await jobs.storeScope(jobId, token!, ids(10))).toBe(false);
    expect(await scope()).toEqual([]);

    jobId = (await jobs.create(ownerId, { projectId, criteria, bbox: null }, 100, 100))!.id;
    const next = await jobs.startPlanning(jobId);
    await jobs.storeScope(jobId, next!, ids(100));
    await jobs.cancel(ownerId, jobId);
    expect(await jobs.commitChunk(jobId, chunk(0, 100))).toBe(false);
    expect(await stored()).toEqual([]);
    expect(await jobs.startPlanning(jobId)).toBeUndefined();
  });
});
