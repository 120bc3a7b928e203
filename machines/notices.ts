import { enqueueActions, type AnyActorRef, type EventObject, type MachineContext } from 'xstate';
import type { FeasibilityEmitted } from './feasibility.machine.ts';
import { snackbarSystemId, type SnackbarMessage } from './snackbar.machine.ts';
import type { TaskBoardEmitted } from './task-board.machine.ts';

/**
 * The `announce` action of a child actor: emits the notice to whoever listens (screens navigate on it) and tells
 * the session's snackbar, found by its systemId, in the words `wordsOf` gives.
 */
export function announcer<TContext extends MachineContext, TEvent extends EventObject, TNotice extends EventObject>(wordsOf: (notice: TNotice) => SnackbarMessage) {
  return enqueueActions<TContext, TEvent, TNotice, TEvent, never, never, never, never, TNotice>(({ enqueue, system }, notice) => {
    enqueue.emit(notice);
    const snackbar = system.get(snackbarSystemId) as AnyActorRef | undefined;
    if (snackbar) enqueue.sendTo(snackbar, { type: 'snackbar.show', ...wordsOf(notice) });
  });
}

const studyNoticeWords = { 'study.created': 'Study saved', 'study.renamed': 'Study renamed', 'study.deleted': 'Study deleted', 'study.primarySet': 'Primary study set' } as const;

/** What the snackbar says when the server accepted a change to a study. */
export const studyNotice = (event: FeasibilityEmitted): SnackbarMessage => ({ message: `${studyNoticeWords[event.type]}: ${event.name}`, color: 'success' });

/** What the snackbar says for a task-board change the server accepted or refused. */
export function taskNotice(event: TaskBoardEmitted): SnackbarMessage {
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
