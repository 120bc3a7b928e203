import { useSelector } from '@xstate/react';
import { createContext, useCallback, useContext, type ReactNode } from 'react';
import type { Actor, ActorRefFrom, SnapshotFrom } from 'xstate';
import type { modalMachine } from '../../machines/modal.machine.ts';
import type { sessionMachine } from '../../machines/session.machine.ts';
import type { SnackbarColor, snackbarMachine } from '../../machines/snackbar.machine.ts';
import type { ApiClient } from './api-client.ts';
import type { SessionStore } from './session-storage.ts';

/** What every screen reaches through `useActors`: made once by src/app/actors.ts (tests make their own). */
export interface AppActors {
  store: SessionStore;
  api: ApiClient;
  session: Actor<typeof sessionMachine>;
  /** The session's child (systemId 'snackbar'). */
  snackbar: ActorRefFrom<typeof snackbarMachine>;
  /** The session's child (systemId 'modal'). */
  modal: ActorRefFrom<typeof modalMachine>;
}

const ActorsContext = createContext<AppActors | null>(null);

export function ActorsProvider({ actors, children }: { actors: AppActors; children: ReactNode }) {
  return <ActorsContext.Provider value={actors}>{children}</ActorsContext.Provider>;
}

export function useActors(): AppActors {
  const actors = useContext(ActorsContext);
  if (!actors) throw new Error('useActors needs an <ActorsProvider> above it');
  return actors;
}

export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

/** A narrow view of the session actor; re-renders only when the selected value changes (by `compare`, default ===). */
export function useSession<T>(selector: (snapshot: SessionSnapshot) => T, compare?: (a: T, b: T) => boolean): T {
  return useSelector(useActors().session, selector, compare);
}

/** Shows a message in the snackbar (3500 ms, bottom right, queued). */
export function useNotify() {
  const { snackbar } = useActors();
  return useCallback((message: string, color: SnackbarColor = 'success') => snackbar.send({ type: 'snackbar.show', message, color }), [snackbar]);
}
