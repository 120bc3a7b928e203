import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { TaskBoardEmitted, taskBoardMachine } from '../../../machines/task-board.machine.ts';
import type { SnackbarColor } from '../../../machines/snackbar.machine.ts';
import { useProjectActor, useProjectActorNotices, useProjectActorSelector } from '../../lib/project-actors.ts';

export type TaskBoardRef = ActorRefFrom<typeof taskBoardMachine>;
export type TaskBoardSnapshot = SnapshotFrom<typeof taskBoardMachine>;

/** Opens a project in the session (its task-board actor starts, or keeps running) and returns the actor. */
export const useTaskBoard = (projectId: string): TaskBoardRef | undefined => useProjectActor(projectId, 'taskBoard');

/** A narrow view of the task-board actor, compared field by field; undefined until the project is open. */
export const useTaskBoardSelector = <T>(ref: TaskBoardRef | undefined, selector: (snapshot: TaskBoardSnapshot) => T): T | undefined =>
  useProjectActorSelector(ref, selector);

/** The snackbar line for one of the task-board actor's emitted events. */
export function taskNotice(event: TaskBoardEmitted): { message: string; color: SnackbarColor } {
  switch (event.type) {
    case 'task.created':
      return { message: `Task added: ${event.title}`, color: 'success' };
    case 'task.edited':
      return { message: `Task saved: ${event.title}`, color: 'success' };
    case 'task.deleted':
      return { message: `Task deleted: ${event.title}`, color: 'success' };
    case 'task.completed':
      return { message: `${event.status === 'done' ? 'Task done' : 'Task reopened'}: ${event.title}`, color: 'success' };
    case 'task.moveRefused':
      return { message: `“${event.title}” could not be moved: ${event.reason}`, color: 'error' };
    case 'task.completeRefused':
      return { message: `“${event.title}” could not be changed: ${event.reason}`, color: 'error' };
    case 'template.applied':
      return { message: `Template applied: ${event.added} ${event.added === 1 ? 'task' : 'tasks'} added`, color: 'success' };
  }
}

/** Shows the task-board actor's accepted and refused changes in the snackbar, whichever project is open. */
export function TaskBoardNotices() {
  useProjectActorNotices('taskBoard', taskNotice);
  return null;
}
