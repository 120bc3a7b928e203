import { describe, expect, it } from 'vitest';
import { newerStudyFirst, primaryStudyOf, type StudyStanding } from '../../src/contract/primary-study.ts';
import { maxTaskPosition, moveTaskTo, type PlacedTask } from '../../src/contract/task-moves.ts';

// A board in each phase's order: two tasks in site control, one in permitting.
const board: PlacedTask[] = [
  { id: 'a', phase: 'site_control' },
  { id: 'b', phase: 'site_control' },
  { id: 'c', phase: 'permitting' },
];
const ids = (columns: ReturnType<typeof moveTaskTo>) => columns?.map((column) => [column.phase, column.tasks.map((task) => task.id)]);

describe('the task board’s placement rule', () => {
  it('moves a task within its phase, the others shifting', () => {
    expect(ids(moveTaskTo(board, 'a', 'site_control', 1))).toEqual([['site_control', ['b', 'a']]]);
  });

  it('moves a task to another phase, closing the column it left', () => {
    expect(ids(moveTaskTo(board, 'a', 'permitting', 0))).toEqual([
      ['permitting', ['a', 'c']],
      ['site_control', ['b']],
    ]);
    expect(ids(moveTaskTo(board, 'b', 'permitting', 1))).toEqual([
      ['permitting', ['c', 'b']],
      ['site_control', ['a']],
    ]);
  });

  it('takes places 0..n of the phase’s other tasks, and no other', () => {
    expect(maxTaskPosition(board, 'a', 'site_control')).toBe(1);
    expect(maxTaskPosition(board, 'a', 'permitting')).toBe(1);
    expect(maxTaskPosition(board, 'a', 'construction')).toBe(0);
    expect(moveTaskTo(board, 'a', 'site_control', 2)).toBeNull();
    expect(moveTaskTo(board, 'a', 'permitting', -1)).toBeNull();
    expect(moveTaskTo(board, 'a', 'permitting', 0.5)).toBeNull();
    expect(moveTaskTo(board, 'missing', 'permitting', 0)).toBeNull();
    expect(ids(moveTaskTo(board, 'c', 'construction', 0))).toEqual([
      ['construction', ['c']],
      ['permitting', []],
    ]);
  });
});

describe('one primary study per project', () => {
  const at = (id: string, day: number, primary = false): StudyStanding => ({ id, created: Date.UTC(2026, 10, day), primary });
  const same = (study: StudyStanding) => study;

  it('keeps the flagged study', () => {
    expect(primaryStudyOf([at('a', 1), at('b', 2, true), at('c', 3)], same)?.id).toBe('b');
  });

  it('passes to the newest when none is flagged (the primary was deleted), ties to the larger id', () => {
    expect(primaryStudyOf([at('a', 1), at('c', 3), at('b', 2)], same)?.id).toBe('c');
    expect(primaryStudyOf([at('a', 3), at('b', 3)], same)?.id).toBe('b');
    expect([at('a', 3), at('b', 3), at('c', 1)].sort(newerStudyFirst).map((study) => study.id)).toEqual(['b', 'a', 'c']);
  });

  it('has none for a project without studies', () => {
    expect(primaryStudyOf([], same)).toBeUndefined();
  });
});
