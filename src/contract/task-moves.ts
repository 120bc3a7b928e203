/**
 * The task board's placement rule, one copy for the board machine, its screen and the server: a task moves to a
 * place 0..n of a phase, n being the number of the phase's other tasks; the column it leaves closes up, and every
 * column's positions are its order, 0..n-1.
 */
import type { TaskPhase } from './tasks.ts';

export interface PlacedTask {
  id: string;
  phase: TaskPhase;
}

/** The furthest place `id` may take in `phase`: after the phase's other tasks. */
export const maxTaskPosition = (tasks: readonly PlacedTask[], id: string, phase: TaskPhase): number =>
  tasks.filter((task) => task.phase === phase && task.id !== id).length;

export interface MovedColumn<T> {
  phase: TaskPhase;
  /** In their new order: a task's new position is its index. */
  tasks: T[];
}

/**
 * The columns a move changes: `phase` with the task at `position`, and the column it left when that is another.
 * `tasks` are the board's tasks in each phase's order. Null when there is no such task or no such place.
 */
export function moveTaskTo<T extends PlacedTask>(tasks: readonly T[], id: string, phase: TaskPhase, position: number): MovedColumn<T>[] | null {
  const moving = tasks.find((task) => task.id === id);
  if (!moving || !Number.isInteger(position) || position < 0 || position > maxTaskPosition(tasks, id, phase)) return null;
  const target = tasks.filter((task) => task.phase === phase && task.id !== id);
  target.splice(position, 0, moving);
  const columns: MovedColumn<T>[] = [{ phase, tasks: target }];
  if (moving.phase !== phase) columns.push({ phase: moving.phase, tasks: tasks.filter((task) => task.phase === moving.phase && task.id !== id) });
  return columns;
}
