import { assign, setup } from 'xstate';

export type SnackbarColor = 'success' | 'error' | 'warning' | 'info';

export interface SnackbarMessage {
  message: string;
  color: SnackbarColor;
}

/** The snackbar's systemId: the session spawns it, and any actor of the app's system tells it what to say. */
export const snackbarSystemId = 'snackbar';

/** Spec §9: a message stays 3500 ms (bottom right). */
export const snackbarDisplayMs = 3500;
/** Messages waiting behind the visible one; beyond this the oldest waiting one is dropped, so a burst of failures does not hold the screen for minutes. */
export const snackbarQueueLimit = 3;

export interface SnackbarContext {
  /** The message on screen, kept after it hides so the UI can animate it out. */
  current: SnackbarMessage | null;
  /** Messages waiting for the current one to hide, oldest first. */
  queue: SnackbarMessage[];
}

export type SnackbarEvent = ({ type: 'snackbar.show' } & SnackbarMessage) | { type: 'snackbar.close' };

const sameMessage = (a: SnackbarMessage | null | undefined, b: SnackbarMessage) => a?.message === b.message && a.color === b.color;

/**
 * The app's one snackbar (spec §3: message, color, show = `matches('visible')`): one message at a time for
 * 3500 ms, later ones queued. Created once at the root of the app; any code sends it 'snackbar.show'.
 */
export const snackbarMachine = setup({
  types: { context: {} as SnackbarContext, events: {} as SnackbarEvent },
  delays: { displayTime: snackbarDisplayMs },
  actions: {
    showMessage: assign((_, message: SnackbarMessage) => ({ current: message })),
    showNextMessage: assign(({ context }) => ({ current: context.queue[0] ?? null, queue: context.queue.slice(1) })),
    enqueueMessage: assign({ queue: ({ context }, message: SnackbarMessage) => [...context.queue, message].slice(-snackbarQueueLimit) }),
  },
  guards: {
    'hasWaitingMessage?': ({ context }) => context.queue.length > 0,
    // The same text twice in a row (a retry failing again) says nothing new.
    'isRepeat?': ({ context }, message: SnackbarMessage) => sameMessage(context.current, message) || context.queue.some((queued) => sameMessage(queued, message)),
  },
}).createMachine({
  description: 'The message bar at the bottom right: one short message at a time, the next ones waiting their turn.',
  id: 'snackbar',
  initial: 'hidden',
  context: { current: null, queue: [] },
  states: {
    hidden: {
      description: 'No message on screen.',
      on: {
        'snackbar.show': { target: 'visible', actions: { type: 'showMessage', params: ({ event }) => ({ message: event.message, color: event.color }) } },
      },
    },
    visible: {
      description: 'A message is on screen for 3.5 s, or until the user closes it; new messages wait behind it.',
      after: { displayTime: { target: 'hiding' } },
      on: {
        'snackbar.close': { target: 'hiding', description: 'The user closes the message.' },
        'snackbar.show': [
          // A repeat is dropped: the first matching transition wins and does nothing.
          { guard: { type: 'isRepeat?', params: ({ event }) => ({ message: event.message, color: event.color }) } },
          { actions: { type: 'enqueueMessage', params: ({ event }) => ({ message: event.message, color: event.color }) } },
        ],
      },
    },
    hiding: {
      description: 'The message has gone; the next waiting one, if any, shows now.',
      always: [{ guard: 'hasWaitingMessage?', target: 'visible', actions: 'showNextMessage' }, { target: 'hidden' }],
    },
  },
});
