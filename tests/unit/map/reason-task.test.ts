import { describe, expect, it } from 'vitest';
import type { Reason } from '../../../src/contract/gis.ts';
import { TaskCreateBody } from '../../../src/contract/tasks.ts';
import { taskFromReason } from '../../../src/features/map/reason-task.ts';
import { create } from 'superstruct';

const flood: Reason = {
  criterion: 'flood',
  rule: 'Share of the parcel in a flood zone at most 0%',
  threshold: 0,
  measured: 12,
  unit: '%',
  verdict: 'fail',
  layer: { id: 'l1', kind: 'flood', name: 'DC special flood hazard areas', source: 'FEMA NFHL', source_date: '2016-08-16' },
  note: 'FEMA zone AE',
};

describe('a task from a screening reason', () => {
  it('names the work, the parcel and what was measured, in the phase and category the criterion belongs to', () => {
    const task = taskFromReason('7c0e7b5e-1d2a-4b7e-9a51-0c3a1c7f1e11', '0123', flood);
    expect(task).toMatchObject({
      title: 'Commission a flood-zone study for parcel 0123 (flood zone: 12%)',
      phase: 'permitting',
      category: 'environmental',
      parcel_id: '7c0e7b5e-1d2a-4b7e-9a51-0c3a1c7f1e11',
      criterion: 'flood',
    });
    expect(task.description).toBe('Screening: Share of the parcel in a flood zone at most 0% (fail). FEMA zone AE. Layer: DC special flood hazard areas (2016-08-16).');
    // The API takes it as it is.
    expect(() => create({ ...task, project_id: 'p' }, TaskCreateBody)).not.toThrow();
  });

  it('asks for data when no layer covers the parcel, and sends grid questions to interconnection', () => {
    const unknown = taskFromReason('p1', 'SSL 1', { ...flood, criterion: 'grid_distance', verdict: 'unknown', measured: null, unit: 'km', layer: null, note: undefined });
    expect(unknown).toMatchObject({ title: 'Ask the utility about a grid connection for parcel SSL 1 (no data covers it yet)', phase: 'interconnection', category: 'grid' });
    expect(unknown.description).toBe('Screening: Share of the parcel in a flood zone at most 0% (unknown).');
  });
});
