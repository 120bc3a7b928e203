import { useSelector } from '@xstate/react';
import { createContext, useCallback, useContext, type ReactNode } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { sessionMachine } from '../../machines/session.machine.ts';
import type { SnackbarColor } from '../../machines/snackbar.machine.ts';
import type { AppActors } from './actors.ts';

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

/** A narrow view of the session actor; re-renders only when the selected value changes. */
export function useSession<T>(selector: (snapshot: SessionSnapshot) => T): T {
  return useSelector(useActors().session, selector);
}

/** Shows a message in the snackbar (3500 ms, bottom right, queued). */
export function useNotify() {
  const { snackbar } = useActors();
  return useCallback((message: string, color: SnackbarColor = 'success') => snackbar.send({ type: 'snackbar.show', message, color }), [snackbar]);
}
