/**
 * What a screen reader hears while a task is moved with the keyboard is where the drop puts it: the position the
 * reorder sends, counted from 1, out of the column it lands in with itself included.
 */
import type { Active, Over } from '@dnd-kit/core';
import { describe, expect, it } from 'vitest';
import type { Task, TaskBoard, TaskPhase } from '../../src/contract/tasks.ts';
import { dropPlaceWords, dropTarget } from '../../src/features/tasks/task-drop.ts';

const task = (id: string, phase: TaskPhase, position: number): Task => ({
  id, project_id: 'p1', title: id, description: '', phase, category: 'land', status: 'open', position, due_date: null, assignee_name: '',
  completed_at: null, parcel: null, criterion: null, why: null, created_at: '2025-01-01T00:00:00Z', updated_at: '2025-01-01T00:00:00Z',
});
const siteControl = [task('lease', 'site_control', 0), task('esa', 'site_control', 1)];
const permitting = [task('survey', 'permitting', 0), task('wetlands', 'permitting', 1), task('flood', 'permitting', 2), task('species', 'permitting', 3)];
const board: TaskBoard = {
  project_id: 'p1',
  count: 6,
  phases: [
    { value: 'site_control', label: 'Site control', done: 0, total: 2, tasks: siteControl },
    { value: 'permitting', label: 'Permitting', done: 0, total: 4, tasks: permitting },
  ],
};

const rect = (top: number, height: number) => ({ top, height, bottom: top + height, left: 0, right: 200, width: 200 });
/** A card being dragged, its top at `top` now: as dnd-kit's keyboard sensor places it over another card. */
const dragged = (moving: Task, top: number, height: number) => ({ id: moving.id, data: { current: { type: 'task', task: moving } }, rect: { current: { initial: rect(0, height), translated: rect(top, height) } } }) as unknown as Active;
const overCard = (under: Task, top: number, height: number) => ({ id: under.id, rect: rect(top, height), data: { current: { type: 'task', task: under } }, disabled: false }) as unknown as Over;
const overColumn = (phase: TaskPhase) => ({ id: `phase:${phase}`, rect: rect(0, 600), data: { current: { type: 'phase', phase } }, disabled: false }) as unknown as Over;

describe('a keyboard move is announced where it drops', () => {
  it('to another phase: after the card it is over when its middle is below that card’s (a taller card), before it otherwise', () => {
    const esa = siteControl[1]!;
    const flood = permitting[2]!;
    // The keyboard sets the dragged card's top on the target's top; a taller card's middle is lower.
    const tall = dragged(esa, 300, 120);
    expect(dropTarget(board, esa, overCard(flood, 300, 60), 360)).toEqual({ phase: 'permitting', position: 3 });
    expect(dropPlaceWords(board, tall, overCard(flood, 300, 60))).toBe('at position 4 of 5 in Permitting');
    expect(dropPlaceWords(board, dragged(esa, 300, 60), overCard(flood, 300, 60))).toBe('at position 3 of 5 in Permitting');
  });

  it('within its phase: in the place of the card it is over; over itself: where it is', () => {
    const wetlands = permitting[1]!;
    expect(dropPlaceWords(board, dragged(wetlands, 200, 60), overCard(permitting[2]!, 200, 60))).toBe('at position 3 of 4 in Permitting');
    expect(dropPlaceWords(board, dragged(wetlands, 100, 60), overCard(permitting[0]!, 100, 60))).toBe('at position 1 of 4 in Permitting');
    expect(dropPlaceWords(board, dragged(wetlands, 150, 60), overCard(wetlands, 150, 60))).toBe('at position 2 of 4 in Permitting');
  });

  it('over a column: at its end, counted with itself', () => {
    expect(dropPlaceWords(board, dragged(siteControl[0]!, 0, 60), overColumn('permitting'))).toBe('at position 5 of 5 in Permitting');
    expect(dropPlaceWords(board, dragged(permitting[0]!, 0, 60), overColumn('permitting'))).toBe('at position 4 of 4 in Permitting');
  });
});
