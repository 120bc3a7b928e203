import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { Account, LoginResponse, TokenPair } from '../../src/contract/auth.ts';
import { checkoutMachine, type CheckoutInput, type PlanIdInput, type SessionIdInput } from '../../machines/checkout.machine.ts';
import { feasibilityMachine, type ProjectIdInput } from '../../machines/feasibility.machine.ts';
import { taskBoardMachine } from '../../machines/task-board.machine.ts';
import type { CheckoutSession, VerifiedPayment } from '../../src/contract/billing.ts';
import type { FeasibilityStudy, StudyCreateBody, StudyLimit, StudyList } from '../../src/contract/feasibility.ts';
import type { TaskBoard } from '../../src/contract/tasks.ts';
import { genericErrorMessages } from '../../machines/form-errors.ts';
import {
  sessionChildIds,
  sessionExpiredMessage,
  sessionMachine,
  type AuthAnswer,
  type AuthRequest,
  type DetailAnswer,
  type EmailInput,
  type GoogleLoginInput,
  type LoginInput,
  type LogoutInput,
  type ResetPasswordInput,
  type SignupAnswer,
  type SignupInput,
  type StoredSession,
  type VerifyInput,
} from '../../machines/session.machine.ts';
import { createMemoryStorage, createSessionStore } from '../../src/lib/session-storage.ts';
import { EffectDoubles, flush, reachedStates, runModelPaths, settleEffectEvent, type ModelEvent } from './support/test-model.ts';

const account: Account = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  company_name: 'Analytical Solar',
  media_photo: null,
  media_preview: null,
  show_subscription: false,
  stepper_id: 1,
};
const editedAccount: Account = { ...account, name: 'Ada King' };

const credentials: LoginInput = { email: 'ada@example.com', password: 'correct horse battery' };
const googleCredential: GoogleLoginInput = { credential: 'google-id-token' };
const signupBody: SignupInput = { name: 'Ada Lovelace', email: 'ada@example.com', password: 'correct horse battery', company_name: 'Analytical Solar' };
const emailBody: EmailInput = { email: 'ada@example.com' };
const resetBody: ResetPasswordInput = { token: 'reset-token', password: 'a new long password' };
const verifyBody: VerifyInput = { token: 'verify-token' };

const loginAnswer = (project: boolean): LoginResponse => ({ access: 'access-login', refresh: 'refresh-login', project, user: account });
const rotated: TokenPair = { access: 'access-rotated', refresh: 'refresh-rotated' };
const restored = (session: Partial<StoredSession>): StoredSession => ({ accessToken: null, refreshToken: null, project: null, temp: null, ...session });
/** The shape the API client rejects with (status, parsed body, Retry-After seconds). */
const apiError = (status: number, data: unknown, retryAfter: number | null = null) => ({ status, data, retryAfter });
const detail = (text: string): DetailAnswer => ({ detail: text });
const answered = (output: AuthAnswer): ModelEvent => ({ type: 'xstate.done.actor.authRequest', output });
const refused = (error: unknown): ModelEvent => ({ type: 'xstate.error.actor.authRequest', error });

/** Each auth form: the event that sends it, the busy state it waits in, and the server's answers to it. */
const forms: Array<{ event: AuthRequest; state: string; answers: ModelEvent[] }> = [
  {
    event: { type: 'login.submit', ...credentials },
    state: 'loggingIn',
    answers: [
      answered(loginAnswer(true)),
      answered(loginAnswer(false)),
      refused(apiError(403, { detail: 'Please confirm your email address first.' })),
      refused(apiError(400, { errors: { email: ['Invalid Email'], password: ['This is Required.'] } })),
      refused(apiError(0, undefined)),
    ],
  },
  {
    event: { type: 'googleLogin.submit', ...googleCredential },
    state: 'loggingInWithGoogle',
    answers: [answered(loginAnswer(true)), refused(apiError(401, { detail: 'Google sign-in could not be verified.' }))],
  },
  {
    event: { type: 'signup.submit', ...signupBody },
    state: 'signingUp',
    answers: [
      answered({ detail: 'Account created. Check your email.', email: 'ada@example.com' } satisfies SignupAnswer),
      refused(apiError(400, { errors: { email: ['An account with this email already exists.'] } })),
    ],
  },
  {
    event: { type: 'passwordReset.request', ...emailBody },
    state: 'requestingReset',
    answers: [answered(detail('If an account exists for this address, we have sent it an email.')), refused(apiError(429, { detail: 'Too many attempts.' }, 60))],
  },
  {
    event: { type: 'passwordReset.submit', ...resetBody },
    state: 'resettingPassword',
    answers: [answered(detail('Your password has been changed.')), refused(apiError(400, { errors: { token: ['This reset link is invalid, expired or already used.'] } }))],
  },
  {
    event: { type: 'email.verify', ...verifyBody },
    state: 'verifying',
    answers: [answered(detail('Email address confirmed. You can log in now.')), refused(apiError(400, { detail: 'This verification link is invalid, expired or already used.' }))],
  },
  {
    event: { type: 'verification.resend', ...emailBody },
    state: 'resendingVerification',
    answers: [answered(detail('If an account exists for this address, we have sent it an email.')), refused(new Error('a bug in the effect, not a server answer'))],
  },
];
const formIn = (snapshot: SessionSnapshot) => forms.find((form) => snapshot.matches({ loggedOut: form.state as 'idle' }));

const events: ModelEvent[] = [
  { type: 'xstate.done.actor.restoreSession', output: restored({}) },
  { type: 'xstate.done.actor.restoreSession', output: restored({ refreshToken: 'refresh-stale' }) },
  { type: 'xstate.done.actor.restoreSession', output: restored({ accessToken: 'access-stored', refreshToken: 'refresh-stored', project: 'true' }) },
  { type: 'xstate.done.actor.restoreSession', output: restored({ accessToken: 'access-stored', refreshToken: 'refresh-stored', project: 'false', temp: 'true' }) },
  { type: 'xstate.done.actor.restoreSession', output: restored({ accessToken: 'access-stored', refreshToken: 'refresh-stored' }) },
  { type: 'xstate.error.actor.restoreSession', error: new Error('storage unavailable') },

  ...forms.map((form) => form.event),

  { type: 'authTab.select', tab: 'signup' },
  { type: 'authTab.select', tab: 'login' },
  { type: 'feedback.clear' },

  { type: 'session.refresh' },
  { type: 'xstate.done.actor.refreshTokens', output: rotated },
  { type: 'xstate.error.actor.refreshTokens', error: apiError(401, { detail: 'Token is invalid or expired.' }) },
  { type: 'session.logout' },
  { type: 'xstate.done.actor.logout', output: detail('Logged out.') },
  { type: 'xstate.error.actor.logout', error: apiError(502, undefined) },
  { type: 'project.created' },
  { type: 'account.update', account: editedAccount },
  { type: 'project.open', projectId: 'project-1' },
  { type: 'project.open', projectId: 'project-2' },
  { type: 'checkout.start', planId: 'pro' },
  { type: 'checkout.start', planId: 'team' },
  { type: 'checkout.completed', sessionId: 'cs_test_paid' },
  { type: 'checkout.resume', sessionId: 'cs_test_paid' },
  { type: 'checkout.end' },
];

/** The model's events; the auth request answers as the server answers the form that waits. */
const eventsFor = (snapshot: SessionSnapshot): ModelEvent[] => [...events, ...(formIn(snapshot)?.answers ?? [])];

type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;
type FeasibilityRef = ActorRefFrom<typeof feasibilityMachine>;
type TaskBoardRef = ActorRefFrom<typeof taskBoardMachine>;
type CheckoutRef = ActorRefFrom<typeof checkoutMachine>;

/** The signed-in children with effects that never answer: these tests are about their life, not their work. */
const unanswered = <T, TInput>() => fromPromise<T, TInput>(() => new Promise<T>(() => undefined));
const idleFeasibility = feasibilityMachine.provide({ actors: { listStudies: unanswered<StudyList, ProjectIdInput>(), checkLimit: unanswered<StudyLimit, ProjectIdInput>() } });
const idleTaskBoard = taskBoardMachine.provide({ actors: { loadBoard: unanswered<TaskBoard, ProjectIdInput>() } });
const idleCheckout = checkoutMachine.provide({
  actors: { createCheckoutSession: unanswered<CheckoutSession, PlanIdInput>(), verifyPayment: unanswered<VerifiedPayment, SessionIdInput>() },
});
/** The spawned children, by systemId (the invoked effects are the rest). */
const spawnedChildIds: readonly string[] = Object.values(sessionChildIds);
/** What a checkout child was started with, read back as its context holds it. */
const checkoutInputOf = (checkout: CheckoutRef): CheckoutInput => {
  const { planId, sessionId } = checkout.getSnapshot().context;
  return planId === null ? { sessionId: sessionId! } : { planId };
};

function createSystemUnderTest(children: { checkout?: typeof idleCheckout; feasibility?: typeof idleFeasibility } = {}) {
  const store = createSessionStore(createMemoryStorage());
  const doubles = new EffectDoubles();
  const actor = createActor(
    sessionMachine.provide({
      actors: {
        restoreSession: doubles.actor<StoredSession, void>('restoreSession'),
        authRequest: doubles.actor<AuthAnswer, AuthRequest>('authRequest'),
        refreshTokens: doubles.actor<TokenPair, void>('refreshTokens'),
        logout: doubles.actor<unknown, LogoutInput>('logout'),
        feasibility: children.feasibility ?? idleFeasibility,
        taskBoard: idleTaskBoard,
        checkout: children.checkout ?? idleCheckout,
      },
      actions: {
        storeSession: (_, { access, refresh, project }) => {
          store.writeTokens({ access, refresh });
          store.writeProject(project);
        },
        storeProjectFlag: (_, { project }) => store.writeProject(project),
        clearStoredSession: () => store.clear(),
      },
    }),
  );
  return { actor, store, doubles };
}

describe('session machine', () => {
  const paths = runModelPaths('session machine', sessionMachine, {
    events: eventsFor,
    run: () => {
      const { actor, store, doubles } = createSystemUnderTest();
      /** Every project child seen so far, and the project the test expects open. */
      const children = new Set<FeasibilityRef | TaskBoardRef | CheckoutRef>();
      let openProject: string | null = null;
      /** What the running checkout child must have been started with; null when none may run. */
      let checkoutInput: CheckoutInput | null = null;
      const execute = async (event: ModelEvent) => {
        const before = actor.getSnapshot();
        if (event.type === 'xstate.done.actor.restoreSession') {
          // The double reads what a real storage would hold.
          const { accessToken, refreshToken, project, temp } = event.output as StoredSession;
          if (accessToken || refreshToken) store.writeTokens({ access: accessToken ?? '', refresh: refreshToken ?? '' });
          if (project) store.writeProject(project === 'true');
          if (temp) store.writeTemp(true);
        }
        if (event.type === 'xstate.done.actor.refreshTokens') {
          // Like the refresh coordinator, the effect stores the rotated pair itself.
          store.writeTokens(event.output as TokenPair);
        }
        if (!settleEffectEvent(doubles, event)) actor.send(event as Parameters<typeof actor.send>[0]);
        await flush();
        const after = actor.getSnapshot();
        const signedIn = before.matches('signedIn');
        if (event.type === 'project.open' && signedIn) {
          // The same project again keeps its running children.
          if (openProject === event.projectId) {
            expect(after.context.feasibility).toBe(before.context.feasibility);
            expect(after.context.taskBoard).toBe(before.context.taskBoard);
          }
          openProject = event.projectId as string;
        }
        // The chart decides whether a billing screen's event starts another checkout (the guards the screens no longer repeat).
        const purchase = before.context.purchase;
        const replaces =
          signedIn &&
          (event.type === 'checkout.start'
            ? !(purchase && !purchase.finished && purchase.planId === event.planId)
            : event.type === 'checkout.resume'
              ? purchase?.sessionId !== event.sessionId
              : event.type === 'checkout.end');
        if (replaces) {
          checkoutInput = event.type === 'checkout.start' ? { planId: event.planId as string } : event.type === 'checkout.resume' ? { sessionId: event.sessionId as string } : null;
          if (before.context.checkout) {
            // A start or resume replaces the running checkout; an end stops it.
            expect(after.context.checkout).not.toBe(before.context.checkout);
            expect(before.context.checkout.getSnapshot().status).toBe('stopped');
          }
        } else if (event.type.startsWith('checkout.')) {
          expect(after.context.checkout).toBe(before.context.checkout);
        }
        if (after.matches('loggedOut')) {
          openProject = null;
          checkoutInput = null;
        }
        for (const child of [after.context.feasibility, after.context.taskBoard, after.context.checkout]) if (child) children.add(child);
      };
      return {
        actor,
        step: execute,
        check: (expected) => {
          const snapshot = actor.getSnapshot();
          expect(snapshot.status).toBe('active');
          expect(snapshot.value).toEqual(expected.value);
          const { feasibility, taskBoard, checkout, snackbar, modal, ...context } = snapshot.context;
          const { feasibility: expectedFeasibility, taskBoard: expectedTaskBoard, checkout: expectedCheckout, snackbar: _s, modal: _m, ...expectedContext } = expected.context;
          expect(context).toEqual(expectedContext);
          // One actor system: the snackbar and the modal live as long as the session, reachable by their systemIds.
          expect(actor.system.get(sessionChildIds.snackbar)).toBe(snackbar);
          expect(actor.system.get(sessionChildIds.modal)).toBe(modal);
          for (const child of [snackbar, modal]) expect(child.getSnapshot().status).toBe('active');
          expect(feasibility === undefined).toBe(expectedFeasibility === undefined);
          expect(taskBoard === undefined).toBe(expectedTaskBoard === undefined);
          expect(checkout === undefined).toBe(expectedCheckout === undefined);

          // The checkout child runs from a start or resume to its end or the logout, reachable by its systemId.
          expect(actor.system.get(sessionChildIds.checkout)).toBe(checkout);
          expect(checkout === undefined).toBe(checkoutInput === null);
          if (checkout) {
            expect(checkout.getSnapshot().status).toBe('active');
            expect(checkoutInputOf(checkout)).toEqual(checkoutInput);
          }

          // The open project's children, and only they, run and are reachable by their systemIds; every earlier one is stopped.
          expect(snapshot.context.openProjectId).toBe(openProject);
          expect(actor.system.get(sessionChildIds.feasibility)).toBe(feasibility);
          expect(actor.system.get(sessionChildIds.taskBoard)).toBe(taskBoard);
          expect(feasibility === undefined).toBe(taskBoard === undefined);
          if (feasibility && taskBoard) {
            for (const child of [feasibility, taskBoard]) {
              expect(child.getSnapshot().status).toBe('active');
              expect(child.getSnapshot().context.projectId).toBe(openProject);
            }
          } else {
            expect(openProject).toBeNull();
          }
          for (const child of children) if (child !== feasibility && child !== taskBoard && child !== checkout) expect(child.getSnapshot().status).toBe('stopped');

          // Exactly the effects of the current state run, each started with its event's payload.
          const invoked = Object.entries(expected.children)
            .filter(([id]) => !spawnedChildIds.includes(id))
            .map(([, child]) => child?.src);
          const running = doubles.pending();
          expect(running.map((effect) => effect.src).sort()).toEqual(invoked.sort());
          // What each effect must be started with: the form's event, the refresh token to revoke, or nothing.
          const inputs: Record<string, unknown> = { authRequest: formIn(snapshot)?.event, logout: { refresh: expected.context.refreshToken } };
          for (const effect of running) expect(effect.input).toEqual(inputs[effect.src]);

          // Storage follows the session: nothing when logged out, the context's tokens and flag otherwise.
          const stored = store.read();
          if (snapshot.matches('loggedOut') || snapshot.matches('loggingOut')) {
            expect(stored).toEqual({ accessToken: null, refreshToken: null, project: null, temp: null });
          } else if (!snapshot.matches('booting')) {
            expect(stored.accessToken).toBe(snapshot.context.accessToken);
            expect(stored.refreshToken).toBe(snapshot.context.refreshToken);
            expect(stored.project === 'false').toBe(!snapshot.context.hasProject);
          }
        },
      };
    },
  });

  it('reaches every state of the chart', () => {
    expect(reachedStates(paths)).toEqual(
      [
        '"booting"',
        '"loggingOut"',
        ...['needsFirstProject', 'ready'].flatMap((project) => ['valid', 'refreshing'].map((token) => JSON.stringify({ signedIn: { project, token } }))),
        ...['idle', 'loggingIn', 'loggingInWithGoogle', 'signingUp', 'requestingReset', 'resettingPassword', 'verifying', 'resendingVerification'].map(
          (state) => JSON.stringify({ loggedOut: state }),
        ),
      ].sort(),
    );
  });
});

describe('session machine details', () => {
  it('keeps server messages for the forms', () => {
    const { actor, doubles } = createSystemUnderTest();
    actor.start();
    doubles.settle('restoreSession', 'error', new Error('no storage'));
    return flush().then(async () => {
      actor.send({ type: 'login.submit', ...credentials });
      doubles.settle('authRequest', 'error', apiError(400, { errors: { email: ['Invalid Email'] } }));
      await flush();
      expect(actor.getSnapshot().context.errors).toEqual({ status: 400, detail: null, fields: { email: ['Invalid Email'] }, retryAfterSeconds: null });

      actor.send({ type: 'passwordReset.request', ...emailBody });
      doubles.settle('authRequest', 'error', apiError(429, { detail: 'Too many attempts.' }, 60));
      await flush();
      expect(actor.getSnapshot().context.errors).toEqual({ status: 429, detail: 'Too many attempts.', fields: {}, retryAfterSeconds: 60 });

      actor.send({ type: 'verification.resend', ...emailBody });
      doubles.settle('authRequest', 'error', apiError(0, undefined));
      await flush();
      expect(actor.getSnapshot().context.errors?.detail).toBe(genericErrorMessages.unreachable);
      actor.stop();
    });
  });

  it('signup ends on the login tab with the check-your-email notice', async () => {
    const { actor, doubles } = createSystemUnderTest();
    actor.start();
    doubles.settle('restoreSession', 'done', restored({}));
    await flush();
    actor.send({ type: 'authTab.select', tab: 'signup' });
    actor.send({ type: 'signup.submit', ...signupBody });
    doubles.settle('authRequest', 'done', { detail: 'Check your email.', email: 'ada@example.com' });
    await flush();
    const { value, context } = actor.getSnapshot();
    expect(value).toEqual({ loggedOut: 'idle' });
    expect(context.authTab).toBe('login');
    expect(context.notice).toEqual({ kind: 'signedUp', detail: 'Check your email.', email: 'ada@example.com' });
    expect(context.accessToken).toBeNull();
    actor.stop();
  });

  it('runs one refresh for any number of session.refresh events and returns to where it was', async () => {
    const { actor, doubles } = createSystemUnderTest();
    actor.start();
    doubles.settle('restoreSession', 'done', restored({ accessToken: 'a', refreshToken: 'r', project: 'false' }));
    await flush();
    expect(actor.getSnapshot().value).toEqual({ signedIn: { project: 'needsFirstProject', token: 'valid' } });
    for (let i = 0; i < 5; i++) actor.send({ type: 'session.refresh' });
    expect(doubles.started.filter((effect) => effect.src === 'refreshTokens')).toHaveLength(1);
    doubles.settle('refreshTokens', 'done', rotated);
    await flush();
    expect(actor.getSnapshot().value).toEqual({ signedIn: { project: 'needsFirstProject', token: 'valid' } });
    expect(actor.getSnapshot().context.accessToken).toBe(rotated.access);
    actor.stop();
  });

  it('a failed refresh logs out with the session-expired notice', async () => {
    const { actor, doubles, store } = createSystemUnderTest();
    store.writeTokens({ access: 'a', refresh: 'r' });
    store.writeProject(true);
    actor.start();
    doubles.settle('restoreSession', 'done', store.read());
    await flush();
    actor.send({ type: 'session.refresh' });
    doubles.settle('refreshTokens', 'error', apiError(401, { detail: 'Token has already been used.' }));
    await flush();
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual({ loggedOut: 'idle' });
    expect(snapshot.context.notice).toEqual({ kind: 'sessionExpired', detail: sessionExpiredMessage });
    expect(store.read()).toEqual({ accessToken: null, refreshToken: null, project: null, temp: null });
    actor.stop();
  });

  it('stops the signed-in children on logout', async () => {
    const { actor, doubles } = createSystemUnderTest();
    actor.start();
    doubles.settle('restoreSession', 'done', restored({ accessToken: 'a', refreshToken: 'r', project: 'true' }));
    await flush();
    actor.send({ type: 'project.open', projectId: 'project-1' });
    actor.send({ type: 'checkout.start', planId: 'pro' });
    const { feasibility, taskBoard, checkout } = actor.getSnapshot().context;
    expect(actor.system.get(sessionChildIds.checkout)).toBe(checkout);

    actor.send({ type: 'session.logout' });
    doubles.settle('logout', 'done', detail('Logged out.'));
    await flush();
    for (const child of [feasibility!, taskBoard!, checkout!]) expect(child.getSnapshot().status).toBe('stopped');
    expect(actor.getSnapshot().context).toMatchObject({ feasibility: undefined, taskBoard: undefined, checkout: undefined });
    for (const id of [sessionChildIds.feasibility, sessionChildIds.taskBoard, sessionChildIds.checkout]) expect(actor.system.get(id)).toBeUndefined();
    actor.stop();
  });

  it('runs one checkout at a time, started, resumed or ended by the billing screens', async () => {
    const { actor, doubles } = createSystemUnderTest();
    actor.start();
    doubles.settle('restoreSession', 'done', restored({ accessToken: 'a', refreshToken: 'r', project: 'true' }));
    await flush();
    const checkout = () => actor.system.get(sessionChildIds.checkout) as CheckoutRef | undefined;

    actor.send({ type: 'checkout.start', planId: 'pro' });
    const first = checkout()!;
    expect(first).toBe(actor.getSnapshot().context.checkout);
    expect(first.id).toBe(sessionChildIds.checkout);
    expect(first.getSnapshot().value).toEqual({ creatingSession: 'requesting' });
    expect(first.getSnapshot().context.planId).toBe('pro');

    // The screen shown again (React's double effects, back from another screen) goes on with the same purchase.
    actor.send({ type: 'checkout.start', planId: 'pro' });
    expect(checkout()).toBe(first);

    actor.send({ type: 'checkout.start', planId: 'team' });
    const second = checkout()!;
    expect(first.getSnapshot().status).toBe('stopped');
    expect(second.getSnapshot().context.planId).toBe('team');

    actor.send({ type: 'checkout.resume', sessionId: 'cs_test_paid' });
    const resumed = checkout()!;
    expect(second.getSnapshot().status).toBe('stopped');
    expect(resumed.getSnapshot().value).toEqual({ verifying: 'requesting' });
    expect(resumed.getSnapshot().context.sessionId).toBe('cs_test_paid');
    actor.send({ type: 'checkout.resume', sessionId: 'cs_test_paid' });
    expect(checkout()).toBe(resumed);

    actor.send({ type: 'checkout.end' });
    expect(resumed.getSnapshot().status).toBe('stopped');
    expect(checkout()).toBeUndefined();
    expect(actor.getSnapshot().context.checkout).toBeUndefined();
    actor.stop();
  });

  it("verifies the session Stripe's form reported paid, and the payment page goes on with that verification", async () => {
    const stripe = new EffectDoubles();
    const { actor, doubles } = createSystemUnderTest({
      checkout: checkoutMachine.provide({
        actors: { createCheckoutSession: stripe.actor<CheckoutSession, PlanIdInput>('createCheckoutSession'), verifyPayment: stripe.actor<VerifiedPayment, SessionIdInput>('verifyPayment') },
      }),
    });
    actor.start();
    doubles.settle('restoreSession', 'done', restored({ accessToken: 'a', refreshToken: 'r', project: 'true' }));
    await flush();
    actor.send({ type: 'checkout.start', planId: 'pro' });
    stripe.settle('createCheckoutSession', 'done', { session_id: 'cs_1', client_secret: 'secret_1' });
    await flush();
    const checkout = actor.getSnapshot().context.checkout!;
    expect(checkout.getSnapshot().value).toBe('paying');

    actor.send({ type: 'checkout.completed', sessionId: 'cs_1' });
    expect(checkout.getSnapshot().value).toEqual({ verifying: 'requesting' });
    expect(actor.getSnapshot().context.purchase).toEqual({ planId: 'pro', sessionId: 'cs_1', finished: false });
    actor.send({ type: 'checkout.resume', sessionId: 'cs_1' });
    expect(actor.getSnapshot().context.checkout).toBe(checkout);
    actor.stop();
  });

  it("puts the project children's notices in the session's snackbar, one actor system", async () => {
    const created = { id: 'study-1', project_id: 'project-1', name: 'South field', is_primary: true, created_at: '2025-01-10T09:00:00.000Z' } as unknown as FeasibilityStudy;
    const { actor, doubles } = createSystemUnderTest({
      feasibility: feasibilityMachine.provide({
        actors: {
          listStudies: fromPromise<StudyList, ProjectIdInput>(async () => ({ count: 0, results: [] })),
          checkLimit: fromPromise<StudyLimit, ProjectIdInput>(async () => ({ allowed: true, used: 0, limit: null, detail: null })),
          createStudy: fromPromise<FeasibilityStudy, StudyCreateBody>(async () => created),
        },
      }),
    });
    actor.start();
    doubles.settle('restoreSession', 'done', restored({ accessToken: 'a', refreshToken: 'r', project: 'true' }));
    await flush();
    actor.send({ type: 'project.open', projectId: 'project-1' });
    await flush();
    actor.getSnapshot().context.feasibility!.send({ type: 'study.create', study: { name: 'South field', weather: { source: 'pvgis' } } });
    await flush();
    const { snackbar } = actor.getSnapshot().context;
    expect(snackbar.getSnapshot().matches('visible')).toBe(true);
    expect(snackbar.getSnapshot().context.current).toEqual({ message: 'Study saved: South field', color: 'success' });
    actor.stop();
  });

  it('a verified payment has the open project check the study limit of the new plan', async () => {
    const verify = new EffectDoubles();
    let limitChecks = 0;
    const { actor, doubles } = createSystemUnderTest({
      feasibility: feasibilityMachine.provide({
        actors: {
          listStudies: fromPromise<StudyList, ProjectIdInput>(async () => ({ count: 0, results: [] })),
          checkLimit: fromPromise<StudyLimit, ProjectIdInput>(async () => {
            limitChecks += 1;
            return { allowed: true, used: 0, limit: limitChecks === 1 ? 1 : 10, detail: null };
          }),
        },
      }),
      checkout: checkoutMachine.provide({
        actors: { createCheckoutSession: unanswered<CheckoutSession, PlanIdInput>(), verifyPayment: verify.actor<VerifiedPayment, SessionIdInput>('verifyPayment') },
      }),
    });
    actor.start();
    doubles.settle('restoreSession', 'done', restored({ accessToken: 'a', refreshToken: 'r', project: 'true' }));
    await flush();
    actor.send({ type: 'project.open', projectId: 'project-1' });
    await flush();
    const { feasibility } = actor.getSnapshot().context;
    expect(feasibility!.getSnapshot().context.limit?.limit).toBe(1);

    // A refusal changes no plan: the project stays open.
    actor.send({ type: 'checkout.resume', sessionId: 'cs_test_unpaid' });
    verify.settle('verifyPayment', 'error', { kind: 'refused', detail: 'This checkout has not been paid.' });
    await flush();
    expect(actor.getSnapshot().context.checkout?.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.feasibility).toBe(feasibility);

    actor.send({ type: 'checkout.resume', sessionId: 'cs_test_paid' });
    const payment = { session_id: 'cs_test_paid', plan_id: 'pro', plan_name: 'Pro' };
    verify.settle('verifyPayment', 'done', payment);
    await flush();
    const { context } = actor.getSnapshot();
    // The project stays open; its studies actor was told to check the limit again (it asks the server once more).
    expect(context.feasibility).toBe(feasibility);
    expect(feasibility!.getSnapshot().status).toBe('active');
    expect(limitChecks).toBe(2);
    expect(feasibility!.getSnapshot().context.limit?.limit).toBe(10);
    // The finished checkout stays readable for the payment-success screen until it ends it.
    expect(context.checkout?.getSnapshot()).toMatchObject({ status: 'done', value: 'verified', output: payment });
    actor.send({ type: 'checkout.end' });
    expect(actor.getSnapshot().context.checkout).toBeUndefined();
    actor.stop();
  });

  it('ignores checkouts while signed out', async () => {
    const { actor, doubles } = createSystemUnderTest();
    actor.start();
    doubles.settle('restoreSession', 'done', restored({}));
    await flush();
    expect(actor.getSnapshot().can({ type: 'checkout.start', planId: 'pro' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'checkout.resume', sessionId: 'cs_test_paid' })).toBe(false);
    actor.stop();
  });

  it('runs one feasibility child for the open project, reachable by its systemId', async () => {
    const { actor, doubles } = createSystemUnderTest();
    actor.start();
    doubles.settle('restoreSession', 'done', restored({ accessToken: 'a', refreshToken: 'r', project: 'true' }));
    await flush();
    const feasibility = () => actor.system.get(sessionChildIds.feasibility) as FeasibilityRef | undefined;

    actor.send({ type: 'project.open', projectId: 'project-1' });
    const first = feasibility()!;
    expect(first).toBe(actor.getSnapshot().context.feasibility);
    expect(first.getSnapshot().context.projectId).toBe('project-1');
    expect(first.getSnapshot().value).toEqual({ loading: { studies: 'fetching', limit: 'fetching' } });

    actor.send({ type: 'project.open', projectId: 'project-1' });
    expect(feasibility()).toBe(first);

    actor.send({ type: 'project.open', projectId: 'project-2' });
    await flush();
    const second = feasibility()!;
    expect(first.getSnapshot().status).toBe('stopped');
    expect(second).not.toBe(first);
    expect(second.getSnapshot().context.projectId).toBe('project-2');
    expect(actor.getSnapshot().context.openProjectId).toBe('project-2');

    actor.send({ type: 'project.open', projectId: 'project-1' });
    const third = feasibility()!;
    actor.send({ type: 'session.logout' });
    doubles.settle('logout', 'done', detail('Logged out.'));
    await flush();
    expect(third.getSnapshot().status).toBe('stopped');
    expect(feasibility()).toBeUndefined();
    expect(actor.getSnapshot().context).toMatchObject({ feasibility: undefined, openProjectId: null });
    actor.stop();
  });

  it('runs one task board beside the feasibility child for the open project, reachable by its systemId', async () => {
    const { actor, doubles } = createSystemUnderTest();
    actor.start();
    doubles.settle('restoreSession', 'done', restored({ accessToken: 'a', refreshToken: 'r', project: 'true' }));
    await flush();
    const taskBoard = () => actor.system.get(sessionChildIds.taskBoard) as TaskBoardRef | undefined;

    actor.send({ type: 'project.open', projectId: 'project-1' });
    const first = taskBoard()!;
    expect(first).toBe(actor.getSnapshot().context.taskBoard);
    expect(first.id).toBe(sessionChildIds.taskBoard);
    expect(first.getSnapshot().context.projectId).toBe('project-1');
    expect(first.getSnapshot().value).toBe('loading');

    actor.send({ type: 'project.open', projectId: 'project-1' });
    expect(taskBoard()).toBe(first);

    actor.send({ type: 'project.open', projectId: 'project-2' });
    await flush();
    const second = taskBoard()!;
    expect(first.getSnapshot().status).toBe('stopped');
    expect(second).not.toBe(first);
    expect(second.getSnapshot().context.projectId).toBe('project-2');

    actor.send({ type: 'project.open', projectId: 'project-1' });
    const third = taskBoard()!;
    actor.send({ type: 'session.logout' });
    doubles.settle('logout', 'done', detail('Logged out.'));
    await flush();
    expect(third.getSnapshot().status).toBe('stopped');
    expect(taskBoard()).toBeUndefined();
    expect(actor.getSnapshot().context).toMatchObject({ taskBoard: undefined, openProjectId: null });
    actor.stop();
  });

  it('keeps a project opened while the token is renewed', async () => {
    const { actor, doubles } = createSystemUnderTest();
    actor.start();
    doubles.settle('restoreSession', 'done', restored({ accessToken: 'a', refreshToken: 'r', project: 'true' }));
    await flush();
    actor.send({ type: 'session.refresh' });
    actor.send({ type: 'project.open', projectId: 'project-1' });
    expect(actor.getSnapshot().value).toEqual({ signedIn: { project: 'ready', token: 'refreshing' } });
    doubles.settle('refreshTokens', 'done', rotated);
    await flush();
    expect(actor.getSnapshot().value).toEqual({ signedIn: { project: 'ready', token: 'valid' } });
    const feasibility = actor.system.get(sessionChildIds.feasibility) as FeasibilityRef;
    expect(feasibility).toBe(actor.getSnapshot().context.feasibility);
    expect(feasibility.getSnapshot().status).toBe('active');
    expect(feasibility.getSnapshot().context.projectId).toBe('project-1');
    actor.stop();
  });

  it('ignores projects while signed out', async () => {
    const { actor, doubles } = createSystemUnderTest();
    actor.start();
    doubles.settle('restoreSession', 'done', restored({}));
    await flush();
    expect(actor.getSnapshot().can({ type: 'project.open', projectId: 'project-1' })).toBe(false);
    actor.stop();
  });

  it('logs out even when the server cannot revoke the login', async () => {
    const { actor, doubles, store } = createSystemUnderTest();
    actor.start();
    doubles.settle('restoreSession', 'done', restored({ accessToken: 'a', refreshToken: 'r', project: 'true' }));
    await flush();
    actor.send({ type: 'session.logout' });
    expect(actor.getSnapshot().value).toBe('loggingOut');
    expect(store.read().accessToken).toBeNull();
    doubles.settle('logout', 'error', apiError(502, undefined));
    await flush();
    expect(actor.getSnapshot().status).toBe('active');
    expect(actor.getSnapshot().value).toEqual({ loggedOut: 'idle' });
    actor.stop();
  });

  it('refuses to run without its effects', async () => {
    const actor = createActor(sessionMachine);
    const errors: unknown[] = [];
    actor.subscribe({ error: (error) => errors.push(error) });
    actor.start();
    await flush();
    expect(String(errors[0])).toMatch(/provide the 'clearStoredSession' action/);
  });
});
