import { createActor, fromPromise, type ActorOptions, type AnyActorLogic } from 'xstate';
import { navigate } from 'wouter/use-browser-location';
import type { PlanIdInput, SessionIdInput } from '../../machines/checkout.machine.ts';
import type { ProjectIdInput, RenameStudyInput, StudyIdInput } from '../../machines/feasibility.machine.ts';
import { sessionMachine, type AuthAnswer, type AuthRequest, type LogoutInput, type StoredSession } from '../../machines/session.machine.ts';
import type { ApplyTemplateInput, ProjectIdInput as BoardProjectInput, TaskIdInput } from '../../machines/task-board.machine.ts';
import type { TokenPair } from '../contract/auth.ts';
import { exchangeRefreshToken, revokeLogin, sendAuthRequest } from '../features/auth/api/auth.ts';
import type { CheckoutSession, VerifiedPayment } from '../contract/billing.ts';
import type { FeasibilityStudy, StudyCreateBody, StudyLimit, StudyList } from '../contract/feasibility.ts';
import type { Task, TaskBoard, TaskCreateBody, TaskEditBody, TaskReorderBody } from '../contract/tasks.ts';
import type { AppActors } from '../lib/actors-context.tsx';
import { createApiClient, type ApiClientOptions } from '../lib/api-client.ts';
import { createDeferredLogic } from '../lib/deferred-logic.ts';
import { createRefreshCoordinator, type LockManagerLike } from '../lib/refresh-coordinator.ts';
import { refreshThroughSession } from '../lib/session-refresh.ts';
import { createSessionStore, type SessionStore } from '../lib/session-storage.ts';

export type Inspect = ActorOptions<AnyActorLogic>['inspect'];

/**
 * The app's actors with their real effects: the session (root, with the snackbar and the modal as its children), and
 * the one API client. Made once in main.tsx; tests make their own with other storage.
 */
export interface AppActorsOptions {
  store?: SessionStore;
  inspect?: Inspect;
  /** Browser dependencies, replaced in tests that run outside a browser. */
  http?: Pick<ApiClientOptions, 'baseURL' | 'fetch' | 'readCookie' | 'logError'>;
  locks?: LockManagerLike;
  /** Default: go to /auth/login (spec §8). */
  onSessionExpired?: () => void;
}

// A project's API calls (and the contract structs they check answers with) load when a project first opens, not
// with the landing page.
const studiesApi = () => import('../features/feasibility/api/studies.ts');
const tasksApi = () => import('../features/tasks/api/tasks.ts');
const billingApi = () => import('../features/billing/api/billing.ts');

/**
 * The feasibility, task-board and checkout machines load with the first lazy screen (app.tsx waits for this before
 * showing one): only those screens open a project or start a checkout, so the landing page ships none of them.
 */
const childMachines = createDeferredLogic(() => import('./child-machines.ts'));
export const loadChildMachines = childMachines.load;

export function createAppActors(options: AppActorsOptions = {}): AppActors {
  const store = options.store ?? createSessionStore();
  const coordinator = createRefreshCoordinator({
    store,
    locks: options.locks,
    exchange: (refresh) => exchangeRefreshToken(api, refresh),
  });

  const session = createActor(
    sessionMachine.provide({
      actors: {
        restoreSession: fromPromise<StoredSession, void>(async () => store.read()),
        authRequest: fromPromise<AuthAnswer, AuthRequest>(({ input }) => sendAuthRequest(api, input)),
        refreshTokens: fromPromise<TokenPair, void>(() => coordinator.refresh()),
        logout: fromPromise<unknown, LogoutInput>(({ input }) => revokeLogin(api, input.refresh)),
        feasibility: childMachines.logic('feasibility machine', ({ feasibilityMachine }) => feasibilityMachine.provide({
          actors: {
            listStudies: fromPromise<StudyList, ProjectIdInput>(async ({ input, signal }) => (await studiesApi()).listStudies(api, input.projectId, { signal })),
            checkLimit: fromPromise<StudyLimit, ProjectIdInput>(async ({ input, signal }) => (await studiesApi()).checkStudyLimit(api, input.projectId, { signal })),
            createStudy: fromPromise<FeasibilityStudy, StudyCreateBody>(async ({ input, signal }) => (await studiesApi()).createStudy(api, input, { signal })),
            setPrimaryStudy: fromPromise<FeasibilityStudy, StudyIdInput>(async ({ input, signal }) => (await studiesApi()).setPrimaryStudy(api, input.id, { signal })),
            renameStudy: fromPromise<FeasibilityStudy, RenameStudyInput>(async ({ input, signal }) => (await studiesApi()).renameStudy(api, input, { signal })),
            deleteStudy: fromPromise<unknown, StudyIdInput>(async ({ input, signal }) => (await studiesApi()).deleteStudy(api, input.id, { signal })),
          },
        })),
        taskBoard: childMachines.logic('task-board machine', ({ taskBoardMachine }) => taskBoardMachine.provide({
          actors: {
            loadBoard: fromPromise<TaskBoard, BoardProjectInput>(async ({ input, signal }) => (await tasksApi()).getTaskBoard(api, input.projectId, { signal })),
            createTask: fromPromise<Task, TaskCreateBody>(async ({ input, signal }) => (await tasksApi()).createTask(api, input, { signal })),
            editTask: fromPromise<Task, TaskEditBody>(async ({ input, signal }) => (await tasksApi()).editTask(api, input, { signal })),
            completeTask: fromPromise<Task, TaskIdInput>(async ({ input, signal }) => (await tasksApi()).completeTask(api, input.id, { signal })),
            reorderTask: fromPromise<TaskBoard, TaskReorderBody>(async ({ input, signal }) => (await tasksApi()).reorderTask(api, input, { signal })),
            deleteTask: fromPromise<unknown, TaskIdInput>(async ({ input, signal }) => (await tasksApi()).deleteTask(api, input.id, { signal })),
            applyTemplate: fromPromise<TaskBoard, ApplyTemplateInput>(async ({ input, signal }) => (await tasksApi()).applyTaskTemplate(api, input, { signal })),
          },
        })),
        // Both reject with a CheckoutRequestError: network trouble (retried) or the server's refusal.
        checkout: childMachines.logic('checkout machine', ({ checkoutMachine }) => checkoutMachine.provide({
          actors: {
            createCheckoutSession: fromPromise<CheckoutSession, PlanIdInput>(async ({ input, signal }) => (await billingApi()).createCheckoutSession(api, input.planId, { signal })),
            verifyPayment: fromPromise<VerifiedPayment, SessionIdInput>(async ({ input, signal }) => (await billingApi()).verifyPayment(api, input.sessionId, { signal })),
          },
        })),
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
    { inspect: options.inspect, systemId: 'session' },
  );

  const api = createApiClient({
    ...options.http,
    store,
    refresh: () => refreshThroughSession(session),
    // Spec §8: a failed refresh sends the user to login.
    onSessionExpired: options.onSessionExpired ?? (() => navigate('/auth/login', { replace: true })),
  });

  session.start();
  // One actor system: the snackbar and the modal are the session's children, spawned with it.
  const { snackbar, modal } = session.getSnapshot().context;
  return { store, api, session, snackbar, modal };
}

export type { AppActors };
