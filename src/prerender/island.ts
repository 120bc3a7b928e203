import { createSessionStore } from '../lib/session-storage.ts';

const intents = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

/**
 * What a prerendered page runs before the app: it starts the app (`start`, a dynamic import) when the browser is idle
 * after the page has loaded, or at once on the visitor's first touch, key or focus, or when a session is stored (the
 * route guard may send a signed-in user elsewhere). Until then the page works as plain HTML: its links are ordinary
 * links to other prerendered pages, and typing goes into the fields. A form sent meanwhile is held and sent again once
 * the app has hydrated it, with what was typed (typed-values.ts), so there is one way of sending it, the app's.
 */
export function startWhenNeeded(start: () => Promise<void>) {
  let started: Promise<void> | undefined;
  const startNow = () =>
    (started ??= start().then(
      () => {
        document.removeEventListener('submit', hold, true);
        for (const intent of intents) document.removeEventListener(intent, startQuietly, true);
      },
      (error: unknown) => {
        started = undefined; // not loaded (offline, a new deploy): the next touch tries again
        throw error;
      },
    ));
  const startQuietly = () => void startNow().catch(() => undefined);
  function hold(event: SubmitEvent) {
    if (!(event.target instanceof HTMLFormElement)) return;
    // Neither the browser nor React gets it: React, hydrating the form at once for a submit, would run the form's
    // handler before what was typed is handed over, find it empty and redraw the fields empty.
    event.preventDefault();
    event.stopPropagation();
    const form = event.target;
    const submitter = event.submitter;
    startNow().then(
      () => form.requestSubmit(submitter),
      () => undefined,
    );
  }

  if (createSessionStore().read().accessToken !== null) return startQuietly();
  document.addEventListener('submit', hold, true);
  for (const intent of intents) document.addEventListener(intent, startQuietly, { capture: true, passive: true });
  const whenIdle = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(startQuietly) : setTimeout(startQuietly, 0));
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
