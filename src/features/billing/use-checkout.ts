import { shallowEqual, useSelector } from '@xstate/react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { checkoutMachine } from '../../../machines/checkout.machine.ts';
import { useSession } from '../../lib/actors-context.tsx';

export type CheckoutRef = ActorRefFrom<typeof checkoutMachine>;
type CheckoutSnapshot = SnapshotFrom<typeof checkoutMachine>;

/** The step a screen shows; `retry` says how a request step stands after a network failure. */
function viewOf(s: CheckoutSnapshot) {
  const step = (['creatingSession', 'paying', 'verifying', 'verified', 'failed', 'cancelled'] as const).find((name) => s.matches(name)) ?? 'creatingSession';
  const retry = s.matches({ [step]: 'waitingToRetry' }) ? 'soon' : s.matches({ [step]: 'waitingForUser' }) ? 'byUser' : null;
  return {
    step,
    retry,
    planId: s.context.planId,
    sessionId: s.context.sessionId,
    clientSecret: s.context.clientSecret,
    payment: s.context.payment,
    failure: s.context.failure,
    canCancel: s.can({ type: 'checkout.cancel' }),
  };
}

export type CheckoutView = ReturnType<typeof viewOf>;

/** The session's checkout child (spawned by 'checkout.start' / 'checkout.resume'), and a narrow view of it. */
export function useCheckout(): { checkout: CheckoutRef | undefined; view: CheckoutView | undefined } {
  const checkout = useSession((s) => s.context.checkout);
  const view = useSelector(checkout, (s) => (s ? viewOf(s) : undefined), shallowEqual);
  return { checkout, view };
}
