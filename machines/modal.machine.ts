import { assign, createActor, enqueueActions, fromCallback, setup, type ActorRef, type ActorRefFrom, type Snapshot } from 'xstate';

export type QuestionKind = 'delete' | 'confirm';

/** The answer a delete or confirm modal sends to whoever opened it. */
export interface ModalAnswerEvent {
  type: 'modal.answered';
  kind: QuestionKind;
  requestId: string | null;
  /** True only when the user confirmed; closing, or opening another modal over it, answers false. */
  confirmed: boolean;
}

/** A delete or confirm question and the actor that wants the answer. */
export interface QuestionModal {
  title: string;
  message: string;
  /** Echoed in the answer, so an opener with several questions can tell them apart. */
  requestId: string | null;
  /** The buttons' words where "Delete"/"Confirm" and "Cancel" would be unclear (e.g. "Cancel the job" / "Keep it running"). */
  confirmLabel?: string;
  dismissLabel?: string;
  replyTo: ActorRef<Snapshot<unknown>, ModalAnswerEvent>;
}

export interface ModalContext {
  delete: QuestionModal | null;
  confirm: QuestionModal | null;
  /** The settings preset the settings modal shows. */
  settingId: string | null;
}

export type ModalEvent =
  | { type: 'deleteModal.open'; question: QuestionModal }
  | { type: 'confirmModal.open'; question: QuestionModal }
  | { type: 'settingModal.open'; id: string }
  /** The user's answer to the open delete or confirm modal. */
  | { type: 'modal.answer'; confirmed: boolean }
  | { type: 'modal.close' };

const closedContext: ModalContext = { delete: null, confirm: null, settingId: null };

interface ReplyParams {
  question: QuestionModal | null;
  kind: QuestionKind;
  confirmed: boolean;
}

/**
 * The app's one modal slot (spec §3 modal state): idle or one open modal, which an open event replaces. The
 * feasibility rename and default modals belong to the feasibility actor, and the task form (spec §3 "task": category,
 * last_task, show, id) to the task board actor (`ready.taskModal`), which own what those forms change.
 * Delete and confirm report the answer as a 'modal.answered' event to the `replyTo` actor of their open event,
 * exactly once, whatever closes them; non-actor callers use `askModal`. Created once at the app root.
 */
export const modalMachine = setup({
  types: { context: {} as ModalContext, events: {} as ModalEvent },
  actions: {
    // Runs on exit, so every way out of a question (answer, close, another modal) answers it exactly once.
    // Explicit type arguments: setup() cannot infer an enqueueActions declared among the actions it types.
    replyToOpener: enqueueActions<ModalContext, ModalEvent, ReplyParams, ModalEvent, never, never, never, never, never>(({ enqueue }, { question, kind, confirmed }) => {
      if (question) enqueue.sendTo(question.replyTo, { type: 'modal.answered', kind, requestId: question.requestId, confirmed });
    }),
    closeModal: assign(closedContext),
  },
}).createMachine({
  description: 'The one modal of the app: a preset form, or a delete or confirm question whose answer goes back to whoever asked.',
  id: 'modal',
  initial: 'idle',
  context: closedContext,
  on: {
    'deleteModal.open': { target: '.delete', actions: assign({ delete: ({ event }) => event.question }) },
    'confirmModal.open': { target: '.confirm', actions: assign({ confirm: ({ event }) => event.question }) },
    'settingModal.open': { target: '.setting', actions: assign({ settingId: ({ event }) => event.id }) },
  },
  states: {
    idle: { description: 'No modal is open.' },
    setting: { description: 'The preset settings form is open.', exit: 'closeModal', on: { 'modal.close': { target: 'idle' } } },
    delete: {
      description: 'Asks the user to confirm a deletion; the answer (yes, or no when closed) goes back to whoever asked.',
      exit: [
        {
          type: 'replyToOpener',
          params: ({ context, event }) => ({ question: context.delete, kind: 'delete', confirmed: event.type === 'modal.answer' && event.confirmed }),
        },
        'closeModal',
      ],
      on: { 'modal.answer': { target: 'idle' }, 'modal.close': { target: 'idle' } },
    },
    confirm: {
      description: 'Asks the user to confirm a step; the answer (yes, or no when closed) goes back to whoever asked.',
      exit: [
        {
          type: 'replyToOpener',
          params: ({ context, event }) => ({ question: context.confirm, kind: 'confirm', confirmed: event.type === 'modal.answer' && event.confirmed }),
        },
        'closeModal',
      ],
      on: { 'modal.answer': { target: 'idle' }, 'modal.close': { target: 'idle' } },
    },
  },
});

/**
 * Opens a delete or confirm modal for a caller that is not an actor (an event handler) and resolves with
 * the answer. It stands up a short-lived actor as `replyTo`, so the machine has one way of answering.
 */
export function askModal(
  modal: Pick<ActorRefFrom<typeof modalMachine>, 'send'>,
  kind: QuestionKind,
  question: { title: string; message: string; requestId?: string; confirmLabel?: string; dismissLabel?: string },
): Promise<boolean> {
  return new Promise((resolve) => {
    const listener = createActor(
      fromCallback<ModalAnswerEvent>(({ receive }) => {
        receive((answer) => {
          resolve(answer.confirmed);
          queueMicrotask(() => listener.stop());
        });
      }),
    ).start();
    modal.send({
      type: kind === 'delete' ? 'deleteModal.open' : 'confirmModal.open',
      question: { ...question, requestId: question.requestId ?? null, replyTo: listener },
    });
  });
}
