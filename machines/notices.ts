import type { FeasibilityEmitted } from './feasibility.machine.ts';
import type { SnackbarMessage } from './snackbar.machine.ts';
import type { TaskBoardEmitted } from './task-board.machine.ts';

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
