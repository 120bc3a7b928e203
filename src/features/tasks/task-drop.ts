import type { Active, DragEndEvent, Over } from '@dnd-kit/core';
import { findTask, maxPosition } from '../../../machines/task-board.machine.ts';
import type { Task, TaskBoard, TaskPhase } from '../../contract/tasks.ts';
import { phaseLabel } from './task-format.ts';

/** What a droppable on the board carries: a task card, or a phase's column. */
export type DropData = { type: 'task'; task: Task } | { type: 'phase'; phase: TaskPhase };

/** Where a drop on `over` puts `task`: the phase and the position (0 = first) the server's reorder takes. */
export function dropTarget(board: TaskBoard, task: Task, over: Over, activeCenterY: number | null): { phase: TaskPhase; position: number } | null {
  const data = over.data.current as DropData | undefined;
  if (!data) return null;
  if (data.type === 'phase') return { phase: data.phase, position: maxPosition(board, task.id, data.phase) };
  const target = findTask(board, data.task.id);
  if (!target || target.id === task.id) return null;
  // Within a column the task takes the place of the one it is over (as a sortable list moves); in another column
  // it goes before that task, or after it when dropped on its lower half.
  if (target.phase === task.phase) return { phase: target.phase, position: target.position };
  const overCenter = over.rect.top + over.rect.height / 2;
  return { phase: target.phase, position: target.position + (activeCenterY !== null && activeCenterY > overCenter ? 1 : 0) };
}

/** The middle of the dragged card, up and down: where a keyboard drag drops. */
const cardCenterY = (active: Active): number | null => {
  const translated = active.rect.current.translated;
  return translated ? translated.top + translated.height / 2 : null;
};

/** Where the drop is, up and down: the pointer when a pointer drags, else the middle of the dragged card. */
export function dropY({ active, activatorEvent, delta }: DragEndEvent): number | null {
  if ('clientY' in activatorEvent && typeof activatorEvent.clientY === 'number') return activatorEvent.clientY + delta.y;
  return cardCenterY(active);
}

/**
 * Where the dragged task lands if dropped on `over`, for a screen reader: "at position 2 of 6 in Permitting". The
 * same place the drop sends (dropTarget at the card's middle, as a keyboard drops), counted from 1 in the column it
 * will be in, itself included.
 */
export function dropPlaceWords(board: TaskBoard | null, active: Active, over: Over): string {
  const task = findTask(board, String(active.id));
  if (!board || !task || !over.data.current) return 'nowhere';
  const target = dropTarget(board, task, over, cardCenterY(active)) ?? { phase: task.phase, position: task.position };
  const total = (board.phases.find((phase) => phase.value === target.phase)?.total ?? 0) + (target.phase === task.phase ? 0 : 1);
  return `at position ${target.position + 1} of ${total} in ${phaseLabel(target.phase)}`;
}
