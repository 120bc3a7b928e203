import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { assign, createActor, fromPromise, setup, waitFor, type ActorRefFrom } from 'xstate';
import { toFormErrors, type FormErrors } from '../../machines/form-errors.ts';
import { CancelledError, isCancelled } from './api-client.ts';

/** Reads one piece of server state; rejects with the API client's errors. Stop when `signal` aborts. */
export type Load<T> = (signal: AbortSignal) => Promise<T>;

export type ResourceStatus = 'loading' | 'ready' | 'failed';

/**
 * One read of server state (docs/decisions/021-client-data-path.md): loading → ready | failed; 'resource.retry'
 * and 'resource.reload' load again, keeping the last answer meanwhile. Made by `useResource`, one per key;
 * stopping it (key change, unmount) aborts the load, so a stale answer never arrives.
 */
export const resourceMachine = setup({
  types: {
    context: {} as { data: unknown; error: FormErrors | null },
    events: {} as { type: 'resource.retry' } | { type: 'resource.reload' },
  },
  actors: {
    load: fromPromise<unknown>(() => Promise.reject(new Error('provide the load actor'))),
  },
  guards: {
    'cancelled?': ({ event }) => 'error' in event && isCancelled(event.error),
  },
}).createMachine({
  id: 'resource',
  context: { data: undefined, error: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'Asks the server; a newer load or stopping the actor aborts the request.',
      invoke: {
        src: 'load',
        onDone: { target: 'ready', actions: assign({ data: ({ event }) => event.output, error: null }) },
        // Cancelled by the API client itself (a newer request replaced it): not a failure, as everywhere else in the app.
        onError: [{ guard: 'cancelled?' }, { target: 'failed', actions: assign({ error: ({ event }) => toFormErrors(event.error) }) }],
      },
    },
    ready: {
      description: 'The answer is here; a write elsewhere may ask for it again.',
      on: { 'resource.reload': 'loading' },
    },
    failed: {
      description: 'The load failed with the error read as a form reads it; the screen offers a retry.',
      on: { 'resource.retry': 'loading', 'resource.reload': 'loading' },
    },
  },
});

type ResourceActor = ActorRefFrom<typeof resourceMachine>;

/** What a screen reads: `data` is there once ready, and stays (the last answer) while it reloads or after a failed reload. */
export type Resource<T> = (
  | { status: 'loading'; data: T | undefined; error: null }
  | { status: 'ready'; data: T; error: null }
  /** `error` is the failure as `toFormErrors` reads it. */
  | { status: 'failed'; data: T | undefined; error: FormErrors }
) & {
  /** Loads again after a failure. */
  retry: () => void;
  /**
   * Loads again after a write changed the data; the current data stays until the new answer replaces it.
   * Settles (never rejects) when the new answer is in or the load failed; a failure shows as status 'failed'.
   */
  reload: () => Promise<void>;
};

export interface ResourceOptions {
  /** Show the previous key's answer while the new key loads (search and paging: the list does not blink). */
  keepPrevious?: boolean;
}

const noop = () => undefined;
const settled = () => Promise.resolve();

/**
 * Server state for a screen, the one way screens read it. `key` names what is read (a null key reads nothing and
 * stays loading); a new key stops the old load and starts one for the new key. `load` is read when a load starts,
 * so it may be an inline function.
 */
export function useResource<T>(key: string | null, load: Load<T>, options: ResourceOptions = {}): Resource<T> {
  const latestLoad = useRef(load);
  latestLoad.current = load;
  const [running, setRunning] = useState<{ key: string; actor: ResourceActor } | null>(null);

  useEffect(() => {
    if (key === null) return;
    const actor = createActor(
      resourceMachine.provide({ actors: { load: fromPromise<unknown>(({ signal }) => latestLoad.current(signal)) } }),
    ).start();
    setRunning({ key, actor });
    return () => {
      actor.stop();
    };
  }, [key]);

  // Until the effect has started the actor of this key, the previous key's actor (stopped) says nothing.
  const actor = running?.key === key ? running.actor : undefined;
  const snapshot = useSelector(actor, (s) => s);
  const send = useMemo(
    () => ({
      retry: actor ? () => actor.send({ type: 'resource.retry' }) : noop,
      reload: actor
        ? async () => {
            actor.send({ type: 'resource.reload' });
            // A stopped actor (the key changed meanwhile) never settles: waitFor rejects then, which is no failure here.
            await waitFor(actor, (s) => !s.matches('loading')).catch(noop);
          }
        : settled,
    }),
    [actor],
  );
  const data = snapshot?.context.data as T | undefined;
  const previous = useRef<T | undefined>(undefined);
  if (data !== undefined) previous.current = data;

  const kept = data ?? (options.keepPrevious ? previous.current : undefined);
  if (snapshot?.value === 'ready') return { status: 'ready', data: data as T, error: null, ...send };
  if (snapshot?.value === 'failed' && snapshot.context.error) return { status: 'failed', data: kept, error: snapshot.context.error, ...send };
  return { status: 'loading', data: kept, error: null, ...send };
}

/** Waits `ms` before a load (typing in a search box), or rejects as cancelled when the load is dropped meanwhile. */
export function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new CancelledError('The load was dropped while it waited.'));
    }, { once: true });
  });
}
