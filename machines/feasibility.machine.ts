import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { FeasibilityStudy, StudyCreateBody, StudyLimit, StudyList } from '../src/contract/feasibility.ts';
import { primaryStudyOf } from '../src/contract/primary-study.ts';
import { confirmDeleteState } from './confirm-delete.ts';
import { toFormErrors, type FormErrors } from './form-errors.ts';
import { announcer, studyNotice } from './notices.ts';

export interface FeasibilityInput {
  projectId: string;
}

/** A new study's body without the project: the machine belongs to one project and fills it in. */
export type NewStudy = Omit<StudyCreateBody, 'project_id'>;

export interface StudyIdInput {
  id: string;
}
export interface ProjectIdInput {
  projectId: string;
}
export interface RenameStudyInput {
  id: string;
  name: string;
}

/** Spec §3 modal state "feasibility rename": id, type, name. */
export interface FeasibilityRenameModal {
  id: string;
  type: string;
  name: string;
}

/** Spec §3 modal state "feasibility default": the study to make the default (primary) one. */
export interface FeasibilityDefaultModal {
  id: string;
}

/** What the rename modal is about: spec §3 "feasibility rename" (`type` says what kind of thing is renamed). */
export const renameModalType = 'feasibility';

export interface FeasibilityContext {
  projectId: string;
  /** The project's studies, newest first as the server lists them; at most one primary, exactly one when not empty. */
  studies: FeasibilityStudy[];
  /** The plan's limit for this project, checked at load and after every create and delete. */
  limit: StudyLimit | null;
  /** Why the list or the limit could not be loaded (state `failed`). */
  loadErrors: FormErrors | null;
  /** The last refusal of the new-study form, field by field. */
  createErrors: FormErrors | null;
  /** Spec §3 "feasibility rename" modal: the study and the name being typed. */
  renameModal: FeasibilityRenameModal | null;
  /** Spec §3 "feasibility default" modal: the study to make primary, waiting for confirmation. */
  primaryModal: FeasibilityDefaultModal | null;
  /** The study to delete, waiting for confirmation. */
  deleteModal: { id: string } | null;
  /** Why the open modal's request failed; the modal stays open with it. */
  modalErrors: FormErrors | null;
}

export type FeasibilityEvent =
  | { type: 'studies.retry' }
  | { type: 'study.create'; study: NewStudy }
  | { type: 'feedback.clear' }
  | { type: 'primaryModal.open'; id: string }
  | { type: 'primaryModal.confirm' }
  | { type: 'primaryModal.cancel' }
  | { type: 'renameModal.open'; id: string }
  | { type: 'renameModal.edit'; name: string }
  | { type: 'renameModal.submit' }
  | { type: 'renameModal.cancel' }
  | { type: 'deleteModal.open'; id: string }
  | { type: 'deleteModal.confirm' }
  | { type: 'deleteModal.cancel' }
  /** The plan changed (the session saw a paid checkout): the study limit is checked again. */
  | { type: 'limit.refresh' };

/** Emitted after each change the server accepted, for the snackbar. */
export type FeasibilityEmitted = { type: 'study.created' | 'study.renamed' | 'study.deleted' | 'study.primarySet'; id: string; name: string };

function notProvided<TOutput, TInput>(name: string) {
  return fromPromise<TOutput, TInput>(() => Promise.reject(new Error(`feasibilityMachine: provide the '${name}' actor`)));
}

/** Newest first, as the server lists them: by creation time, then by id. */
const standing = (study: FeasibilityStudy) => ({ id: study.id, created: Date.parse(study.created_at), primary: study.is_primary });

/** The server's rule (src/contract/primary-study.ts): one primary study per project; when none is left, the newest. */
function withOnePrimary(studies: FeasibilityStudy[]): FeasibilityStudy[] {
  const primary = primaryStudyOf(studies, standing);
  return studies.map((study) => (study.is_primary === (study === primary) ? study : { ...study, is_primary: study === primary }));
}

/** The list with the server's copy of one study, replaced in place or added first; a primary one takes the flag from the others. */
function withStudy(studies: FeasibilityStudy[], changed: FeasibilityStudy): FeasibilityStudy[] {
  const known = studies.some((study) => study.id === changed.id);
  const next = known ? studies.map((study) => (study.id === changed.id ? changed : study)) : [changed, ...studies];
  return withOnePrimary(changed.is_primary ? next.map((study) => (study === changed || !study.is_primary ? study : { ...study, is_primary: false })) : next);
}

const findStudy = (context: FeasibilityContext, id: string) => context.studies.find((study) => study.id === id);

/**
 * The feasibility studies of one open project: loads the list and the plan's limit, creates, makes a study primary,
 * renames and deletes (each modal confirmed first), keeping one primary study as the server does. Spawned by the
 * session machine on 'project.open' (systemId 'feasibility'); it reports through its snapshot and emits
 * 'study.created', 'study.renamed', 'study.deleted' and 'study.primarySet' with the study's name.
 */
export const feasibilityMachine = setup({
  types: {
    context: {} as FeasibilityContext,
    events: {} as FeasibilityEvent,
    input: {} as FeasibilityInput,
    emitted: {} as FeasibilityEmitted,
  },
  actors: {
    listStudies: notProvided<StudyList, ProjectIdInput>('listStudies'),
    checkLimit: notProvided<StudyLimit, ProjectIdInput>('checkLimit'),
    createStudy: notProvided<FeasibilityStudy, StudyCreateBody>('createStudy'),
    setPrimaryStudy: notProvided<FeasibilityStudy, StudyIdInput>('setPrimaryStudy'),
    renameStudy: notProvided<FeasibilityStudy, RenameStudyInput>('renameStudy'),
    /** Answers 204: nothing to read. */
    deleteStudy: notProvided<unknown, StudyIdInput>('deleteStudy'),
  },
  actions: {
    // Emitted for whoever observes this actor, and told to the app's snackbar when one runs in the same actor system.
    announce: announcer<FeasibilityContext, FeasibilityEvent, FeasibilityEmitted>(studyNotice),
    assignStudy: assign({ studies: ({ context }, params: { study: FeasibilityStudy }) => withStudy(context.studies, params.study) }),
    removeStudy: assign({ studies: ({ context }, params: StudyIdInput) => withOnePrimary(context.studies.filter((study) => study.id !== params.id)) }),
    closeModals: assign({ renameModal: null, primaryModal: null, deleteModal: null, modalErrors: null }),
    clearModalErrors: assign({ modalErrors: null }),
    showModalErrors: assign({ modalErrors: (_, params: { error: unknown }) => toFormErrors(params.error) }),
  },
  guards: {
    'canCreate?': ({ context }) => context.limit?.allowed === true,
    'studyExists?': ({ context }, params: StudyIdInput) => findStudy(context, params.id) !== undefined,
    'canSetPrimary?': ({ context }, params: StudyIdInput) => findStudy(context, params.id)?.is_primary === false,
  },
}).createMachine({
  description: 'The studies of the open project: list them, add one, choose the primary one, rename or delete them, within the plan limit.',
  id: 'feasibility',
  context: ({ input }) => ({
    projectId: input.projectId,
    studies: [],
    limit: null,
    loadErrors: null,
    createErrors: null,
    renameModal: null,
    primaryModal: null,
    deleteModal: null,
    modalErrors: null,
  }),
  initial: 'loading',
  states: {
    /** The list and the limit, side by side; both are needed before anything can be changed. */
    loading: {
      description: "Opening the project's studies: the list and the plan's study limit load side by side.",
      type: 'parallel',
      entry: assign({ loadErrors: null }),
      onDone: { target: 'ready' },
      states: {
        studies: {
          description: 'The list of studies.',
          initial: 'fetching',
          states: {
            fetching: {
              description: 'The studies of the project are loading.',
              invoke: {
                id: 'listStudies',
                src: 'listStudies',
                input: ({ context }) => ({ projectId: context.projectId }),
                onDone: { target: 'done', actions: assign({ studies: ({ event }) => event.output.results }) },
                onError: { target: '#feasibility.failed', actions: assign({ loadErrors: ({ event }) => toFormErrors(event.error) }) },
              },
            },
            done: { description: 'The studies are here.', type: 'final' },
          },
        },
        limit: {
          description: "The plan's study limit.",
          initial: 'fetching',
          states: {
            fetching: {
              description: 'The plan limit (how many studies this project may have) is loading.',
              invoke: {
                id: 'checkLimit',
                src: 'checkLimit',
                input: ({ context }) => ({ projectId: context.projectId }),
                onDone: { target: 'done', actions: assign({ limit: ({ event }) => event.output }) },
                onError: { target: '#feasibility.failed', actions: assign({ loadErrors: ({ event }) => toFormErrors(event.error) }) },
              },
            },
            done: { description: 'The limit is here.', type: 'final' },
          },
        },
      },
    },

    failed: {
      description: 'The studies could not be loaded; the screen offers to try again.',
      on: { 'studies.retry': { target: 'loading', description: 'The user tries again.' } },
    },

    /** One thing at a time: the list changes under a request, so nothing else starts until it is answered. */
    ready: {
      description: 'The studies are on screen. One change at a time: each waits for the server before the next starts.',
      initial: 'idle',
      on: {
        'feedback.clear': { actions: assign({ createErrors: null }) },
      },
      states: {
        idle: {
          description: 'The studies wait for the user: add one, make one primary, rename or delete one.',
          // Every modal ends here (a delete by way of refreshingLimit), however it was closed.
          entry: 'closeModals',
          on: {
            'limit.refresh': { target: 'refreshingLimit', description: 'A new plan: its study limit is checked.' },
            'study.create': { guard: 'canCreate?', target: 'creating', actions: assign({ createErrors: null }) },
            'primaryModal.open': {
              guard: { type: 'canSetPrimary?', params: ({ event }) => ({ id: event.id }) },
              target: 'settingPrimary',
              actions: assign({ primaryModal: ({ event }) => ({ id: event.id }) }),
            },
            'renameModal.open': {
              guard: { type: 'studyExists?', params: ({ event }) => ({ id: event.id }) },
              target: 'renaming',
              actions: assign({ renameModal: ({ context, event }) => ({ id: event.id, type: renameModalType, name: findStudy(context, event.id)!.name }) }),
            },
            'deleteModal.open': {
              guard: { type: 'studyExists?', params: ({ event }) => ({ id: event.id }) },
              target: 'deleting',
              actions: assign({ deleteModal: ({ event }) => ({ id: event.id }) }),
            },
          },
        },

        creating: {
          description: 'The server saves a new study.',
          invoke: {
            id: 'createStudy',
            src: 'createStudy',
            input: ({ context, event }) => {
              assertEvent(event, 'study.create');
              return { ...event.study, project_id: context.projectId };
            },
            onDone: {
              target: 'refreshingLimit',
              actions: [
                { type: 'assignStudy', params: ({ event }) => ({ study: event.output }) },
                { type: 'announce', params: ({ event }) => ({ type: 'study.created' as const, id: event.output.id, name: event.output.name }) },
              ],
            },
            onError: { target: 'idle', actions: assign({ createErrors: ({ event }) => toFormErrors(event.error) }) },
          },
        },

        /** After a create or a delete: the plan's count changed. A failure keeps the last answer (the server still enforces it). */
        refreshingLimit: {
          description: "A study was added or deleted, so the plan's limit is checked again; if that fails the last answer stays.",
          entry: 'closeModals',
          invoke: {
            id: 'checkLimit',
            src: 'checkLimit',
            input: ({ context }) => ({ projectId: context.projectId }),
            onDone: { target: 'idle', actions: assign({ limit: ({ event }) => event.output }) },
            onError: { target: 'idle' },
          },
        },

        settingPrimary: {
          description: 'The user makes another study the primary one.',
          initial: 'confirming',
          states: {
            confirming: {
              description: 'A modal asks the user to confirm the new primary study.',
              on: {
                'primaryModal.confirm': { target: 'saving' },
                'primaryModal.cancel': { target: '#feasibility.ready.idle' },
              },
            },
            saving: {
              description: 'The server makes the study primary; the one before stops being primary.',
              entry: 'clearModalErrors',
              invoke: {
                id: 'setPrimaryStudy',
                src: 'setPrimaryStudy',
                input: ({ context }) => ({ id: context.primaryModal!.id }),
                onDone: {
                  target: '#feasibility.ready.idle',
                  actions: [
                    { type: 'assignStudy', params: ({ event }) => ({ study: event.output }) },
                    { type: 'announce', params: ({ event }) => ({ type: 'study.primarySet' as const, id: event.output.id, name: event.output.name }) },
                  ],
                },
                onError: { target: 'confirming', actions: { type: 'showModalErrors', params: ({ event }) => ({ error: event.error }) } },
              },
            },
          },
        },

        renaming: {
          description: 'The user renames a study.',
          initial: 'editing',
          states: {
            editing: {
              description: 'The rename modal is open; the user types the new name.',
              on: {
                'renameModal.edit': { actions: assign({ renameModal: ({ context, event }) => ({ ...context.renameModal!, name: event.name }) }) },
                'renameModal.submit': { target: 'saving' },
                'renameModal.cancel': { target: '#feasibility.ready.idle' },
              },
            },
            saving: {
              description: 'The server saves the new name.',
              entry: 'clearModalErrors',
              invoke: {
                id: 'renameStudy',
                src: 'renameStudy',
                input: ({ context }) => ({ id: context.renameModal!.id, name: context.renameModal!.name }),
                onDone: {
                  target: '#feasibility.ready.idle',
                  actions: [
                    { type: 'assignStudy', params: ({ event }) => ({ study: event.output }) },
                    { type: 'announce', params: ({ event }) => ({ type: 'study.renamed' as const, id: event.output.id, name: event.output.name }) },
                  ],
                },
                onError: { target: 'editing', actions: { type: 'showModalErrors', params: ({ event }) => ({ error: event.error }) } },
              },
            },
          },
        },

        deleting: confirmDeleteState({
          description: 'The user deletes a study.',
          idle: '#feasibility.ready.idle',
          actor: 'deleteStudy',
          saving: 'The server deletes the study; when it was the primary one, the newest remaining study becomes primary.',
          notice: (context: FeasibilityContext) => {
            const { id, name } = findStudy(context, context.deleteModal!.id)!;
            return { type: 'study.deleted' as const, id, name };
          },
          remove: 'removeStudy',
          done: '#feasibility.ready.refreshingLimit',
        }),
      },
    },
  },
});
