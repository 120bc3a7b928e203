import type { AnyMachineSnapshot } from 'xstate';
import { sessionExpiredMessage } from '../../machines/session.machine.ts';
import type { MachineName } from './machines.ts';

/** A text as the page shows it: exact, or a pattern. */
export type Text = string | RegExp;

/**
 * What the user sees in one state. Every field given is asserted; `dialog: null` asserts that no dialog is open.
 * `says` is the one line a person reads (the flow gallery prints it under the screenshot).
 */
export interface View {
  says: string;
  /** The URL's path. */
  route?: RegExp;
  /** The screen's heading (level 1). */
  heading?: Text;
  /** The open modal: its role, its name and its buttons; null: none is open. */
  dialog?: { role?: 'dialog' | 'alertdialog'; name: Text; buttons: Text[] } | null;
  /** A live region (role status or alert) with this text or name: the snackbar, a form's notice or refusal, a progress line. */
  status?: Text;
  /** Other texts the screen shows in this state (a section heading, a button). */
  texts?: Text[];
  /** A button shows that it is waiting for the server (Chakra's `loading`, data-loading). */
  busy?: true;
}

/** A state the user cannot tell apart from the one around it, with why; nothing is asserted for it. */
export interface NoChange {
  none: string;
}

/** A state the walk never rests in, with why (decided at once, or only reached by an event no user causes). */
export interface Unreached {
  unreached: string;
}

/** What a view is computed from: the model's snapshot after the step, the event that led there and the snapshot before. */
export interface ViewInput {
  snapshot: AnyMachineSnapshot;
  event: { type: string; [key: string]: unknown } | null;
  previous: AnyMachineSnapshot | null;
}

export type ViewEntry = View | NoChange | Unreached | ((input: ViewInput) => View | NoChange);

/** One entry per atomic state of each machine, by its dotted path; parallel regions combine their entries. */
export type ViewTable = Record<string, ViewEntry>;

// ---------------------------------------------------------------------------------------------------------------
// Session (and the route guard: every route below is where the guard lets that session be)

const loginHeading = (snapshot: AnyMachineSnapshot) => ((snapshot.context as { authTab: string }).authTab === 'signup' ? 'Create your account' : 'Log in to Sunplot');

/** The auth screen each busy state belongs to: where its form is, and where its answer shows. */
const authScreens: Record<string, { route: RegExp; heading: (snapshot: AnyMachineSnapshot) => Text }> = {
  loggingIn: { route: /^\/auth\/login$/, heading: loginHeading },
  signingUp: { route: /^\/auth\/login$/, heading: loginHeading },
  resendingVerification: { route: /^\/auth\/login$/, heading: loginHeading },
  requestingReset: { route: /^\/auth\/forgot-password$/, heading: () => 'Forgot your password?' },
  resettingPassword: { route: /^\/auth\/reset-password$/, heading: () => 'Choose a new password' },
  verifying: { route: /^\/auth\/verify\/[^/]+$/, heading: () => 'Confirm your email address' },
};

const loggedOutState = (snapshot: AnyMachineSnapshot | null) => {
  const value = snapshot?.value as { loggedOut?: string } | undefined;
  return typeof value === 'object' && value ? value.loggedOut : undefined;
};

/** A busy auth form: its screen, its button waiting. */
const authBusy = (state: string, says: string) => ({ snapshot }: ViewInput): View => ({
  says,
  route: authScreens[state]!.route,
  heading: authScreens[state]!.heading(snapshot),
  busy: true,
});

const sessionViews: ViewTable = {
  booting: { none: 'a new tab before the app has loaded: the next step opens it, and the app reads its storage before its first paint' },
  enteringApp: { unreached: 'decided at once (an always transition): the app never rests here' },
  'loggedOut.idle': ({ snapshot, event, previous }) => {
    const { errors, notice } = snapshot.context as { errors: { detail?: string | null } | null; notice: { detail: string } | null };
    const status = errors?.detail ?? notice?.detail ?? undefined;
    const form = loggedOutState(previous);
    const screen = form && authScreens[form];
    if (screen) return { says: `the ${form} form again${status ? `: “${status}”` : ''}`, route: screen.route, heading: screen.heading(snapshot), ...(status ? { status } : {}) };
    if (event?.type === 'xstate.error.actor.refreshTokens') return { says: 'the log-in screen: the session has expired', route: /^\/auth\/login$/, heading: 'Log in to Sunplot', status: sessionExpiredMessage };
    if (event?.type === 'authTab.select') return { says: `the ${String(event.tab)} tab of the log-in screen`, route: /^\/auth\/login$/, heading: loginHeading(snapshot) };
    // Opened signed out, or just logged out: the guard sends every private page to the landing page.
    return { says: 'the landing page, signed out', route: /^\/getstart$/, heading: /.+/ };
  },
  'loggedOut.loggingIn': authBusy('loggingIn', 'the log-in form, waiting for the server'),
  'loggedOut.loggingInWithGoogle': { unreached: "only Google's sign-in button sends it, which needs GOOGLE_CLIENT_ID and Google's script from the internet" },
  'loggedOut.signingUp': authBusy('signingUp', 'the sign-up form, waiting for the server'),
  'loggedOut.requestingReset': authBusy('requestingReset', 'the forgotten-password form, waiting for the server'),
  'loggedOut.resettingPassword': authBusy('resettingPassword', 'the new-password form, waiting for the server'),
  'loggedOut.verifying': ({ snapshot }) => ({ says: 'the mailed link opened: the address is being confirmed', route: authScreens.verifying!.route, heading: authScreens.verifying!.heading(snapshot) }),
  // The resend button shows no progress of its own: the form stays as it is until the answer.
  'loggedOut.resendingVerification': ({ snapshot }) => ({ says: 'the log-in form, sending the confirmation email again', route: authScreens.resendingVerification!.route, heading: loginHeading(snapshot) }),
  'signedIn.project.needsFirstProject': { says: 'the first-project form: every other screen sends the user back here', route: /^\/project\/add$/, heading: 'Create a project' },
  'signedIn.project.ready': ({ event }) => {
    if (event?.type === 'project.open') return { says: 'the project page', route: /^\/project\/[^/]+\/[^/]+$/, heading: /.+/, texts: ['Feasibility studies'] };
    if (event?.type === 'project.created') return { says: 'the new project page', route: /^\/project\/[^/]+\/[^/]+$/, heading: 'Walk Model Farm' };
    if (event?.type === 'account.update') return { says: 'the account page, saved', route: /^\/account$/, heading: 'Account', status: 'Your account has been saved.' };
    return { says: 'the projects list', route: /^\/project$/, heading: 'Projects' };
  },
  'signedIn.token.valid': { none: 'requests go out with the access token: the project region says what shows' },
  'signedIn.token.refreshing': { none: 'the token is renewed behind the screen, which stays as it is (spec §8: silent refresh)' },
  loggingOut: { says: 'logging out: the tokens are already gone and the log-out button waits', busy: true },
};

// ---------------------------------------------------------------------------------------------------------------
// Feasibility (the Studies section of a project page)

type Study = { id: string; name: string; is_primary: boolean };
const studiesOf = (snapshot: AnyMachineSnapshot) => (snapshot.context as { studies: Study[] }).studies;
const studyName = (snapshot: AnyMachineSnapshot, key: 'renameModal' | 'primaryModal' | 'deleteModal') => {
  const id = (snapshot.context as Record<string, { id: string } | null>)[key]?.id;
  return studiesOf(snapshot).find((study) => study.id === id)?.name ?? '';
};
const projectPage = /^\/project\/[^/]+\/[^/]+$/;
const modalError = (snapshot: AnyMachineSnapshot) => (snapshot.context as { modalErrors: { detail?: string | null; fields: Record<string, string[]> } | null }).modalErrors;
const renameDialog = { name: 'Rename study', buttons: ['Cancel', 'Rename'] };
const primaryDialog = { role: 'alertdialog' as const, name: 'Make this the primary study?', buttons: ['Cancel', 'Make primary'] };
const deleteStudyDialog = { role: 'alertdialog' as const, name: 'Delete study?', buttons: ['Cancel', 'Delete'] };
const studyNotices: Record<string, string> = {
  'xstate.done.actor.setPrimaryStudy': 'Primary study set',
  'xstate.done.actor.renameStudy': 'Study renamed',
};

const feasibilityViews: ViewTable = {
  'loading.studies.fetching': { says: 'the studies section, loading', route: projectPage, status: 'Loading the studies', texts: ['Feasibility studies'] },
  'loading.studies.done': { none: 'the list is in, but the section shows it only once the plan limit is in too' },
  'loading.limit.fetching': { none: 'the section waits for the list and the limit together (the studies region says it is loading)' },
  'loading.limit.done': { none: 'the limit is in, but the section shows it only once the list is in too' },
  failed: ({ snapshot }) => ({
    says: 'the studies could not be loaded, with "Try again"',
    route: projectPage,
    texts: [(snapshot.context as { loadErrors: { detail?: string } | null }).loadErrors?.detail ?? 'The studies could not be loaded.', 'Try again'],
  }),
  'ready.idle': ({ snapshot, event, previous }) => {
    if (previous?.matches({ ready: 'refreshingLimit' })) return { none: 'the limit check ends behind the screen, which stays where the new or deleted study left it' };
    const studies = studiesOf(snapshot);
    const notice = event && studyNotices[event.type];
    const changed = event && 'output' in event ? (event.output as Study | undefined) : undefined;
    const refused = event?.type === 'xstate.error.actor.createStudy';
    return {
      says: notice ? `the studies, with “${notice}: ${changed?.name}”` : refused ? 'the studies; the new study was refused' : 'the studies, waiting for the user',
      route: projectPage,
      dialog: refused ? { name: 'New feasibility study', buttons: [/Run and save study/, 'Cancel'] } : null,
      texts: studies.map((study) => study.name),
      ...(notice ? { status: `${notice}: ${changed?.name}` } : {}),
    };
  },
  'ready.creating': { says: 'the new-study form, running the study', dialog: { name: 'New feasibility study', buttons: [/Running the study/] }, busy: true },
  // A new study opens its own page; a deleted one leaves the list. The limit is checked again behind either.
  'ready.refreshingLimit': ({ event, previous }) => {
    if (event?.type === 'xstate.done.actor.createStudy') {
      const name = (event.output as Study).name;
      return { says: `the new study's page, with “Study saved: ${name}”`, route: /^\/project\/[^/]+\/[^/]+\/feasibility\/[^/]+$/, heading: name, status: `Study saved: ${name}` };
    }
    if (event?.type === 'xstate.done.actor.deleteStudy' && previous) {
      const name = studyName(previous, 'deleteModal');
      return { says: `the studies without “${name}”`, route: projectPage, dialog: null, status: `Study deleted: ${name}` };
    }
    return { none: 'the plan limit is checked again behind the screen' };
  },
  'ready.settingPrimary.confirming': ({ snapshot }) => ({ says: `asked to make “${studyName(snapshot, 'primaryModal')}” primary`, dialog: primaryDialog, ...(modalError(snapshot)?.detail ? { status: modalError(snapshot)!.detail! } : {}) }),
  'ready.settingPrimary.saving': { says: 'the make-primary question, waiting for the server', dialog: primaryDialog, busy: true },
  'ready.renaming.editing': ({ snapshot }) => {
    const errors = modalError(snapshot);
    const error = errors?.fields.name?.[0] ?? errors?.detail ?? undefined;
    return { says: 'the rename form', dialog: renameDialog, ...(error ? { texts: [error] } : {}) };
  },
  'ready.renaming.saving': { says: 'the rename form, waiting for the server', dialog: renameDialog, busy: true },
  'ready.deleting.confirming': ({ snapshot }) => ({ says: `asked to delete “${studyName(snapshot, 'deleteModal')}”`, dialog: deleteStudyDialog, ...(modalError(snapshot)?.detail ? { status: modalError(snapshot)!.detail! } : {}) }),
  'ready.deleting.saving': { says: 'the delete question, waiting for the server', dialog: deleteStudyDialog, busy: true },
};

// ---------------------------------------------------------------------------------------------------------------
// Task board (the Tasks tab of a project page)

type BoardTask = { id: string; title: string; status: string };
const boardTasksOf = (snapshot: AnyMachineSnapshot) => ((snapshot.context as { board: { phases: { tasks: BoardTask[] }[] } | null }).board?.phases ?? []).flatMap((phase) => phase.tasks);
const tasksTab = /^\/project\/[^/]+\/[^/]+$/;
const taskDialog = (snapshot: AnyMachineSnapshot) => {
  const id = (snapshot.context as { taskModal: { id: string | null } | null }).taskModal?.id;
  return id === null || id === undefined ? { name: 'New task', buttons: ['Cancel', /Add task/] } : { name: 'Edit task', buttons: ['Cancel', /Save/] };
};
const deleteTaskDialog = { role: 'alertdialog' as const, name: 'Delete task?', buttons: ['Cancel', 'Delete'] };
const taskNotices: Record<string, (output: Record<string, unknown>, before: AnyMachineSnapshot | null) => string> = {
  'xstate.done.actor.createTask': (output) => `Task added: ${String(output.title)}`,
  'xstate.done.actor.editTask': (output) => `Task saved: ${String(output.title)}`,
  'xstate.done.actor.completeTask': (output) => `${output.status === 'done' ? 'Task done' : 'Task reopened'}: ${String(output.title)}`,
  'xstate.done.actor.deleteTask': (_, before) => {
    const id = (before?.context as { deleteModal: { id: string } | null } | undefined)?.deleteModal?.id;
    return `Task deleted: ${before ? (boardTasksOf(before).find((task) => task.id === id)?.title ?? '') : ''}`;
  },
};
const refusedTitle = (before: AnyMachineSnapshot | null) => {
  const id = (before?.context as { rollback: { id: string } | null } | undefined)?.rollback?.id;
  return before ? (boardTasksOf(before).find((task) => task.id === id)?.title ?? '') : '';
};

const taskBoardViews: ViewTable = {
  loading: { says: 'the Tasks tab, loading the board', route: tasksTab, status: 'Loading the tasks' },
  failed: { says: 'the board could not be loaded, with "Try again"', route: tasksTab, texts: ['Try again'] },
  'ready.idle': ({ snapshot, event, previous }) => {
    const output = event && 'output' in event ? (event.output as Record<string, unknown>) : undefined;
    const notice = event && taskNotices[event.type] && output !== undefined ? taskNotices[event.type]!(output, previous) : undefined;
    let status: Text | undefined = notice;
    if (event?.type === 'xstate.error.actor.completeTask') status = `“${refusedTitle(previous)}” could not be changed: ${errorReason(event)}`;
    if (event?.type === 'xstate.error.actor.reorderTask') status = `“${refusedTitle(previous)}” could not be moved: ${errorReason(event)}`;
    if (event?.type === 'xstate.done.actor.applyTemplate') status = /^Template applied: \d+ tasks? added$/;
    return {
      says: status ? `the board, with “${String(status).replace(/^\/\^?|\$?\/$/g, '')}”` : event?.type === 'xstate.error.actor.applyTemplate' ? 'the board; the template was refused' : 'the board, waiting for the user',
      route: tasksTab,
      dialog: event?.type === 'xstate.error.actor.applyTemplate' ? { name: 'Apply a template', buttons: [/^Apply /] } : null,
      texts: boardTasksOf(snapshot).map((task) => task.title),
      ...(status ? { status } : {}),
    };
  },
  'ready.taskModal.open': ({ snapshot }) => {
    const errors = modalError(snapshot);
    const error = errors?.fields.title?.[0] ?? errors?.detail ?? undefined;
    return { says: 'the task form', dialog: taskDialog(snapshot), ...(error ? { texts: [error] } : {}) };
  },
  'ready.taskModal.creating': ({ snapshot }) => ({ says: 'the new-task form, waiting for the server', dialog: taskDialog(snapshot), busy: true }),
  'ready.taskModal.saving': ({ snapshot }) => ({ says: 'the edit-task form, waiting for the server', dialog: taskDialog(snapshot), busy: true }),
  'ready.completing': ({ snapshot }) => {
    const id = (snapshot.context as { rollback: { id: string } | null }).rollback?.id;
    const task = boardTasksOf(snapshot).find((candidate) => candidate.id === id);
    return { says: `“${task?.title}” shows ${task?.status === 'done' ? 'ticked' : 'unticked'} already, while the server saves it`, route: tasksTab, dialog: null, texts: task ? [task.title] : [] };
  },
  'ready.reordering': ({ snapshot }) => ({ says: 'the task shows in its new place already, while the server saves it', route: tasksTab, dialog: null, texts: boardTasksOf(snapshot).map((task) => task.title) }),
  'ready.deleting.confirming': ({ snapshot }) => ({ says: 'asked to delete a task', dialog: deleteTaskDialog, ...(modalError(snapshot)?.detail ? { status: modalError(snapshot)!.detail! } : {}) }),
  'ready.deleting.saving': { says: 'the delete question, waiting for the server', dialog: deleteTaskDialog, busy: true },
  'ready.applyingTemplate': { says: 'the template dialog, waiting for the server', dialog: { name: 'Apply a template', buttons: [/^Apply /] }, busy: true },
};

function errorReason(event: ViewInput['event']): string {
  const error = event?.error as { data?: { detail?: string } } | undefined;
  return error?.data?.detail ?? '';
}

// ---------------------------------------------------------------------------------------------------------------
// Checkout (/stripe/{plan}, then /payment-success/{session})

const checkoutRoute = /^\/stripe\/pro$/;
const paymentRoute = /^\/payment-success\/[^/]+$/;
const failureDetail = (snapshot: AnyMachineSnapshot) => (snapshot.context as { failure: { detail: string } | null }).failure?.detail ?? '';

const checkoutViews: ViewTable = {
  starting: { unreached: 'decided at once (an always transition): the checkout never rests here' },
  'creatingSession.requesting': { says: 'the checkout page, preparing the checkout', route: checkoutRoute, heading: 'Subscribe to Pro', status: 'Preparing your checkout…' },
  'creatingSession.waitingToRetry': ({ snapshot }) => ({ says: 'the checkout page: no answer, trying again in a moment', route: checkoutRoute, status: `${failureDetail(snapshot)} Trying again in a moment.`, texts: ['Try now'] }),
  'creatingSession.waitingForUser': ({ snapshot }) => ({ says: 'the checkout page: still no answer, waiting for "Try again"', route: checkoutRoute, status: failureDetail(snapshot), texts: ['Try again'] }),
  paying: { says: "Stripe's payment form (stood in: one Pay button)", route: checkoutRoute, heading: 'Subscribe to Pro', texts: ['Pay', 'Cancel'] },
  'verifying.requesting': () => ({ says: 'the payment page, checking the payment with Stripe', route: paymentRoute, heading: 'Confirming your payment', status: 'Checking your payment with Stripe…' }),
  'verifying.waitingToRetry': ({ snapshot }) => ({ says: 'the payment page: no answer, trying again in a moment', route: paymentRoute, heading: 'Confirming your payment', status: `${failureDetail(snapshot)} Trying again in a moment.`, texts: ['Try now'] }),
  'verifying.waitingForUser': ({ snapshot }) => ({ says: 'the payment page: still no answer, waiting for "Try again"', route: paymentRoute, heading: 'Confirming your payment', status: failureDetail(snapshot), texts: ['Try again'] }),
  verified: { says: 'the payment page: confirmed, on the Pro plan', route: paymentRoute, heading: 'Payment confirmed', texts: [/You are now on the/] },
  failed: ({ snapshot }) => ({
    says: 'the checkout ended refused, with the way back to the plans',
    route: (snapshot.context as { sessionId: string | null }).sessionId ? paymentRoute : checkoutRoute,
    status: failureDetail(snapshot),
    texts: ['Back to plans'],
  }),
  cancelled: { says: 'back on the plans page, nothing charged', route: /^\/subscription$/, heading: 'Subscription', texts: ['Your plan: Free'] },
};

// ---------------------------------------------------------------------------------------------------------------
// Modal (the app's one modal slot, as the project page and a study page open it)

const modalViews: ViewTable = {
  idle: { says: 'no modal open', dialog: null },
  setting: { says: "the study's settings preset, read-only", dialog: { name: /.+/, buttons: ['Close'] } },
  delete: { says: 'asked to delete the project', dialog: { role: 'alertdialog', name: 'Delete project?', buttons: ['Cancel', 'Delete'] } },
  confirm: { says: 'asked whether to cancel the background screening', dialog: { role: 'alertdialog', name: 'Cancel the background screening?', buttons: ['Keep it running', 'Cancel the job'] } },
};

export const views: Record<MachineName, ViewTable> = {
  session: sessionViews,
  feasibility: feasibilityViews,
  taskBoard: taskBoardViews,
  checkout: checkoutViews,
  modal: modalViews,
};
