import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { snackbarDisplayMs, snackbarMachine, snackbarQueueLimit, type SnackbarMessage } from '../../machines/snackbar.machine.ts';
import { reachedStates, runModelPaths, type ModelEvent } from './support/test-model.ts';

const messages: SnackbarMessage[] = [
  { message: 'Project saved', color: 'success' },
  { message: 'Could not save the project', color: 'error' },
  { message: 'Project saved', color: 'info' },
  { message: 'Plan limit reached', color: 'warning' },
  { message: 'Feasibility renamed', color: 'success' },
];

// The delayed transition's event, as XState names it ('xstate.after.displayTime.snackbar.visible').
const displayTimeout = snackbarMachine.root.states.visible?.after[0]?.eventType ?? '';

const events: ModelEvent[] = [...messages.map((message) => ({ type: 'snackbar.show', ...message })), { type: 'snackbar.close' }, { type: displayTimeout }];

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('snackbar machine', () => {
  const paths = runModelPaths('snackbar machine', snackbarMachine, {
    events,
    run: () => {
      const actor = createActor(snackbarMachine);
      return {
        actor,
        // Fake timers hold the flush; nothing here waits for a promise.
        start: () => actor.start(),
        step: (step) => {
          if (step.type === displayTimeout) {
            // Still the same message 1 ms before the end of its 3500 ms.
            const before = actor.getSnapshot();
            vi.advanceTimersByTime(snackbarDisplayMs - 1);
            expect(actor.getSnapshot()).toBe(before);
            vi.advanceTimersByTime(1);
          } else {
            actor.send(step as Parameters<typeof actor.send>[0]);
          }
        },
        check: (expected) => {
          const { value, context } = actor.getSnapshot();
          expect(value).toEqual(expected.value);
          expect(context).toEqual(expected.context);
          // Invariants of every reachable state.
          expect(context.queue.length).toBeLessThanOrEqual(snackbarQueueLimit);
          if (value === 'hidden') expect(context.queue).toEqual([]);
          const onScreen = value === 'visible' ? [context.current, ...context.queue] : context.queue;
          expect(new Set(onScreen.map((message) => JSON.stringify(message))).size).toBe(onScreen.length);
        },
      };
    },
  });

  it('names its timeout', () => {
    expect(displayTimeout).toBe('xstate.after.displayTime.snackbar.visible');
  });

  it('reaches every state it rests in', () => {
    // 'hiding' is transient: it always moves on within the same step.
    expect(reachedStates(paths)).toEqual(['"hidden"', '"visible"']);
  });
});

describe('snackbar timing', () => {
  it('shows queued messages one after another, 3500 ms each', () => {
    const actor = createActor(snackbarMachine).start();
    const [first, second, third] = messages as [SnackbarMessage, SnackbarMessage, SnackbarMessage];
    for (const message of [first, second, third]) actor.send({ type: 'snackbar.show', ...message });
    const shown = () => (actor.getSnapshot().matches('visible') ? actor.getSnapshot().context.current : null);
    expect(shown()).toEqual(first);
    vi.advanceTimersByTime(snackbarDisplayMs);
    expect(shown()).toEqual(second);
    vi.advanceTimersByTime(snackbarDisplayMs - 1);
    expect(shown()).toEqual(second);
    actor.send({ type: 'snackbar.close' });
    expect(shown()).toEqual(third);
    vi.advanceTimersByTime(snackbarDisplayMs);
    expect(shown()).toBeNull();
    expect(actor.getSnapshot().context.current).toEqual(third);
    actor.stop();
  });

  it('keeps the newest waiting messages and drops repeats', () => {
    const actor = createActor(snackbarMachine).start();
    for (const message of messages) actor.send({ type: 'snackbar.show', ...message });
    actor.send({ type: 'snackbar.show', ...messages[4]! });
    expect(actor.getSnapshot().context).toEqual({ current: messages[0], queue: messages.slice(2) });
    actor.stop();
  });
});
