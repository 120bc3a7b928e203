import { assign, fromPromise, setup } from 'xstate';
import type { CheckoutSession, VerifiedPayment } from '../src/contract/billing.ts';
import { genericErrorMessages } from './form-errors.ts';

/** Start a purchase of a plan, or pick up a paid-or-not checkout on /payment-success after a page load. */
export type CheckoutInput = { planId: string } | { sessionId: string };

export interface PlanIdInput {
  planId: string;
}
export interface SessionIdInput {
  sessionId: string;
}

/**
 * What the checkout effects reject with, read by shape (the app rejects with an Error carrying these two fields,
 * built from the API client's error in src/features/billing/api).
 * 'network': no answer, or a gateway's (502, 503, 504): the same request may well work a moment later.
 * 'refused': the server answered no (not paid, expired, unknown session, billing off); asking again changes nothing.
 */
export interface CheckoutFailure {
  kind: 'network' | 'refused';
  /** The server's `detail`, or a generic message when it gave none. */
  detail: string;
}

/** Automatic retries after a network failure, per step, before the screen asks the user to try again. */
export const maxAutomaticRetries = 3;
/** Wait before the first automatic retry; it doubles for each next one (1 s, 2 s, 4 s). */
export const firstRetryDelayMs = 1000;

export interface CheckoutContext {
  /** The plan being bought; null when the checkout was resumed from its session id. */
  planId: string | null;
  /** The Stripe Checkout Session: created here, or given when resumed. */
  sessionId: string | null;
  /** For Embedded Checkout (Stripe.js); null when resumed, the form is not shown again. */
  clientSecret: string | null;
  /** The server's confirmation, once verified. */
  payment: VerifiedPayment | null;
  /** The last failure, while waiting to retry, waiting for the user or failed; null otherwise. */
  failure: CheckoutFailure | null;
  /** Automatic retries used in the current step. */
  retries: number;
}

export type CheckoutEvent =
  /** Embedded Checkout's onComplete: Stripe took the payment; the server still has to confirm it. */
  | { type: 'payment.completed' }
  /** The user gave up before paying. */
  | { type: 'checkout.cancel' }
  /** The user asks to try again now, after a network failure. */
  | { type: 'checkout.retry' };

function notProvided<TOutput, TInput>(name: string) {
  return fromPromise<TOutput, TInput>(() => Promise.reject(new Error(`checkoutMachine: provide the '${name}' actor`)));
}

function isFailure(error: unknown): error is CheckoutFailure {
  if (typeof error !== 'object' || error === null) return false;
  const { kind, detail } = error as Record<string, unknown>;
  return (kind === 'network' || kind === 'refused') && typeof detail === 'string';
}

/** An effect's rejection; anything that is not a CheckoutFailure (a bug, a missing effect) is a refusal with a generic message. */
export const readFailure = (error: unknown): CheckoutFailure =>
  isFailure(error) ? { kind: error.kind, detail: error.detail } : { kind: 'refused', detail: genericErrorMessages.unexpected };

type ErrorParams = { event: { error: unknown } };
const failureOf = ({ event }: ErrorParams) => ({ failure: readFailure(event.error) });

/**
 * How both requests (create the session, verify the payment) end when they fail: a network failure is retried
 * after a growing delay, a few times, then waits for the user; a refusal ends the checkout.
 */
const requestFailed = [
  { guard: { type: 'retrySoon?', params: failureOf }, target: 'waitingToRetry', actions: [{ type: 'assignFailure', params: failureOf }, 'countRetry'] },
  { guard: { type: 'networkFailure?', params: failureOf }, target: 'waitingForUser', actions: { type: 'assignFailure', params: failureOf } },
  { target: '#checkout.failed', actions: { type: 'assignFailure', params: failureOf } },
] as const;

/** The two ways back to `requesting` after a network failure, the same in both steps. */
const retryStates = {
  waitingToRetry: {
    description: 'The server could not be reached; the request is sent again after a short wait, or at once on "Try now".',
    after: { retryDelay: { target: 'requesting' } },
    on: { 'checkout.retry': { target: 'requesting' } },
  },
  waitingForUser: {
    description: 'Still no answer after the automatic retries: waits for the user to try again.',
    on: { 'checkout.retry': { target: 'requesting', actions: 'resetRetries' } },
  },
} as const;

/**
 * One plan purchase through Stripe Embedded Checkout: creates the Checkout Session, waits while the user pays in
 * Stripe's form, then has the server verify the payment (exactly one verification at a time, whatever the page
 * sends). Network failures are retried a bounded number of times; refusals end in `failed` with the server's
 * message. Spawned by the session machine on 'checkout.start' / 'checkout.resume' (systemId 'checkout'); it
 * reports through its snapshot, and its output is the verified payment (null when it did not end paid).
 */
export const checkoutMachine = setup({
  types: {
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    input: {} as CheckoutInput,
    output: {} as VerifiedPayment | null,
  },
  actors: {
    /** POST /api/stripe/checkout/; rejects with a CheckoutFailure. */
    createCheckoutSession: notProvided<CheckoutSession, PlanIdInput>('createCheckoutSession'),
    /** POST /api/stripe/verify-payment/ (idempotent on the server); rejects with a CheckoutFailure. */
    verifyPayment: notProvided<VerifiedPayment, SessionIdInput>('verifyPayment'),
  },
  actions: {
    assignFailure: assign({ failure: (_, params: { failure: CheckoutFailure }) => params.failure }),
    clearFailure: assign({ failure: null }),
    countRetry: assign({ retries: ({ context }) => context.retries + 1 }),
    resetRetries: assign({ retries: 0 }),
  },
  guards: {
    'resuming?': ({ context }) => context.planId === null,
    'networkFailure?': (_, { failure }: { failure: CheckoutFailure }) => failure.kind === 'network',
    'retrySoon?': ({ context }, { failure }: { failure: CheckoutFailure }) => failure.kind === 'network' && context.retries < maxAutomaticRetries,
  },
  delays: {
    retryDelay: ({ context }) => firstRetryDelayMs * 2 ** Math.max(0, context.retries - 1),
  },
}).createMachine({
  description: 'Buying a plan: Stripe takes the payment in its own form, then the server confirms it and moves the account to the plan.',
  id: 'checkout',
  context: ({ input }) => ({
    planId: 'planId' in input ? input.planId : null,
    sessionId: 'sessionId' in input ? input.sessionId : null,
    clientSecret: null,
    payment: null,
    failure: null,
    retries: 0,
  }),
  output: ({ context }) => context.payment,
  initial: 'starting',
  states: {
    starting: {
      description: 'A new purchase creates a session; a resumed one (a page load on /payment-success) goes straight to verification.',
      always: [{ guard: 'resuming?', target: 'verifying' }, { target: 'creatingSession' }],
    },

    creatingSession: {
      description: 'Asks the server for a Stripe Checkout Session for the plan.',
      entry: 'resetRetries',
      initial: 'requesting',
      on: { 'checkout.cancel': { target: 'cancelled' } },
      states: {
        requesting: {
          description: 'The request for the checkout session is under way.',
          entry: 'clearFailure',
          invoke: {
            id: 'createCheckoutSession',
            src: 'createCheckoutSession',
            input: ({ context }) => ({ planId: context.planId! }),
            onDone: {
              target: '#checkout.paying',
              actions: assign(({ event }) => ({ sessionId: event.output.session_id, clientSecret: event.output.client_secret })),
            },
            onError: requestFailed,
          },
        },
        ...retryStates,
      },
    },

    paying: {
      description: "Stripe's payment form is on screen; nothing is charged until the user pays there.",
      on: {
        'payment.completed': { target: 'verifying', description: 'Stripe reports the payment done.' },
        'checkout.cancel': { target: 'cancelled', description: 'The user leaves the payment form.' },
      },
    },

    verifying: {
      description: 'The server checks with Stripe that the session was paid and moves the account to the plan.',
      entry: 'resetRetries',
      initial: 'requesting',
      states: {
        requesting: {
          description: 'The verification request is under way; asking again does not send a second one.',
          // A second 'payment.completed' or 'checkout.retry' has no transition here: one verification at a time.
          entry: 'clearFailure',
          invoke: {
            id: 'verifyPayment',
            src: 'verifyPayment',
            input: ({ context }) => ({ sessionId: context.sessionId! }),
            onDone: { target: '#checkout.verified', actions: assign({ payment: ({ event }) => event.output }) },
            onError: requestFailed,
          },
        },
        ...retryStates,
      },
    },

    verified: { type: 'final', description: 'Paid and confirmed: the account is on the new plan.' },
    failed: { type: 'final', description: "The server refused (not paid, expired, unknown session, billing off); its message is kept for the screen." },
    cancelled: { type: 'final', entry: 'clearFailure', description: 'The user left before paying; nothing was charged.' },
  },
});
