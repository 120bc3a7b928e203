import { waitFor, type ActorRefFrom } from 'xstate';
import type { sessionMachine } from '../../machines/session.machine.ts';

/** The session was logged out instead of refreshed (or was not signed in). */
export class RefreshRefusedError extends Error {
  override readonly name = 'RefreshRefusedError';
}

/**
 * The API client's `refresh` in the app: asks the session actor for a refresh and waits for the outcome, so
 * the session machine owns the one refresh and its consequences (new tokens, or loggedOut). Resolves when
 * the session is signed in again; rejects when it ended up logged out.
 */
export async function refreshThroughSession(session: ActorRefFrom<typeof sessionMachine>): Promise<void> {
  await waitFor(session, (snapshot) => !snapshot.matches('booting'));
  session.send({ type: 'session.refresh' }); // ignored while a refresh runs: this caller waits for that one
  const settled = await waitFor(session, (snapshot) => !snapshot.hasTag('refreshing'));
  if (!settled.matches('signedIn')) throw new RefreshRefusedError('The session could not be refreshed.');
}
