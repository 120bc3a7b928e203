import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { maxTaskPosition, moveTaskTo } from '../src/contract/task-moves.ts';
import type { Task, TaskBoard, TaskCategory, TaskCreateBody, TaskEditBody, TaskPhase, TaskReorderBody } from '../src/contract/tasks.ts';
import { confirmDeleteState } from './confirm-delete.ts';
import { genericErrorMessages, toFormErrors, type FormErrors } from './form-errors.ts';
import { announcer, taskNotice } from './notices.ts';

export interface TaskBoardInput {
  projectId: string;
}

/** A new task's body without the project: the machine belongs to one project and fills it in. */
export type NewTask = Omit<TaskCreateBody, 'project_id'>;

export interface ProjectIdInput {
  projectId: string;
}
export interface TaskIdInput {
  id: string;
}
/** The body of task_template/create/ when it applies a template. */
export interface ApplyTemplateInput {
  project_id: string;
  template_id: string;
}

/** Spec §3 modal state "task": category, last_task, show, id. `show` is being in state `ready.taskModal`; id null for a new task. */
export interface TaskModal {
  id: string | null;
  category: TaskCategory | null;
  last_task: string | null;
}

export interface TaskBoardContext {
  projectId: string;
  /** The server's board, or the optimistic one while a completion or a move is under way; null until loaded. */
  board: TaskBoard | null;
  /** The optimistic change under way: the task it changes and the board before it, put back if the server refuses. */
  rollback: { id: string; board: TaskBoard } | null;
  /** The template being applied. */
  applying: { templateId: string } | null;
  /** Why the board could not be loaded (state `failed`). */
  loadErrors: FormErrors | null;
  /** Spec §3 task modal: the task being edited (id) or created (id null). */
  taskModal: TaskModal | null;
  /** The task to delete, waiting for confirmation. */
  deleteModal: { id: string } | null;
  /** Why the open modal's request failed; the modal stays open with it. */
  modalErrors: FormErrors | null;
  /** Why the last template could not be applied. */
  templateErrors: FormErrors | null;
}

export type TaskBoardEvent =
  | { type: 'board.retry' }
  | { type: 'feedback.clear' }
  | { type: 'taskModal.open'; id: string | null; category: TaskCategory | null; last_task: string | null }
  | { type: 'taskModal.cancel' }
  /** From the task modal opened with id null. */
  | { type: 'task.create'; task: NewTask }
  /** From the task modal opened for `task.id`. */
  | { type: 'task.edit'; task: TaskEditBody }
  | { type: 'task.complete'; id: string }
  | ({ type: 'task.reorder' } & TaskReorderBody)
  | { type: 'deleteModal.open'; id: string }
  | { type: 'deleteModal.confirm' }
  | { type: 'deleteModal.cancel' }
  | { type: 'template.apply'; templateId: string };

/** Emitted after each change the server accepted, or refused after the board showed it, for the snackbar. */
export type TaskBoardEmitted =
  | { type: 'task.created' | 'task.edited' | 'task.deleted'; id: string; title: string }
  | { type: 'task.completed'; id: string; title: string; status: Task['status'] }
  | { type: 'task.moveRefused' | 'task.completeRefused'; id: string; title: string; reason: string }
  | { type: 'template.applied'; templateId: string; added: number };

function notProvided<TOutput, TInput>(name: string) {
  return fromPromise<TOutput, TInput>(() => Promise.reject(new Error(`taskBoardMachine: provide the '${name}' actor`)));
}

// Pure board operations, shared with the screens. Every one returns a board whose positions are 0..n-1 in each
// phase, whose tasks carry the phase of their column, and whose done/total/count match the tasks.

/** The board's tasks, phase by phase in order. */
export const boardTasks = (board: TaskBoard): Task[] => board.phases.flatMap((phase) => phase.tasks);

export const findTask = (board: TaskBoard | null, id: string | null | undefined): Task | undefined =>
  board && id ? boardTasks(board).find((task) => task.id === id) : undefined;

/** Positions, phases and counts made to agree with the order of each column. */
export function renumberBoard(board: TaskBoard): TaskBoard {
  const phases = board.phases.map((phase) => {
    const tasks = phase.tasks.map((task, position) => (task.position === position && task.phase === phase.value ? task : { ...task, position, phase: phase.value }));
    return { ...phase, tasks, total: tasks.length, done: tasks.filter((task) => task.status === 'done').length };
  });
  return { ...board, phases, count: phases.reduce((sum, phase) => sum + phase.total, 0) };
}

const withoutTask = (board: TaskBoard, id: string): TaskBoard => ({
  ...board,
  phases: board.phases.map((phase) => (phase.tasks.some((task) => task.id === id) ? { ...phase, tasks: phase.tasks.filter((task) => task.id !== id) } : phase)),
});

const insertAt = (board: TaskBoard, task: Task, phaseValue: TaskPhase, position: number): TaskBoard => ({
  ...board,
  phases: board.phases.map((phase) => (phase.value === phaseValue ? { ...phase, tasks: [...phase.tasks.slice(0, position), task, ...phase.tasks.slice(position)] } : phase)),
});

/** The furthest place `id` may take in `phase` (src/contract/task-moves.ts); -1 for a phase not on the board. */
export function maxPosition(board: TaskBoard, id: string, phase: TaskPhase): number {
  return board.phases.some((candidate) => candidate.value === phase) ? maxTaskPosition(boardTasks(board), id, phase) : -1;
}

/** Whether moving `id` to `position` in `phase` is a move the server accepts and that changes the board. */
export function canMoveTask(board: TaskBoard | null, id: string, phase: TaskPhase, position: number): boolean {
  const task = findTask(board, id);
  if (!board || !task || maxPosition(board, id, phase) < 0 || moveTaskTo(boardTasks(board), id, phase, position) === null) return false;
  return task.phase !== phase || task.position !== position;
}

/** The board after moving `id` to `position` (0 = first) in `phase`, by the server's rule; unchanged when the move is not possible. */
export function moveTask(board: TaskBoard, id: string, phase: TaskPhase, position: number): TaskBoard {
  if (!canMoveTask(board, id, phase, position)) return board;
  const columns = moveTaskTo(boardTasks(board), id, phase, position)!;
  return renumberBoard({ ...board, phases: board.phases.map((column) => ({ ...column, tasks: columns.find((moved) => moved.phase === column.value)?.tasks ?? column.tasks })) });
}

/** The board with the server's copy of a task: in its phase at its position (last when beyond), the gap it left closed. */
export function putTask(board: TaskBoard, task: Task): TaskBoard {
  const rest = withoutTask(board, task.id);
  const column = rest.phases.find((phase) => phase.value === task.phase);
  if (!column) return renumberBoard(rest);
  return renumberBoard(insertAt(rest, task, task.phase, Math.min(Math.max(task.position, 0), column.tasks.length)));
}

/** The board without `id`, the positions after it closed up (the server's delete). */
export const removeTask = (board: TaskBoard, id: string): TaskBoard => renumberBoard(withoutTask(board, id));

/**
 * The board with `id` done ⇄ open. completed_at is the server's to set: it stays as it was until the answer
 * replaces the task.
 */
export function toggleTask(board: TaskBoard, id: string): TaskBoard {
  const task = findTask(board, id);
  return task ? putTask(board, { ...task, status: task.status === 'done' ? 'open' : 'done' }) : board;
}

/** One line for the snackbar: the server's detail, else its first field message. */
export function refusalReason(error: unknown): string {
  const errors = toFormErrors(error);
  return errors.detail ?? Object.values(errors.fields).flat()[0] ?? genericErrorMessages.unexpected;
}

/** The task's title before any optimistic change (a refused one is rolled back with it). */
const titleOf = (context: TaskBoardContext, id: string) => findTask(context.rollback?.board ?? context.board, id)?.title ?? '';

/** One open project's task board (load, task modal, optimistic complete/reorder, delete, templates); spawned by the session as 'taskBoard', emits TaskBoardEmitted for the snackbar. */
export const taskBoardMachine = setup({
  types: {
    context: {} as TaskBoardContext,
    events: {} as TaskBoardEvent,
    input: {} as TaskBoardInput,
    emitted: {} as TaskBoardEmitted,
  },
  actors: {
    loadBoard: notProvided<TaskBoard, ProjectIdInput>('loadBoard'),
    createTask: notProvided<Task, TaskCreateBody>('createTask'),
    editTask: notProvided<Task, TaskEditBody>('editTask'),
    completeTask: notProvided<Task, TaskIdInput>('completeTask'),
    /** Answers the whole board after the move. */
    reorderTask: notProvided<TaskBoard, TaskReorderBody>('reorderTask'),
    /** Answers 204: nothing to read. */
    deleteTask: notProvided<unknown, TaskIdInput>('deleteTask'),
    /** Answers the whole board with the template's tasks appended. */
    applyTemplate: notProvided<TaskBoard, ApplyTemplateInput>('applyTemplate'),
  },
  actions: {
    // Emitted for whoever observes this actor, and told to the app's snackbar when one runs in the same actor system.
    announce: announcer<TaskBoardContext, TaskBoardEvent, TaskBoardEmitted>(taskNotice),
    putTask: assign({ board: ({ context }, params: { task: Task }) => putTask(context.board!, params.task) }),
    removeTask: assign({ board: ({ context }, params: TaskIdInput) => removeTask(context.board!, params.id) }),
    closeModals: assign({ taskModal: null, deleteModal: null, modalErrors: null, rollback: null, applying: null }),
    clearModalErrors: assign({ modalErrors: null }),
    showModalErrors: assign({ modalErrors: (_, params: { error: unknown }) => toFormErrors(params.error) }),
    rollBack: assign({ board: ({ context }) => context.rollback!.board, rollback: null }),
  },
  guards: {
    'taskExists?': ({ context }, params: TaskIdInput) => findTask(context.board, params.id) !== undefined,
    'canMove?': ({ context }, params: TaskReorderBody) => canMoveTask(context.board, params.id, params.phase, params.position),
    'canOpenTaskModal?': ({ context }, params: { id: string | null }) => params.id === null || findTask(context.board, params.id) !== undefined,
    'newTaskModal?': ({ context }) => context.taskModal?.id === null,
    'editsModalTask?': ({ context }, params: TaskIdInput) => context.taskModal?.id === params.id,
  },
}).createMachine({
  description: "The open project's task board: tasks in phases, which the user adds, edits, ticks off, drags, deletes or fills from a template.",
  id: 'taskBoard',
  context: ({ input }) => ({
    projectId: input.projectId,
    board: null,
    rollback: null,
    applying: null,
    loadErrors: null,
    taskModal: null,
    deleteModal: null,
    modalErrors: null,
    templateErrors: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'The task board of the project is loading.',
      entry: assign({ loadErrors: null }),
      invoke: {
        id: 'loadBoard',
        src: 'loadBoard',
        input: ({ context }) => ({ projectId: context.projectId }),
        onDone: { target: 'ready', actions: assign({ board: ({ event }) => renumberBoard(event.output) }) },
        onError: { target: 'failed', actions: assign({ loadErrors: ({ event }) => toFormErrors(event.error) }) },
      },
    },

    failed: {
      description: 'The board could not be loaded; the screen offers to try again.',
      on: { 'board.retry': { target: 'loading', description: 'The user tries again.' } },
    },

    /**
     * One change at a time: an optimistic change is rolled back to the board just before it, which is only exact
     * when nothing else changed the board meanwhile.
     */
    ready: {
      description: 'The board is on screen. One change at a time: a change shows at once and is undone if the server refuses it.',
      initial: 'idle',
      on: {
        'feedback.clear': { actions: assign({ templateErrors: null }) },
      },
      states: {
        idle: {
          description: 'The board waits for the user: open a task, tick one off, drag one, delete one or apply a template.',
          // Every flow ends here, however it ended: no modal open, nothing to roll back.
          entry: 'closeModals',
          on: {
            'taskModal.open': {
              guard: { type: 'canOpenTaskModal?', params: ({ event }) => ({ id: event.id }) },
              target: 'taskModal',
              actions: assign({ taskModal: ({ event }) => ({ id: event.id, category: event.category, last_task: event.last_task }) }),
            },
            'task.complete': {
              guard: { type: 'taskExists?', params: ({ event }) => ({ id: event.id }) },
              target: 'completing',
              actions: assign(({ context, event }) => ({ rollback: { id: event.id, board: context.board! }, board: toggleTask(context.board!, event.id) })),
            },
            'task.reorder': {
              guard: { type: 'canMove?', params: ({ event }) => ({ id: event.id, phase: event.phase, position: event.position }) },
              target: 'reordering',
              actions: assign(({ context, event }) => ({ rollback: { id: event.id, board: context.board! }, board: moveTask(context.board!, event.id, event.phase, event.position) })),
            },
            'deleteModal.open': {
              guard: { type: 'taskExists?', params: ({ event }) => ({ id: event.id }) },
              target: 'deleting',
              actions: assign({ deleteModal: ({ event }) => ({ id: event.id }) }),
            },
            'template.apply': { target: 'applyingTemplate', actions: assign({ templateErrors: null, applying: ({ event }) => ({ templateId: event.templateId }) }) },
          },
        },

        /** Spec §3 task modal (`show`): a new task (id null) or the task `id`, with its form's defaults. */
        taskModal: {
          description: 'The task modal is open, for a new task or an existing one.',
          initial: 'open',
          states: {
            open: {
              description: 'The user fills in the task form.',
              on: {
                'task.create': { guard: 'newTaskModal?', target: 'creating' },
                'task.edit': { guard: { type: 'editsModalTask?', params: ({ event }) => ({ id: event.task.id }) }, target: 'saving' },
                'taskModal.cancel': { target: '#taskBoard.ready.idle' },
              },
            },
            creating: {
              description: 'The server saves the new task.',
              entry: 'clearModalErrors',
              invoke: {
                id: 'createTask',
                src: 'createTask',
                input: ({ context, event }) => {
                  assertEvent(event, 'task.create');
                  return { ...event.task, project_id: context.projectId };
                },
                onDone: {
                  target: '#taskBoard.ready.idle',
                  actions: [
                    { type: 'putTask', params: ({ event }) => ({ task: event.output }) },
                    { type: 'announce', params: ({ event }) => ({ type: 'task.created' as const, id: event.output.id, title: event.output.title }) },
                  ],
                },
                onError: { target: 'open', actions: { type: 'showModalErrors', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            saving: {
              description: 'The server saves the changes to the task.',
              entry: 'clearModalErrors',
              invoke: {
                id: 'editTask',
                src: 'editTask',
                input: ({ event }) => {
                  assertEvent(event, 'task.edit');
                  return event.task;
                },
                onDone: {
                  target: '#taskBoard.ready.idle',
                  actions: [
                    { type: 'putTask', params: ({ event }) => ({ task: event.output }) },
                    { type: 'announce', params: ({ event }) => ({ type: 'task.edited' as const, id: event.output.id, title: event.output.title }) },
                  ],
                },
                onError: { target: 'open', actions: { type: 'showModalErrors', params: ({ event }) => ({ error: event.error }) } },
              },
            },
          },
        },

        /** The board shows the toggle already; the server's copy replaces it, a refusal puts the board back. */
        completing: {
          description: 'A task was ticked (or unticked): the board shows it already while the server saves it.',
          // The screen shows a change the server has not kept yet: leaving the page now would lose it.
          tags: 'unsaved',
          invoke: {
            id: 'completeTask',
            src: 'completeTask',
            input: ({ event }) => {
              assertEvent(event, 'task.complete');
              return { id: event.id };
            },
            onDone: {
              target: 'idle',
              actions: [
                { type: 'putTask', params: ({ event }) => ({ task: event.output }) },
                { type: 'announce', params: ({ event }) => ({ type: 'task.completed' as const, id: event.output.id, title: event.output.title, status: event.output.status }) },
              ],
            },
            onError: {
              target: 'idle',
              actions: [
                { type: 'announce', params: ({ context, event }) => {
                  const { id } = context.rollback!;
                  return { type: 'task.completeRefused' as const, id, title: titleOf(context, id), reason: refusalReason(event.error) };
                } },
                'rollBack',
              ],
            },
          },
        },

        /** The board shows the move already; the server's board replaces it, a refusal puts back the board before the move. */
        reordering: {
          description: 'A task was dragged to a new place: the board shows it already while the server saves it.',
          tags: 'unsaved',
          invoke: {
            id: 'reorderTask',
            src: 'reorderTask',
            input: ({ event }) => {
              assertEvent(event, 'task.reorder');
              return { id: event.id, phase: event.phase, position: event.position };
            },
            onDone: { target: 'idle', actions: assign({ board: ({ event }) => renumberBoard(event.output) }) },
            onError: {
              target: 'idle',
              actions: [
                { type: 'announce', params: ({ context, event }) => {
                  const { id } = context.rollback!;
                  return { type: 'task.moveRefused' as const, id, title: titleOf(context, id), reason: refusalReason(event.error) };
                } },
                'rollBack',
              ],
            },
          },
        },

        deleting: confirmDeleteState({
          description: 'The user deletes a task.',
          idle: '#taskBoard.ready.idle',
          actor: 'deleteTask',
          saving: 'The server deletes the task.',
          notice: (context: TaskBoardContext) => {
            const { id } = context.deleteModal!;
            return { type: 'task.deleted' as const, id, title: titleOf(context, id) };
          },
          remove: 'removeTask',
          done: '#taskBoard.ready.idle',
        }),

        applyingTemplate: {
          description: "The server adds a template's tasks to the board.",
          invoke: {
            id: 'applyTemplate',
            src: 'applyTemplate',
            input: ({ context }) => ({ project_id: context.projectId, template_id: context.applying!.templateId }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'announce', params: ({ context, event }) => ({
                  type: 'template.applied' as const,
                  templateId: context.applying!.templateId,
                  added: event.output.count - (context.board?.count ?? 0),
                }) },
                assign({ board: ({ event }) => renumberBoard(event.output) }),
              ],
            },
            onError: { target: 'idle', actions: assign({ templateErrors: ({ event }) => toFormErrors(event.error) }) },
          },
        },
      },
    },
  },
});
