import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, type SnapshotFrom } from 'xstate';
import {
  checkoutMachine,
  firstRetryDelayMs,
  maxAutomaticRetries,
  type CheckoutFailure,
  type CheckoutInput,
  type PlanIdInput,
  type SessionIdInput,
} from '../../machines/checkout.machine.ts';
import { genericErrorMessages } from '../../machines/form-errors.ts';
import { billingMessages, type CheckoutSession, type VerifiedPayment } from '../../src/contract/billing.ts';
import { EffectDoubles, flush, reachedStates, runModelPaths, settleEffectEvent, type ModelEvent } from './support/test-model.ts';

type CheckoutSnapshot = SnapshotFrom<typeof checkoutMachine>;

const planId = 'pro';
const created: CheckoutSession = { session_id: 'cs_test_created', client_secret: 'cs_test_created_secret_1' };
const resumedSessionId = 'cs_test_resumed';
const paid = (sessionId: string): VerifiedPayment => ({ session_id: sessionId, plan_id: planId, plan_name: 'Pro' });

const network: CheckoutFailure = { kind: 'network', detail: genericErrorMessages.unreachable };
const notPaid: CheckoutFailure = { kind: 'refused', detail: billingMessages.notPaid };
const samePlan: CheckoutFailure = { kind: 'refused', detail: billingMessages.samePlan };
/** A rejection that is not a CheckoutFailure: a bug in an effect, never shown as it is. */
const bug = new Error('TypeError: cannot read properties of undefined');

const afterRetryDelay = (step: 'creatingSession' | 'verifying') => `xstate.after.retryDelay.checkout.${step}.waitingToRetry`;
/** The wait before the retry that follows `retries` automatic retries used (1 s, 2 s, 4 s). */
const retryDelayAfter = (retries: number) => firstRetryDelayMs * 2 ** Math.max(0, retries - 1);

/** The model's events; the verification answers for the session the machine verifies, as the server would. */
function eventsFor(snapshot: CheckoutSnapshot): ModelEvent[] {
  return [
    { type: 'xstate.done.actor.createCheckoutSession', output: created },
    { type: 'xstate.error.actor.createCheckoutSession', error: network },
    { type: 'xstate.error.actor.createCheckoutSession', error: samePlan },
    { type: 'payment.completed' },
    { type: 'checkout.cancel' },
    { type: 'checkout.retry' },
    { type: afterRetryDelay('creatingSession') },
    { type: afterRetryDelay('verifying') },
    { type: 'xstate.done.actor.verifyPayment', output: paid(snapshot.context.sessionId ?? '') },
    { type: 'xstate.error.actor.verifyPayment', error: network },
    { type: 'xstate.error.actor.verifyPayment', error: notPaid },
    { type: 'xstate.error.actor.verifyPayment', error: bug },
  ];
}

function createSystemUnderTest(input: CheckoutInput) {
  const doubles = new EffectDoubles();
  const clock = new SimulatedClock();
  const actor = createActor(
    checkoutMachine.provide({
      actors: {
        createCheckoutSession: doubles.actor<CheckoutSession, PlanIdInput>('createCheckoutSession'),
        verifyPayment: doubles.actor<VerifiedPayment, SessionIdInput>('verifyPayment'),
      },
    }),
    { input, clock },
  );
  return { actor, doubles, clock };
}

const startedFor = (doubles: EffectDoubles, src: string) => doubles.started.filter((effect) => effect.src === src);

const inputs: Array<{ name: string; input: CheckoutInput; sessionId: string | null }> = [
  { name: 'a purchase', input: { planId }, sessionId: null },
  { name: 'a resumed checkout', input: { sessionId: resumedSessionId }, sessionId: resumedSessionId },
];

for (const { name, input, sessionId: givenSessionId } of inputs) {
  describe(`checkout machine, ${name}`, () => {
    const paths = runModelPaths(`checkout machine, ${name}`, checkoutMachine, {
      events: eventsFor,
      input,
      run: () => {
        const { actor, doubles, clock } = createSystemUnderTest(input);
        /** What the test expects, counted from the events it sent rather than read back from the machine. */
        const expected = { sessionId: givenSessionId, requests: { createCheckoutSession: 0, verifyPayment: 0 }, networkFailuresInARow: 0 };
        return {
          actor,
          start: async () => {
            actor.start();
            await flush();
            for (const src of ['createCheckoutSession', 'verifyPayment'] as const) expected.requests[src] = startedFor(doubles, src).length;
          },
          step: async (event) => {
            const before = actor.getSnapshot();
            if (event.type.startsWith('xstate.after.retryDelay.')) {
              // The named delay is the one the clock waits: nothing happens a millisecond early.
              const wait = retryDelayAfter(before.context.retries);
              clock.increment(wait - 1);
              expect(actor.getSnapshot().value).toEqual(before.value);
              clock.increment(1);
            } else if (!settleEffectEvent(doubles, event)) {
              actor.send(event as Parameters<typeof actor.send>[0]);
            }
            await flush();
            const after = actor.getSnapshot();

            if (event.type === 'xstate.done.actor.createCheckoutSession') expected.sessionId = created.session_id;
            if (event.type.startsWith('xstate.error.actor.')) {
              const failure = event.error === bug ? { kind: 'refused', detail: genericErrorMessages.unexpected } : event.error;
              expect(after.context.failure).toEqual(failure);
              expected.networkFailuresInARow = (failure as CheckoutFailure).kind === 'network' ? expected.networkFailuresInARow + 1 : 0;
            }
            if (event.type.startsWith('xstate.done.actor.')) expected.networkFailuresInARow = 0;
            // A manual retry after the automatic ones starts a new round.
            if (event.type === 'checkout.retry' && before.matches({ verifying: 'waitingForUser' })) expected.networkFailuresInARow = 0;
            if (event.type === 'checkout.retry' && before.matches({ creatingSession: 'waitingForUser' })) expected.networkFailuresInARow = 0;
            for (const src of ['createCheckoutSession', 'verifyPayment'] as const) {
              if (after.matches({ [src === 'verifyPayment' ? 'verifying' : 'creatingSession']: 'requesting' }) && !before.matches({ [src === 'verifyPayment' ? 'verifying' : 'creatingSession']: 'requesting' })) {
                expected.requests[src] += 1;
              }
            }
          },
          check: (modelled) => {
            const snapshot = actor.getSnapshot();
            expect(snapshot.value).toEqual(modelled.value);
            expect(snapshot.context).toEqual(modelled.context);
            const { context } = snapshot;
            expect(context.planId).toBe('planId' in input ? planId : null);
            expect(context.sessionId).toBe(expected.sessionId);
            expect(context.clientSecret).toBe(expected.sessionId === created.session_id ? created.client_secret : null);

            // Exactly the effect of the current step runs, with the plan or the session; never two at once.
            const effects = [
              ...(snapshot.matches({ creatingSession: 'requesting' }) ? [{ src: 'createCheckoutSession', input: { planId } }] : []),
              ...(snapshot.matches({ verifying: 'requesting' }) ? [{ src: 'verifyPayment', input: { sessionId: expected.sessionId } }] : []),
            ];
            expect(doubles.pending()).toEqual(effects);
            // One request each time the step's request state is entered: a verification is never started twice.
            expect(startedFor(doubles, 'createCheckoutSession')).toHaveLength(expected.requests.createCheckoutSession);
            expect(startedFor(doubles, 'verifyPayment')).toHaveLength(expected.requests.verifyPayment);
            expect(startedFor(doubles, 'verifyPayment').every((effect) => (effect.input as SessionIdInput).sessionId === expected.sessionId)).toBe(true);

            // Retries are bounded: after the automatic ones, only the user starts another.
            expect(context.retries).toBeLessThanOrEqual(maxAutomaticRetries);
            expect(expected.networkFailuresInARow).toBeLessThanOrEqual(maxAutomaticRetries + 1);
            const waiting = snapshot.matches({ creatingSession: 'waitingToRetry' }) || snapshot.matches({ verifying: 'waitingToRetry' });
            const givenUp = snapshot.matches({ creatingSession: 'waitingForUser' }) || snapshot.matches({ verifying: 'waitingForUser' });
            if (waiting) expect(context.retries).toBe(expected.networkFailuresInARow);
            if (givenUp) expect(expected.networkFailuresInARow).toBe(maxAutomaticRetries + 1);
            expect(snapshot.can({ type: 'checkout.retry' })).toBe(waiting || givenUp);
            expect(context.failure?.kind === 'network').toBe(waiting || givenUp);
            expect(context.failure?.kind === 'refused').toBe(snapshot.matches('failed'));

            // Paying waits for Stripe's onComplete; only a purchase not yet paid can be cancelled.
            expect(snapshot.can({ type: 'payment.completed' })).toBe(snapshot.matches('paying'));
            expect(snapshot.can({ type: 'checkout.cancel' })).toBe(snapshot.matches('paying') || snapshot.matches('creatingSession'));

            // The three ends: verified with the server's answer as output, failed with its message, or cancelled.
            const final = snapshot.matches('verified') || snapshot.matches('failed') || snapshot.matches('cancelled');
            expect(snapshot.status).toBe(final ? 'done' : 'active');
            expect(context.payment).toEqual(snapshot.matches('verified') ? paid(expected.sessionId!) : null);
            if (final) expect(snapshot.output).toEqual(context.payment);
          },
        };
      },
    });

    it('reaches every state of the chart it can', () => {
      const verification = ['verified', 'failed', ...['requesting', 'waitingToRetry', 'waitingForUser'].map((state) => ({ verifying: state }))];
      const purchase = ['paying', 'cancelled', ...['requesting', 'waitingToRetry', 'waitingForUser'].map((state) => ({ creatingSession: state }))];
      const expected = 'planId' in input ? [...purchase, ...verification] : verification;
      expect(reachedStates(paths)).toEqual(expected.map((value) => JSON.stringify(value)).sort());
    });
  });
}

describe('checkout machine details', () => {
  async function payingActor() {
    const system = createSystemUnderTest({ planId });
    system.actor.start();
    system.doubles.settle('createCheckoutSession', 'done', created);
    await flush();
    expect(system.actor.getSnapshot().value).toBe('paying');
    return system;
  }

  it('verifies once however often Stripe and the user ask', async () => {
    const { actor, doubles } = await payingActor();
    actor.send({ type: 'payment.completed' });
    actor.send({ type: 'payment.completed' });
    actor.send({ type: 'checkout.retry' });
    actor.send({ type: 'checkout.cancel' });
    await flush();
    expect(actor.getSnapshot().value).toEqual({ verifying: 'requesting' });
    expect(startedFor(doubles, 'verifyPayment')).toEqual([{ src: 'verifyPayment', input: { sessionId: created.session_id } }]);
    doubles.settle('verifyPayment', 'done', paid(created.session_id));
    await flush();
    actor.send({ type: 'payment.completed' });
    await flush();
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual(paid(created.session_id));
    expect(startedFor(doubles, 'verifyPayment')).toHaveLength(1);
  });

  it('retries a network failure after 1, 2 and 4 s, then waits for the user, who starts a new round', async () => {
    const { actor, doubles, clock } = await payingActor();
    actor.send({ type: 'payment.completed' });
    for (const wait of [1000, 2000, 4000]) {
      doubles.settle('verifyPayment', 'error', network);
      await flush();
      expect(actor.getSnapshot().value).toEqual({ verifying: 'waitingToRetry' });
      clock.increment(wait - 1);
      expect(doubles.pending()).toEqual([]);
      clock.increment(1);
      expect(doubles.pending()).toEqual([{ src: 'verifyPayment', input: { sessionId: created.session_id } }]);
    }
    doubles.settle('verifyPayment', 'error', network);
    await flush();
    expect(actor.getSnapshot().value).toEqual({ verifying: 'waitingForUser' });
    expect(actor.getSnapshot().context.failure).toEqual(network);
    clock.increment(60_000);
    expect(doubles.pending()).toEqual([]);

    actor.send({ type: 'checkout.retry' });
    expect(actor.getSnapshot().context).toMatchObject({ retries: 0, failure: null });
    doubles.settle('verifyPayment', 'error', network);
    await flush();
    expect(actor.getSnapshot().value).toEqual({ verifying: 'waitingToRetry' });
    actor.send({ type: 'checkout.retry' });
    doubles.settle('verifyPayment', 'error', notPaid);
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.failure).toEqual(notPaid);
    expect(actor.getSnapshot().output).toBeNull();
    expect(startedFor(doubles, 'verifyPayment')).toHaveLength(6);
  });

  it('a resumed checkout verifies its session without creating one', async () => {
    const { actor, doubles } = createSystemUnderTest({ sessionId: resumedSessionId });
    actor.start();
    expect(actor.getSnapshot().value).toEqual({ verifying: 'requesting' });
    expect(doubles.started).toEqual([{ src: 'verifyPayment', input: { sessionId: resumedSessionId } }]);
    expect(actor.getSnapshot().can({ type: 'checkout.cancel' })).toBe(false);
    actor.stop();
  });

  it('cancelling while the session is created drops the request', async () => {
    const { actor, doubles } = createSystemUnderTest({ planId });
    actor.start();
    actor.send({ type: 'checkout.cancel' });
    expect(actor.getSnapshot().value).toBe('cancelled');
    expect(doubles.pending()).toEqual([]);
    expect(actor.getSnapshot().output).toBeNull();
  });

  it('refuses to run without its effects, with a message for the screen', async () => {
    const actor = createActor(checkoutMachine, { input: { planId } }).start();
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.failure).toEqual({ kind: 'refused', detail: genericErrorMessages.unexpected });
  });
});
