import { getNextTransitions, type AnyMachineSnapshot, type EventObject } from 'xstate';

/** XState's own events (timers, actors done or failed, init) and wildcards: the machine sends these itself. */
const isOwnEvent = (type: string) => type === '' || type === '*' || type.endsWith('.*') || type.startsWith('xstate.');

/** The events a person may send from the current state, in the order the chart lists them (child states first). */
export function candidateEvents(snapshot: AnyMachineSnapshot): string[] {
  return [...new Set(getNextTransitions(snapshot).map((transition) => transition.eventType as string))].filter((type) => !isOwnEvent(type));
}

export interface EventChoice {
  type: string;
  /** `snapshot.can` with the payload given: a guard that refuses it, or throws on a missing field, says no. */
  allowed: boolean;
  /** The guard threw without a payload: the event needs fields the guard reads. */
  needsPayload: boolean;
}

/** The machine's events from its current state, checked with `snapshot.can` and the payload given for each type. */
export function eventChoices(snapshot: AnyMachineSnapshot, payloads: Record<string, Record<string, unknown>> = {}): EventChoice[] {
  return candidateEvents(snapshot).map((type) => {
    const event: EventObject = { ...payloads[type], type };
    try {
      return { type, allowed: snapshot.can(event), needsPayload: false };
    } catch {
      return { type, allowed: false, needsPayload: true };
    }
  });
}
