import type { Infer } from 'superstruct';
import { assertEvent, assign, enqueueActions, fromCallback, fromPromise, setup, type ActorRefFrom, type AnyActorLogic, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import type {
  Account,
  EmailBody,
  GoogleLoginBody,
  LoginBody,
  LoginResponse,
  ResetPasswordBody,
  SignupBody,
  TokenPair,
  VerifyBody,
} from '../src/contract/auth.ts';
import type { VerifiedPayment } from '../src/contract/billing.ts';
// The children are named by type only: their code is provided with their effects (src/app/actors.ts), so it can
// load after the landing page.
import type { checkoutMachine, CheckoutInput } from './checkout.machine.ts';
import type { feasibilityMachine } from './feasibility.machine.ts';
import type { taskBoardMachine } from './task-board.machine.ts';
import { toFormErrors, type FormErrors } from './form-errors.ts';
import { modalMachine } from './modal.machine.ts';
import { snackbarMachine, snackbarSystemId } from './snackbar.machine.ts';

/** The four localStorage values (spec §3) as the storage module reads them. */
export interface StoredSession {
  accessToken: string | null;
  refreshToken: string | null;
  project: 'true' | 'false' | null;
  temp: 'true' | null;
}

export type LoginInput = Infer<typeof LoginBody>;
export type GoogleLoginInput = Infer<typeof GoogleLoginBody>;
export type SignupInput = Infer<typeof SignupBody>;
export type EmailInput = Infer<typeof EmailBody>;
export type ResetPasswordInput = Infer<typeof ResetPasswordBody>;
export type VerifyInput = Infer<typeof VerifyBody>;
export interface LogoutInput {
  refresh: string | null;
}
/** `{detail}` answers of signup, verify, resend, reset mail and reset password. */
export interface DetailAnswer {
  detail: string;
}
export interface SignupAnswer extends DetailAnswer {
  email: string;
}
/** What `storeSession` writes: both tokens and the project flag ("true"/"false"). */
export interface SessionTokens {
  access: string;
  refresh: string;
  project: boolean;
}

export type AuthTab = 'login' | 'signup';

/** A success message for the auth screens, with the server's own text. */
export type SessionNotice =
  | { kind: 'signedUp'; detail: string; email: string }
  | { kind: 'verificationSent' | 'resetMailSent' | 'passwordReset' | 'emailVerified' | 'sessionExpired'; detail: string };

export const sessionExpiredMessage = 'Your session has expired. Please log in again.';

/** systemIds the session's children are spawned with, so any actor can reach them with `system.get(id)`. */
export const sessionChildIds = { snackbar: snackbarSystemId, modal: 'modal', feasibility: 'feasibility', taskBoard: 'taskBoard', checkout: 'checkout' } as const;

export interface SessionContext {
  /** Mirror of the stored tokens; the API client reads storage itself (another tab may have rotated them). */
  accessToken: string | null;
  refreshToken: string | null;
  /** The project flag: false keeps the user in needsFirstProject (spec §2: /project/add). */
  hasProject: boolean;
  /** The stored temp flag ("true"), read at boot: a user without a project may still move around (spec §2). */
  temp: boolean;
  /** The account from the login answer or the last `account.update`; null after a reload until the account screen loads it. */
  user: Account | null;
  /** The tab of the shared /auth container; entering loggedOut and signup, reset or verify success select 'login'. */
  authTab: AuthTab;
  /** The last refusal of an auth form, for the form to show (field errors and detail). */
  errors: FormErrors | null;
  notice: SessionNotice | null;
  /** snackbar.machine.ts, systemId 'snackbar': spawned with the session and living as long as it; every actor tells it what to say. */
  snackbar: ActorRefFrom<typeof snackbarMachine>;
  /** modal.machine.ts, systemId 'modal': the spec's modal state, spawned with the session. */
  modal: ActorRefFrom<typeof modalMachine>;
  /** The project the screens have open ('project.open'), whose feasibility and task-board children run. */
  openProjectId: string | null;
  /** feasibility.machine.ts for the open project, systemId 'feasibility'; spawned on 'project.open'. */
  feasibility: ActorRefFrom<typeof feasibilityMachine> | undefined;
  /** task-board.machine.ts for the open project, systemId 'taskBoard'; spawned on 'project.open'. */
  taskBoard: ActorRefFrom<typeof taskBoardMachine> | undefined;
  /** checkout.machine.ts during a purchase, systemId 'checkout'; spawned on 'checkout.start' and 'checkout.resume'. */
  checkout: ActorRefFrom<typeof checkoutMachine> | undefined;
  /** What the checkout child runs for: the plan bought or the session resumed, the paid session, and whether it ended. */
  purchase: Purchase | null;
}

export interface Purchase {
  planId: string | null;
  /** The Checkout Session: the one resumed, or the one Stripe's form reported paid ('checkout.completed'). */
  sessionId: string | null;
  /** The child reached a final state (verified, failed or cancelled); it stays readable until 'checkout.end'. */
  finished: boolean;
}

export type SessionEvent =
  | ({ type: 'login.submit' } & LoginInput)
  | ({ type: 'googleLogin.submit' } & GoogleLoginInput)
  | ({ type: 'signup.submit' } & SignupInput)
  | ({ type: 'passwordReset.request' } & EmailInput)
  | ({ type: 'passwordReset.submit' } & ResetPasswordInput)
  | ({ type: 'email.verify' } & VerifyInput)
  | ({ type: 'verification.resend' } & EmailInput)
  | { type: 'authTab.select'; tab: AuthTab }
  | { type: 'feedback.clear' }
  /** Sent by the API client on a 401; ignored while a refresh is under way, so every caller waits for the same one. */
  | { type: 'session.refresh' }
  | { type: 'session.logout' }
  | { type: 'project.created' }
  /** A project's screens opened: its feasibility and task-board children start (a project already open keeps the running ones). */
  | { type: 'project.open'; projectId: string }
  | { type: 'account.update'; account: Account }
  /** /stripe/{plan} opens: a new checkout child replaces any earlier one, unless a purchase of that plan is under way. */
  | { type: 'checkout.start'; planId: string }
  /** Stripe's form reports the Checkout Session paid: the checkout child verifies it. */
  | { type: 'checkout.completed'; sessionId: string }
  /** /payment-success/{session} opens: a checkout child verifies that session, unless the running one already does. */
  | { type: 'checkout.resume'; sessionId: string }
  /** The user cancels or leaves the payment screens: the checkout child stops. */
  | { type: 'checkout.end' }
  /** The checkout child ended; its output is the verified payment, or null when it did not end paid. */
  | DoneActorEvent<VerifiedPayment | null, typeof sessionChildIds.checkout>;

const signedOutContext = {
  accessToken: null,
  refreshToken: null,
  hasProject: false,
  temp: false,
  user: null,
  authTab: 'login',
  openProjectId: null,
  feasibility: undefined,
  taskBoard: undefined,
  checkout: undefined,
  purchase: null,
} as const satisfies Partial<SessionContext>;

function notProvided<TOutput, TInput>(name: string) {
  return fromPromise<TOutput, TInput>(() => Promise.reject(new Error(`sessionMachine: provide the '${name}' actor`)));
}

/** A child machine the app and the tests provide (with its own effects); spawning the session's default fails. */
function childNotProvided<TLogic extends AnyActorLogic>(name: string): TLogic {
  return fromCallback(() => {
    throw new Error(`sessionMachine: provide the '${name}' machine`);
  }) as AnyActorLogic as TLogic;
}

function missingAction(name: string): never {
  throw new Error(`sessionMachine: provide the '${name}' action`);
}

type EventOf<T extends SessionEvent['type']> = { event: Extract<SessionEvent, { type: T }> };
const projectOfEvent = ({ event }: EventOf<'project.open'>) => ({ projectId: event.projectId });
const checkoutOfEvent = ({ event }: EventOf<'checkout.start' | 'checkout.resume'>): { input: CheckoutInput } => ({
  input: event.type === 'checkout.start' ? { planId: event.planId } : { sessionId: event.sessionId },
});

/** The auth forms' submissions; each starts the one auth request actor with itself as input. */
const authRequestTypes = ['login.submit', 'googleLogin.submit', 'signup.submit', 'passwordReset.request', 'passwordReset.submit', 'email.verify', 'verification.resend'] as const;
export type AuthRequest = Extract<SessionEvent, { type: (typeof authRequestTypes)[number] }>;
/** What the server answers a form: the login pair and account, or a `{detail}` message (with the address after a signup). */
export type AuthAnswer = LoginResponse | SignupAnswer | DetailAnswer;

/** The one auth request of every form, started with the event that sent it; a refusal goes back to the form. */
const authRequest = {
  id: 'authRequest',
  src: 'authRequest',
  input: ({ event }: { event: SessionEvent }): AuthRequest => {
    assertEvent(event, authRequestTypes);
    return event;
  },
  onError: { target: 'idle', actions: { type: 'showErrors', params: ({ event }: { event: ErrorActorEvent }) => ({ error: event.error }) } },
} as const;

type AnswerEvent = { event: DoneActorEvent<AuthAnswer> };
const loginOf = ({ event }: AnswerEvent) => event.output as LoginResponse;
/** A signed-in answer: the session is stored and the app opens where the project flag says. */
const signIn = {
  target: '#session.enteringApp',
  actions: [
    { type: 'assignLogin', params: loginOf },
    {
      type: 'storeSession',
      params: (answer: AnswerEvent) => {
        const { access, refresh, project } = loginOf(answer);
        return { access, refresh, project };
      },
    },
  ],
} as const;
/** A `{detail}` answer: back to the form with the server's message, on the tab the flow continues on. */
const showAnswer = (kind: Exclude<SessionNotice['kind'], 'signedUp' | 'sessionExpired'>, authTab?: AuthTab) =>
  ({ target: 'idle', actions: { type: 'showNotice', params: ({ event }: AnswerEvent) => ({ notice: { kind, detail: (event.output as DetailAnswer).detail }, authTab }) } }) as const;

/**
 * The root actor: restores the stored session, runs the auth flows, refreshes tokens for the API client and
 * owns the signed-in children (the open project's feasibility and task board, a plan's checkout). Nobody spawns
 * it (src/app creates it once); it reports through its snapshot.
 */
export const sessionMachine = setup({
  types: { context: {} as SessionContext, events: {} as SessionEvent },
  actors: {
    /** Reads the four stored values. */
    restoreSession: notProvided<StoredSession, void>('restoreSession'),
    /** Sends an auth form to the server; the event that sent it says which request (login, signup, reset…). */
    authRequest: notProvided<AuthAnswer, AuthRequest>('authRequest'),
    /**
     * Exchanges the stored refresh token for a new pair and stores it itself, inside the cross-tab lock
     * (src/lib/refresh-coordinator.ts). The machine only mirrors the pair: writing it again after the lock
     * is released could overwrite a newer pair from another tab and replay a rotated token.
     */
    refreshTokens: notProvided<TokenPair, void>('refreshTokens'),
    /** Revokes the login on the server (POST /api/user/logout/); its outcome does not matter, so keep its wait short. */
    logout: notProvided<unknown, LogoutInput>('logout'),
    /** The open project's studies; the app provides one with its API effects. */
    feasibility: childNotProvided<typeof feasibilityMachine>('feasibility'),
    /** The open project's task board; the app provides one with its API effects. */
    taskBoard: childNotProvided<typeof taskBoardMachine>('taskBoard'),
    /** A plan purchase; the app provides one with its API effects. */
    checkout: childNotProvided<typeof checkoutMachine>('checkout'),
    snackbar: snackbarMachine,
    modal: modalMachine,
  },
  actions: {
    storeSession: (_, _tokens: SessionTokens) => missingAction('storeSession'),
    storeProjectFlag: (_, _flag: { project: boolean }) => missingAction('storeProjectFlag'),
    clearStoredSession: () => missingAction('clearStoredSession'),
    // Explicit type arguments: setup() cannot infer an enqueueActions declared among the actions it types.
    stopChildren: enqueueActions<SessionContext, SessionEvent, undefined, SessionEvent, never, never, never, never, never>(({ context, enqueue }) => {
      for (const child of [context.feasibility, context.taskBoard, context.checkout]) {
        if (child) enqueue.stopChild(child);
      }
    }),
    // Stopped and forgotten in one step, so no screen can reach a stopped child through the context or the system.
    closeProject: enqueueActions<SessionContext, SessionEvent, undefined, SessionEvent, never, never, never, never, never>(({ context, enqueue }) => {
      if (context.feasibility) enqueue.stopChild(context.feasibility);
      if (context.taskBoard) enqueue.stopChild(context.taskBoard);
      enqueue.assign({ feasibility: undefined, taskBoard: undefined, openProjectId: null });
    }),
    endCheckout: enqueueActions<SessionContext, SessionEvent, undefined, SessionEvent, never, never, never, never, never>(({ context, enqueue }) => {
      if (context.checkout) enqueue.stopChild(context.checkout);
      enqueue.assign({ checkout: undefined, purchase: null });
    }),
    spawnCheckout: assign(({ spawn }, { input }: { input: CheckoutInput }) => ({
      checkout: spawn('checkout', { id: sessionChildIds.checkout, systemId: sessionChildIds.checkout, input }),
      purchase: { planId: 'planId' in input ? input.planId : null, sessionId: 'sessionId' in input ? input.sessionId : null, finished: false },
    })),
    completePayment: enqueueActions<SessionContext, SessionEvent, { sessionId: string }, SessionEvent, never, never, never, never, never>(({ context, enqueue }, { sessionId }: { sessionId: string }) => {
      if (!context.checkout || !context.purchase) return;
      enqueue.assign({ purchase: { ...context.purchase, sessionId } });
      enqueue.sendTo(context.checkout, { type: 'payment.completed' });
    }),
    finishPurchase: assign({ purchase: ({ context }) => (context.purchase ? { ...context.purchase, finished: true } : null) }),
    openProject: assign(({ spawn }, { projectId }: { projectId: string }) => ({
      openProjectId: projectId,
      feasibility: spawn('feasibility', { id: sessionChildIds.feasibility, systemId: sessionChildIds.feasibility, input: { projectId } }),
      taskBoard: spawn('taskBoard', { id: sessionChildIds.taskBoard, systemId: sessionChildIds.taskBoard, input: { projectId } }),
    })),
    refreshLimit: enqueueActions<SessionContext, SessionEvent, undefined, SessionEvent, never, never, never, never, never>(({ context, enqueue }) => {
      if (context.feasibility) enqueue.sendTo(context.feasibility, { type: 'limit.refresh' });
    }),
    forgetSession: assign(signedOutContext),
    showErrors: assign({ errors: (_, params: { error: unknown }) => toFormErrors(params.error) }),
    showNotice: assign((_, params: { notice: SessionNotice; authTab?: AuthTab }) => ({
      notice: params.notice,
      ...(params.authTab ? { authTab: params.authTab } : {}),
    })),
    clearFeedback: assign({ errors: null, notice: null }),
    assignLogin: assign((_, answer: LoginResponse) => ({
      accessToken: answer.access,
      refreshToken: answer.refresh,
      hasProject: answer.project,
      user: answer.user,
      authTab: 'login',
    })),
    assignAccount: assign({ user: (_, params: { account: Account }) => params.account }),
    markProjectCreated: assign({ hasProject: true }),
    assignTokens: assign((_, pair: TokenPair) => ({ accessToken: pair.access, refreshToken: pair.refresh })),
  },
  guards: {
    'signedOut?': ({ context }) => context.accessToken === null,
    'hasProject?': ({ context }) => context.hasProject,
    'anotherProject?': ({ context }, { projectId }: { projectId: string }) => context.openProjectId !== projectId,
    // A screen shown again (back from another screen, React's double effects) goes on with the purchase under way.
    'anotherPurchase?': ({ context: { purchase } }, { planId }: { planId: string }) => !(purchase && !purchase.finished && purchase.planId === planId),
    'anotherCheckoutSession?': ({ context }, { sessionId }: { sessionId: string }) => context.purchase?.sessionId !== sessionId,
    'paid?': (_, { payment }: { payment: VerifiedPayment | null }) => payment !== null,
  },
}).createMachine({
  id: 'session',
  description: 'Who is using the app: nobody yet, a visitor on the auth screens, or a signed-in user with their open project and checkout.',
  initial: 'booting',
  context: ({ spawn }) => ({
    ...signedOutContext,
    errors: null,
    notice: null,
    snackbar: spawn('snackbar', { id: sessionChildIds.snackbar, systemId: sessionChildIds.snackbar }),
    modal: spawn('modal', { id: sessionChildIds.modal, systemId: sessionChildIds.modal }),
  }),
  states: {
    booting: {
      description: 'The app has just opened and reads the session saved in this browser.',
      tags: 'settling',
      invoke: {
        id: 'restoreSession',
        src: 'restoreSession',
        onDone: {
          target: 'enteringApp',
          actions: assign(({ event }) => ({
            accessToken: event.output.accessToken,
            refreshToken: event.output.refreshToken,
            // Our login always writes the flag; a missing one does not force the first-project screen.
            hasProject: event.output.project !== 'false',
            temp: event.output.temp === 'true',
          })),
        },
        onError: { target: 'loggedOut' },
      },
    },

    enteringApp: {
      description: 'Decides where a restored or new session lands: the auth screens, the first-project screen or the projects.',
      always: [{ guard: 'signedOut?', target: 'loggedOut' }, { guard: 'hasProject?', target: 'signedIn.project.ready' }, { target: 'signedIn.project.needsFirstProject' }],
    },

    loggedOut: {
      description: 'Nobody is signed in: the visitor is on the auth screens (log in, sign up, reset a password, verify an email).',
      // Every way in (restore without a token, logout, failed refresh) leaves no token in memory or storage.
      entry: ['stopChildren', 'forgetSession', 'clearStoredSession'],
      initial: 'idle',
      on: {
        // A refusal belongs to the form that was sent: the other tab starts without it.
        'authTab.select': { description: 'The visitor switches between the log-in and sign-up tabs.', actions: assign({ authTab: ({ event }) => event.tab, errors: null }) },
        'feedback.clear': { actions: 'clearFeedback' },
      },
      // One request actor serves every form (authRequest, started with the form's event); each busy state names the
      // form that waits, as the screens show it on their button, and what its answer leads to.
      states: {
        idle: {
          description: 'The forms wait for the visitor, showing the last answer or refusal.',
          on: {
            'login.submit': { target: 'loggingIn', actions: 'clearFeedback' },
            'googleLogin.submit': { target: 'loggingInWithGoogle', actions: 'clearFeedback' },
            'signup.submit': { target: 'signingUp', actions: 'clearFeedback' },
            'passwordReset.request': { target: 'requestingReset', actions: 'clearFeedback' },
            'passwordReset.submit': { target: 'resettingPassword', actions: 'clearFeedback' },
            'email.verify': { target: 'verifying', actions: 'clearFeedback' },
            'verification.resend': { target: 'resendingVerification', actions: 'clearFeedback' },
          },
        },
        loggingIn: { description: 'The server checks the email and password.', tags: 'submitting', invoke: { ...authRequest, onDone: signIn } },
        loggingInWithGoogle: { description: 'The server checks the Google sign-in.', tags: 'submitting', invoke: { ...authRequest, onDone: signIn } },
        // Spec: signup always leads to login. The server wants the address confirmed first, so the login tab shows
        // "check your email" instead of signing in.
        signingUp: {
          description: 'The server creates the account; then the log-in tab asks the visitor to confirm their email.',
          tags: 'submitting',
          invoke: {
            ...authRequest,
            onDone: {
              target: 'idle',
              actions: { type: 'showNotice', params: ({ event }: AnswerEvent) => ({ notice: { kind: 'signedUp', ...(event.output as SignupAnswer) }, authTab: 'login' }) as const },
            },
          },
        },
        requestingReset: { description: 'The server emails a password-reset link.', tags: 'submitting', invoke: { ...authRequest, onDone: showAnswer('resetMailSent') } },
        resettingPassword: { description: 'The server sets the new password from the reset link.', tags: 'submitting', invoke: { ...authRequest, onDone: showAnswer('passwordReset', 'login') } },
        verifying: { description: 'The server confirms the email address from the link it sent.', tags: 'submitting', invoke: { ...authRequest, onDone: showAnswer('emailVerified', 'login') } },
        resendingVerification: { description: 'The server sends the verification email again.', tags: 'submitting', invoke: { ...authRequest, onDone: showAnswer('verificationSent') } },
      },
    },

    signedIn: {
      description: 'A user is signed in: two regions at once, where they are in their projects and whether the access token is being renewed.',
      type: 'parallel',
      on: {
        'session.logout': { target: 'loggingOut', description: 'The user logs out.' },
        'account.update': { actions: { type: 'assignAccount', params: ({ event }) => ({ account: event.account }) } },
        'project.open': {
          description: 'A project screen opens: its studies and task board start, unless that project is already open.',
          guard: { type: 'anotherProject?', params: projectOfEvent },
          actions: ['closeProject', { type: 'openProject', params: projectOfEvent }],
        },
        // One checkout at a time: an earlier one (another plan, a cancelled or finished one) stops as the new one starts.
        'checkout.start': {
          description: 'The user buys a plan, unless a purchase of that plan is already under way.',
          guard: { type: 'anotherPurchase?', params: ({ event }) => ({ planId: event.planId }) },
          actions: ['endCheckout', { type: 'spawnCheckout', params: checkoutOfEvent }],
        },
        'checkout.resume': {
          description: 'The payment page (after a page load) checks that payment, unless the running checkout already does.',
          guard: { type: 'anotherCheckoutSession?', params: ({ event }) => ({ sessionId: event.sessionId }) },
          actions: ['endCheckout', { type: 'spawnCheckout', params: checkoutOfEvent }],
        },
        'checkout.completed': {
          description: "Stripe's form reports the payment done: the checkout verifies it.",
          actions: { type: 'completePayment', params: ({ event }) => ({ sessionId: event.sessionId }) },
        },
        'checkout.end': { description: 'The user cancels or leaves the payment screens.', actions: 'endCheckout' },
        // A new plan changes the open project's study limit: its studies actor checks the limit again.
        'xstate.done.actor.checkout': [
          {
            description: 'A paid plan: the open project checks its study limit again.',
            guard: { type: 'paid?', params: ({ event }) => ({ payment: event.output }) },
            actions: ['finishPurchase', 'refreshLimit'],
          },
          { actions: 'finishPurchase' },
        ],
      },
      states: {
        project: {
          description: 'Where the user is in their work: the first-project screen until a project exists, then their projects.',
          initial: 'ready',
          states: {
            needsFirstProject: {
              description: 'The user has no project yet: only the first-project screen opens (spec §2: /project/add).',
              tags: 'needsFirstProject',
              on: {
                'project.created': { target: 'ready', description: 'The first project is saved.', actions: ['markProjectCreated', { type: 'storeProjectFlag', params: { project: true } }] },
              },
            },
            ready: { description: 'The user works in their projects.' },
          },
        },
        token: {
          description: 'The access token: valid, or being renewed while the screens and the open project carry on.',
          initial: 'valid',
          states: {
            valid: {
              description: 'Requests go out with the access token.',
              on: { 'session.refresh': { target: 'refreshing', description: 'A request found the access token expired.' } },
            },
            refreshing: {
              // 'session.refresh' is not handled here: every caller waits for the refresh under way.
              description: 'The access token is renewed; the screens stay as they are and their requests wait for it.',
              tags: 'refreshing',
              invoke: {
                id: 'refreshTokens',
                src: 'refreshTokens',
                onDone: { target: 'valid', actions: { type: 'assignTokens', params: ({ event }) => event.output } },
                onError: {
                  target: '#session.loggedOut',
                  description: 'The login expired: back to the log-in screen with a notice.',
                  actions: { type: 'showNotice', params: { notice: { kind: 'sessionExpired', detail: sessionExpiredMessage } } },
                },
              },
            },
          },
        },
      },
    },

    loggingOut: {
      description: 'The user is logged out here and now; the server is told to revoke the login.',
      // Forget the tokens first: a tab closed mid-request must not come back signed in.
      entry: 'clearStoredSession',
      invoke: {
        id: 'logout',
        src: 'logout',
        input: ({ context }) => ({ refresh: context.refreshToken }),
        // The user is logged out whether or not the server managed to revoke the login.
        onDone: { target: 'loggedOut' },
        onError: { target: 'loggedOut' },
      },
    },
  },
});
