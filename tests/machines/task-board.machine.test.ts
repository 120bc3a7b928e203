import { describe, expect, it } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { genericErrorMessages, toFormErrors } from '../../machines/form-errors.ts';
import {
  boardTasks,
  findTask,
  moveTask,
  putTask,
  refusalReason,
  removeTask,
  taskBoardMachine,
  toggleTask,
  type ApplyTemplateInput,
  type NewTask,
  type ProjectIdInput,
  type TaskBoardEmitted,
  type TaskIdInput,
  type TaskModal,
} from '../../machines/task-board.machine.ts';
import { taskMessages, taskPhases, type Task, type TaskBoard, type TaskCreateBody, type TaskEditBody, type TaskPhase, type TaskReorderBody } from '../../src/contract/tasks.ts';
import { EffectDoubles, flush, reachedStates, runModelPaths, settleEffectEvent, type ModelEvent } from './support/test-model.ts';

type TaskBoardSnapshot = SnapshotFrom<typeof taskBoardMachine>;

const projectId = 'project-1';
const input = { projectId };
const stamp = '2025-01-10T09:00:00.000Z';
const later = '2025-01-11T09:00:00.000Z';

const task = (id: string, title: string, phase: TaskPhase, position: number, status: Task['status'] = 'open'): Task => ({
  id,
  project_id: projectId,
  title,
  description: '',
  phase,
  category: 'other',
  status,
  position,
  due_date: null,
  assignee_name: '',
  completed_at: status === 'done' ? stamp : null,
  parcel: null,
  criterion: null,
  why: null,
  created_at: stamp,
  updated_at: stamp,
});

/** A board as the server lists it: every phase in order, each with its tasks by position and its counts. */
function boardOf(tasks: Task[]): TaskBoard {
  const phases = taskPhases.map(({ value, label }) => {
    const list = tasks.filter((candidate) => candidate.phase === value).sort((x, y) => x.position - y.position);
    return { value, label, done: list.filter((candidate) => candidate.status === 'done').length, total: list.length, tasks: list };
  });
  return { project_id: projectId, count: tasks.length, phases };
}

const a = task('task-a', 'Sign the land option', 'site_control', 0);
const b = task('task-b', 'Order a title report', 'site_control', 1, 'done');
const c = task('task-c', 'File the conditional use permit', 'permitting', 0);
const listed = boardOf([a, b, c]);
const empty = boardOf([]);
const createdId = 'task-d';
const templatedId = 'task-t';
const missingId = 'task-missing';
const templateId = 'builtin-utility-scale';

const newTask: NewTask = { title: 'Commission a flood-zone study', phase: 'permitting', category: 'environmental', parcel_id: 'parcel-0123', criterion: 'flood' };
const titleEdit = { title: 'Sign the land option (renewed)' };
const phaseEdit = { phase: 'permitting' as const };

/** The moves the model offers; the guard lets through those that change the board and that the server accepts. */
const moves: TaskReorderBody[] = [
  { id: a.id, phase: 'site_control', position: 1 },
  { id: a.id, phase: 'permitting', position: 0 },
  { id: c.id, phase: 'site_control', position: 0 },
  { id: b.id, phase: 'site_control', position: 5 },
  { id: missingId, phase: 'site_control', position: 0 },
];
const modalOpens = [
  { type: 'taskModal.open', id: null, category: 'environmental', last_task: c.id },
  { type: 'taskModal.open', id: a.id, category: 'other', last_task: null },
  { type: 'taskModal.open', id: missingId, category: null, last_task: null },
] as const;
const completeIds = [a.id, missingId];
const deleteIds = [b.id, missingId];

const apiError = (status: number, data: unknown) => ({ status, data, retryAfter: null });
const refusals = {
  load: apiError(0, undefined),
  create: apiError(400, { errors: { title: ['Invalid Text'] } }),
  edit: apiError(400, { errors: { due_date: [taskMessages.date] } }),
  complete: apiError(404, { detail: 'Not found.' }),
  reorder: apiError(400, { errors: { position: [taskMessages.position(1)] } }),
  reorderOffline: apiError(0, undefined),
  delete: apiError(404, { detail: 'Not found.' }),
  template: apiError(400, { errors: { template_id: [taskMessages.noTemplate] } }),
};

/**
 * What the server answers to the request under way, from the board the machine had before it changed anything.
 * The same function answers the model (from the model's snapshot) and the doubles (from the actor's), so the two agree
 * even when titles, which the states leave out, differ between paths.
 */
function serverAnswer(type: string, snapshot: TaskBoardSnapshot, asked: { edit?: TaskEditBody; move?: TaskReorderBody } = {}): unknown {
  const { board, rollback, taskModal } = snapshot.context;
  if (!board) return undefined;
  const count = (phase: TaskPhase, except?: string) => board.phases.find((candidate) => candidate.value === phase)!.tasks.filter((candidate) => candidate.id !== except).length;
  switch (type) {
    case 'createTask':
      return { ...task(createdId, newTask.title, newTask.phase, count(newTask.phase)), category: newTask.category, parcel: { id: 'parcel-0123', apn: '0123' }, criterion: 'flood' };
    case 'editTask': {
      const edit = asked.edit ?? { id: taskModal?.id ?? a.id, ...titleEdit };
      const current = findTask(board, edit.id)!;
      const phase = edit.phase ?? current.phase;
      return { ...current, ...edit, position: phase === current.phase ? current.position : count(phase, current.id), updated_at: later };
    }
    case 'completeTask': {
      const current = findTask(rollback!.board, rollback!.id)!;
      const done = current.status === 'open';
      return { ...current, status: done ? 'done' : 'open', completed_at: done ? later : null, updated_at: later };
    }
    case 'reorderTask': {
      const move = asked.move!;
      const moved = moveTask(rollback!.board, move.id, move.phase, move.position);
      return putTask(moved, { ...findTask(moved, move.id)!, updated_at: later });
    }
    case 'applyTemplate':
      return boardOf([...boardTasks(board), { ...task(templatedId, 'Order the interconnection feasibility study', 'interconnection', count('interconnection')), why: 'Utilities queue studies by date.' }]);
    default:
      return undefined;
  }
}

/** The move under way, read back from the board before and after it (the model keeps no memory of its events). */
function moveUnderWay(snapshot: TaskBoardSnapshot): TaskReorderBody {
  const moved = findTask(snapshot.context.board, snapshot.context.rollback!.id)!;
  return { id: moved.id, phase: moved.phase, position: moved.position };
}

/** The model's events; effect answers follow what the effect was asked, as the server's would. */
function eventsFor(snapshot: TaskBoardSnapshot): ModelEvent[] {
  const { context } = snapshot;
  const has = (id: string) => findTask(context.board, id) !== undefined;
  const editedId = context.taskModal?.id ?? a.id;
  return [
    { type: 'board.retry' },
    { type: 'feedback.clear' },
    ...modalOpens,
    { type: 'taskModal.cancel' },
    // One created and one templated task at a time keep the graph finite.
    ...(has(createdId) ? [] : [{ type: 'task.create', task: newTask }]),
    { type: 'task.edit', task: { id: editedId, ...titleEdit } },
    { type: 'task.edit', task: { id: editedId, ...phaseEdit } },
    ...completeIds.map((id) => ({ type: 'task.complete', id })),
    ...moves.map((move) => ({ type: 'task.reorder', ...move })),
    ...deleteIds.map((id) => ({ type: 'deleteModal.open', id })),
    { type: 'deleteModal.confirm' },
    { type: 'deleteModal.cancel' },
    ...(has(templatedId) ? [] : [{ type: 'template.apply', templateId }]),

    { type: 'xstate.done.actor.loadBoard', output: listed },
    { type: 'xstate.done.actor.loadBoard', output: empty },
    { type: 'xstate.error.actor.loadBoard', error: refusals.load },
    { type: 'xstate.done.actor.createTask', output: serverAnswer('createTask', snapshot) },
    { type: 'xstate.error.actor.createTask', error: refusals.create },
    ...(snapshot.matches({ ready: { taskModal: 'saving' } }) ? [{ type: 'xstate.done.actor.editTask', output: serverAnswer('editTask', snapshot, { edit: editOf(snapshot) }) }] : []),
    { type: 'xstate.error.actor.editTask', error: refusals.edit },
    ...(snapshot.matches({ ready: 'completing' }) ? [{ type: 'xstate.done.actor.completeTask', output: serverAnswer('completeTask', snapshot) }] : []),
    { type: 'xstate.error.actor.completeTask', error: refusals.complete },
    ...(snapshot.matches({ ready: 'reordering' }) ? [{ type: 'xstate.done.actor.reorderTask', output: serverAnswer('reorderTask', snapshot, { move: moveUnderWay(snapshot) }) }] : []),
    { type: 'xstate.error.actor.reorderTask', error: refusals.reorder },
    { type: 'xstate.error.actor.reorderTask', error: refusals.reorderOffline },
    { type: 'xstate.done.actor.deleteTask', output: undefined },
    { type: 'xstate.error.actor.deleteTask', error: refusals.delete },
    { type: 'xstate.done.actor.applyTemplate', output: serverAnswer('applyTemplate', snapshot) },
    { type: 'xstate.error.actor.applyTemplate', error: refusals.template },
  ];
}

/**
 * The edit under way, for the model's answer. The snapshot does not hold the event that started it; the model tells
 * the two edits apart by the edit's invoke input, which the graph keeps on the snapshot's children.
 */
function editOf(snapshot: TaskBoardSnapshot): TaskEditBody {
  const child = snapshot.children.editTask as unknown as { options?: { input?: TaskEditBody } } | undefined;
  return child?.options?.input ?? { id: snapshot.context.taskModal!.id!, ...titleEdit };
}


const layout = (board: TaskBoard | null) => board?.phases.map((phase) => [phase.value, phase.tasks.map((candidate) => `${candidate.id}:${candidate.status}`)]) ?? null;

/**
 * What the guards read (where each task is, and its status) and what the effects are asked (the open modals, the
 * change under way). Titles, messages and times are left out: they change no transition, and the test checks them
 * against what it asked and what the doubles answered.
 */
const guardedContext = (snapshot: TaskBoardSnapshot) => ({
  board: layout(snapshot.context.board),
  rollback: snapshot.context.rollback && [snapshot.context.rollback.id, layout(snapshot.context.rollback.board)],
  modals: [snapshot.context.taskModal, snapshot.context.deleteModal],
  applying: snapshot.context.applying,
  edit: snapshot.matches({ ready: { taskModal: 'saving' } }) ? editOf(snapshot) : null,
});

function createSystemUnderTest() {
  const doubles = new EffectDoubles();
  const actor = createActor(
    taskBoardMachine.provide({
      actors: {
        loadBoard: doubles.actor<TaskBoard, ProjectIdInput>('loadBoard'),
        createTask: doubles.actor<Task, TaskCreateBody>('createTask'),
        editTask: doubles.actor<Task, TaskEditBody>('editTask'),
        completeTask: doubles.actor<Task, TaskIdInput>('completeTask'),
        reorderTask: doubles.actor<TaskBoard, TaskReorderBody>('reorderTask'),
        deleteTask: doubles.actor<unknown, TaskIdInput>('deleteTask'),
        applyTemplate: doubles.actor<TaskBoard, ApplyTemplateInput>('applyTemplate'),
      },
    }),
    { input },
  );
  const emitted: TaskBoardEmitted[] = [];
  actor.on('*', (event) => void emitted.push(event));
  return { actor, doubles, emitted };
}

/** The board invariants: every phase in order, positions 0..n-1 in each, each task in its own column, counts that add up, no id twice. */
function expectWellFormed(board: TaskBoard) {
  expect(board.project_id).toBe(projectId);
  expect(board.phases.map((phase) => phase.value)).toEqual(taskPhases.map((phase) => phase.value));
  for (const phase of board.phases) {
    expect(phase.tasks.map((candidate) => candidate.position)).toEqual(phase.tasks.map((_, index) => index));
    for (const candidate of phase.tasks) expect(candidate.phase).toBe(phase.value);
    expect(phase.total).toBe(phase.tasks.length);
    expect(phase.done).toBe(phase.tasks.filter((candidate) => candidate.status === 'done').length);
  }
  const ids = boardTasks(board).map((candidate) => candidate.id);
  expect(new Set(ids).size).toBe(ids.length);
  expect(board.count).toBe(ids.length);
}

/** Each column's ids in order, without `id`. */
const columnsWithout = (board: TaskBoard, id: string) => board.phases.map((phase) => phase.tasks.filter((candidate) => candidate.id !== id).map((candidate) => candidate.id));

/** The server's range for a move, written out again here rather than taken from the machine. */
function acceptsMove(board: TaskBoard | null, move: TaskReorderBody): boolean {
  const moved = board && boardTasks(board).find((candidate) => candidate.id === move.id);
  if (!board || !moved) return false;
  const others = board.phases.find((phase) => phase.value === move.phase)!.tasks.filter((candidate) => candidate.id !== move.id).length;
  return move.position <= others && !(moved.phase === move.phase && moved.position === move.position);
}

describe('task-board machine', () => {
  const paths = runModelPaths('task-board machine', taskBoardMachine, {
    events: eventsFor,
    input,
    serializeContext: guardedContext,
    run: () => {
      const { actor, doubles, emitted } = createSystemUnderTest();
      /** What the user asked, remembered by the test rather than read back from the machine. */
      const asked = {
        taskModal: null as TaskModal | null,
        edit: null as TaskEditBody | null,
        complete: null as string | null,
        move: null as TaskReorderBody | null,
        delete: null as string | null,
        /** The board before the optimistic change under way. */
        before: null as TaskBoard | null,
      };
      /** The ids the board must hold: what the server listed, plus what it created, minus what it deleted. */
      let alive: string[] = [];
      const announced: TaskBoardEmitted[] = [];

      const execute = async (event: ModelEvent) => {
        const before = actor.getSnapshot();
        const idle = before.matches({ ready: 'idle' });
        if (event.type === 'taskModal.open' && idle) asked.taskModal = { id: event.id as string | null, category: event.category as TaskModal['category'], last_task: event.last_task as string | null };
        if (event.type === 'task.edit') asked.edit = event.task as TaskEditBody;
        if (event.type === 'task.complete') [asked.complete, asked.before] = [event.id as string, before.context.board];
        if (event.type === 'task.reorder') {
          asked.move = { id: event.id as string, phase: event.phase as TaskPhase, position: event.position as number };
          asked.before = before.context.board;
        }
        if (event.type === 'deleteModal.open') asked.delete = event.id as string;
        const src = event.type.replace(/^xstate\.(done|error)\.actor\./, '');
        const output = event.type.startsWith('xstate.done.actor.') && src !== 'loadBoard' ? serverAnswer(src, before, { edit: asked.edit ?? undefined, move: asked.move ?? undefined }) : event.output;
        if (!settleEffectEvent(doubles, { ...event, output })) actor.send(event as Parameters<typeof actor.send>[0]);
        await flush();
        const after = actor.getSnapshot();
        const board = after.context.board!;

        // Refusals are kept for the screen that asked, exactly as the server gave them.
        const refusal = 'error' in event ? toFormErrors(event.error) : null;
        if (event.type === 'xstate.error.actor.loadBoard') expect(after.context.loadErrors).toEqual(refusal);
        if (['createTask', 'editTask', 'deleteTask'].some((name) => event.type === `xstate.error.actor.${name}`)) expect(after.context.modalErrors).toEqual(refusal);
        if (event.type === 'xstate.error.actor.applyTemplate') expect(after.context.templateErrors).toEqual(refusal);
        if (event.type === 'template.apply' || event.type === 'feedback.clear') expect(after.context.templateErrors).toBeNull();

        if (event.type === 'xstate.done.actor.loadBoard') {
          expect(board).toEqual(event.output);
          alive = boardTasks(board).map((candidate) => candidate.id);
        }

        // Optimistic: the board shows the change at once, every other task where it was.
        if (event.type === 'task.complete') {
          expect(board).toEqual(toggleTask(asked.before!, asked.complete!));
          expect(findTask(board, asked.complete)!.status).not.toBe(findTask(asked.before, asked.complete)!.status);
        }
        if (event.type === 'task.reorder') {
          const move = asked.move!;
          const column = board.phases.find((phase) => phase.value === move.phase)!;
          expect(column.tasks[move.position]!.id).toBe(move.id);
          expect(columnsWithout(board, move.id)).toEqual(columnsWithout(asked.before!, move.id));
          expect(findTask(board, move.id)).toEqual({ ...findTask(asked.before, move.id), phase: move.phase, position: move.position });
        }

        // Accepted: the server's copy replaces the optimistic one. Refused: the board before the change, exactly.
        if (event.type === 'xstate.done.actor.reorderTask') expect(board).toEqual(output);
        if (event.type === 'xstate.done.actor.completeTask') {
          expect(findTask(board, asked.complete)).toEqual(output);
          const { id, title, status } = output as Task;
          announced.push({ type: 'task.completed', id, title, status });
        }
        if (event.type === 'xstate.error.actor.reorderTask' || event.type === 'xstate.error.actor.completeTask') {
          expect(board).toEqual(asked.before);
          const id = event.type === 'xstate.error.actor.reorderTask' ? asked.move!.id : asked.complete!;
          const kind = event.type === 'xstate.error.actor.reorderTask' ? 'task.moveRefused' : 'task.completeRefused';
          announced.push({ type: kind, id, title: findTask(asked.before, id)!.title, reason: refusalReason(event.error) });
        }

        if (event.type === 'xstate.done.actor.createTask') {
          const created = output as Task;
          const column = board.phases.find((phase) => phase.value === created.phase)!;
          expect(column.tasks.at(-1)).toEqual(created);
          expect(boardTasks(board).filter((candidate) => candidate.id !== created.id)).toEqual(boardTasks(before.context.board!));
          alive.push(created.id);
          announced.push({ type: 'task.created', id: created.id, title: created.title });
        }
        if (event.type === 'xstate.done.actor.editTask') {
          const edited = output as Task;
          expect(findTask(board, edited.id)).toEqual(edited);
          expect(columnsWithout(board, edited.id)).toEqual(columnsWithout(before.context.board!, edited.id));
          announced.push({ type: 'task.edited', id: edited.id, title: edited.title });
        }
        if (event.type === 'xstate.done.actor.deleteTask') {
          expect(board).toEqual(removeTask(before.context.board!, asked.delete!));
          alive = alive.filter((id) => id !== asked.delete);
          announced.push({ type: 'task.deleted', id: asked.delete!, title: findTask(before.context.board, asked.delete)!.title });
        }
        if (event.type === 'xstate.done.actor.applyTemplate') {
          expect(board).toEqual(output);
          const added = boardTasks(board).filter((candidate) => !alive.includes(candidate.id));
          alive.push(...added.map((candidate) => candidate.id));
          announced.push({ type: 'template.applied', templateId, added: added.length });
        }
      };
      return {
        actor,
        step: execute,
        check: (expected) => {
          const snapshot = actor.getSnapshot();
          const { context } = snapshot;
          expect(snapshot.value).toEqual(expected.value);
          expect(guardedContext(snapshot)).toEqual(guardedContext(expected));
          expect(context.projectId).toBe(projectId);
          expect(context.loadErrors !== null).toBe(snapshot.matches('failed'));

          // No task lost or doubled, positions dense in every phase, in every state.
          expect(context.board !== null).toBe(snapshot.matches('ready'));
          if (context.board) {
            expectWellFormed(context.board);
            expect(boardTasks(context.board).map((candidate) => candidate.id).sort()).toEqual([...alive].sort());
          }
          const changing = snapshot.matches({ ready: 'completing' }) || snapshot.matches({ ready: 'reordering' });
          expect(context.rollback !== null).toBe(changing);
          if (context.rollback) {
            expect(context.rollback.board).toEqual(asked.before);
            expectWellFormed(context.rollback.board);
          }

          // The model reads the edit under way from its invoke input, as the actor does.
          if (snapshot.matches({ ready: { taskModal: 'saving' } })) expect([editOf(snapshot), editOf(expected)]).toEqual([asked.edit, asked.edit]);

          // Exactly the effects of the current state run, each with what the user asked.
          const expectedEffects = [
            ...(snapshot.matches('loading') ? [{ src: 'loadBoard', input: { projectId } }] : []),
            ...(snapshot.matches({ ready: { taskModal: 'creating' } }) ? [{ src: 'createTask', input: { ...newTask, project_id: projectId } }] : []),
            ...(snapshot.matches({ ready: { taskModal: 'saving' } }) ? [{ src: 'editTask', input: asked.edit }] : []),
            ...(snapshot.matches({ ready: 'completing' }) ? [{ src: 'completeTask', input: { id: asked.complete } }] : []),
            ...(snapshot.matches({ ready: 'reordering' }) ? [{ src: 'reorderTask', input: asked.move }] : []),
            ...(snapshot.matches({ ready: { deleting: 'saving' } }) ? [{ src: 'deleteTask', input: { id: asked.delete } }] : []),
            ...(snapshot.matches({ ready: 'applyingTemplate' }) ? [{ src: 'applyTemplate', input: { project_id: projectId, template_id: templateId } }] : []),
          ];
          expect(doubles.pending()).toEqual(expectedEffects);

          // The modals show what they were opened for (spec §3 task modal: show = the state, id, category, last_task).
          const showTaskModal = snapshot.matches({ ready: 'taskModal' });
          expect(context.taskModal).toEqual(showTaskModal ? asked.taskModal : null);
          if (snapshot.matches({ ready: 'deleting' })) expect(context.deleteModal).toEqual({ id: asked.delete });
          else expect(context.deleteModal).toBeNull();
          if (!showTaskModal && !snapshot.matches({ ready: 'deleting' })) expect(context.modalErrors).toBeNull();
          expect(context.applying).toEqual(snapshot.matches({ ready: 'applyingTemplate' }) ? { templateId } : null);

          // What the screens may offer: one change at a time, from the idle board; saves from the modal that fits.
          const idle = snapshot.matches({ ready: 'idle' });
          const exists = (id: string | null) => findTask(context.board, id) !== undefined;
          const modalOpen = snapshot.matches({ ready: { taskModal: 'open' } });
          for (const open of modalOpens) expect(snapshot.can(open)).toBe(idle && (open.id === null || exists(open.id)));
          expect(snapshot.can({ type: 'task.create', task: newTask })).toBe(modalOpen && context.taskModal?.id === null);
          for (const id of [a.id, b.id, missingId]) expect(snapshot.can({ type: 'task.edit', task: { id, ...titleEdit } })).toBe(modalOpen && context.taskModal?.id === id);
          for (const id of [...completeIds, b.id, c.id]) {
            expect(snapshot.can({ type: 'task.complete', id })).toBe(idle && exists(id));
            expect(snapshot.can({ type: 'deleteModal.open', id })).toBe(idle && exists(id));
          }
          for (const move of [...moves, { id: a.id, phase: 'site_control' as const, position: -1 }, { id: a.id, phase: 'site_control' as const, position: 0.5 }]) {
            expect(snapshot.can({ type: 'task.reorder', ...move })).toBe(idle && Number.isInteger(move.position) && move.position >= 0 && acceptsMove(context.board, move));
          }
          expect(snapshot.can({ type: 'template.apply', templateId })).toBe(idle);

          expect(emitted).toEqual(announced);
        },
      };
    },
  });

  it('reaches every state of the chart', () => {
    const expected = [
      'loading',
      'failed',
      { ready: 'idle' },
      { ready: { taskModal: 'open' } },
      { ready: { taskModal: 'creating' } },
      { ready: { taskModal: 'saving' } },
      { ready: 'completing' },
      { ready: 'reordering' },
      { ready: { deleting: 'confirming' } },
      { ready: { deleting: 'saving' } },
      { ready: 'applyingTemplate' },
    ].map((value) => JSON.stringify(value));
    expect(reachedStates(paths)).toEqual(expected.sort());
  });
});

describe('task-board operations', () => {
  it('moves within a phase and across phases as the server does, and leaves the board alone when the move is not possible', () => {
    const ids = (board: TaskBoard, phase: TaskPhase) => board.phases.find((candidate) => candidate.value === phase)!.tasks.map((candidate) => candidate.id);
    expect(ids(moveTask(listed, a.id, 'site_control', 1), 'site_control')).toEqual([b.id, a.id]);
    const across = moveTask(listed, c.id, 'site_control', 1);
    expect(ids(across, 'site_control')).toEqual([a.id, c.id, b.id]);
    expect(ids(across, 'permitting')).toEqual([]);
    expect(across.phases.find((phase) => phase.value === 'site_control')).toMatchObject({ total: 3, done: 1 });
    expect(moveTask(listed, c.id, 'site_control', 3)).toBe(listed);
    expect(moveTask(listed, a.id, 'site_control', 0)).toBe(listed);
    expect(moveTask(listed, missingId, 'site_control', 0)).toBe(listed);
  });

  it('puts an edited task that changed phase last in its new phase and closes the gap', () => {
    const moved = putTask(listed, { ...a, phase: 'permitting', position: 1 });
    expect(moved.phases[0]!.tasks).toEqual([{ ...b, position: 0 }]);
    expect(moved.phases[1]!.tasks.map((candidate) => [candidate.id, candidate.position])).toEqual([[c.id, 0], [a.id, 1]]);
    expect(removeTask(listed, a.id).phases[0]!.tasks).toEqual([{ ...b, position: 0 }]);
  });
});

describe('task-board machine details', () => {
  it('a failed load can be retried', async () => {
    const { actor, doubles } = createSystemUnderTest();
    actor.start();
    doubles.settle('loadBoard', 'error', refusals.load);
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.loadErrors?.detail).toBe(genericErrorMessages.unreachable);
    actor.send({ type: 'board.retry' });
    expect(actor.getSnapshot().context.loadErrors).toBeNull();
    doubles.settle('loadBoard', 'done', listed);
    await flush();
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' });
    expect(actor.getSnapshot().context.board).toEqual(listed);
    actor.stop();
  });

  it('tells the snackbar why a move was refused and puts the board back', async () => {
    const { actor, doubles, emitted } = createSystemUnderTest();
    actor.start();
    doubles.settle('loadBoard', 'done', listed);
    await flush();
    actor.send({ type: 'task.reorder', id: c.id, phase: 'site_control', position: 2 });
    expect(actor.getSnapshot().context.board!.phases[0]!.tasks.map((candidate) => candidate.id)).toEqual([a.id, b.id, c.id]);
    doubles.settle('reorderTask', 'error', refusals.reorder);
    await flush();
    expect(actor.getSnapshot().context.board).toEqual(listed);
    expect(emitted).toEqual([{ type: 'task.moveRefused', id: c.id, title: c.title, reason: taskMessages.position(1) }]);
    actor.stop();
  });

  it('refuses to run without its effects', async () => {
    const actor = createActor(taskBoardMachine, { input }).start();
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    // The missing actor's own message stays out of the screen.
    expect(actor.getSnapshot().context.loadErrors?.detail).toBe(genericErrorMessages.unexpected);
    actor.stop();
  });
});
