import { createSessionStore } from '../lib/session-storage.ts';

const intents = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

/** Controls that do nothing without the app: buttons that send no form (a tab, "show password"), ARIA widgets. */
const appOnlyControls = 'button[type=button], button[type=reset], [role=tab], [role=switch], [role=checkbox], [role=radio], [role=menuitem], [role=button]';

/**
 * What a prerendered page runs before the app: it starts the app (`start`, a dynamic import) when the browser is idle
 * after the page has loaded, or at once on the visitor's first touch, key or focus, or when a session is stored (the
 * route guard may send a signed-in user elsewhere). Until then the page works as plain HTML: its links are ordinary
 * links to other prerendered pages, and typing goes into the fields. What needs the app meanwhile (a form sent, a click
 * on a tab or another button that sends no form) is held, in order, from the browser and from React alike, and done
 * again once the app has hydrated the page and been handed what was typed (hydration.ts): one way of doing each, the
 * app's. React must not see a held event: hydrating at once for it, it would run the handler before the typed text is
 * handed over (a login sent with empty fields) or run it twice.
 */
export function startWhenNeeded(start: () => Promise<void>) {
  let started: Promise<void> | undefined;
  const held: (() => void)[] = [];
  const startNow = () =>
    (started ??= start().then(
      () => {
        document.removeEventListener('submit', holdSubmit, true);
        document.removeEventListener('click', holdClick, true);
        for (const intent of intents) document.removeEventListener(intent, startQuietly, true);
        for (const again of held.splice(0)) again();
      },
      (error: unknown) => {
        started = undefined; // not loaded (offline, a new deploy): the next touch tries again
        throw error;
      },
    ));
  const startQuietly = () => void startNow().catch(() => undefined);
  const hold = (event: Event, again: () => void) => {
    event.preventDefault();
    event.stopPropagation();
    held.push(again);
    startQuietly();
  };
  function holdSubmit(event: SubmitEvent) {
    const form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    const submitter = event.submitter;
    hold(event, () => form.isConnected && form.requestSubmit(submitter));
  }
  function holdClick(event: MouseEvent) {
    const control = event.target instanceof Element ? event.target.closest<HTMLElement>(appOnlyControls) : null;
    if (!control || control.closest('a[href]')) return;
    hold(event, () => control.isConnected && control.click());
  }

  if (createSessionStore().read().accessToken !== null) return startQuietly();
  document.addEventListener('submit', holdSubmit, true);
  document.addEventListener('click', holdClick, true);
  for (const intent of intents) document.addEventListener(intent, startQuietly, { capture: true, passive: true });
  const whenIdle = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(startQuietly) : setTimeout(startQuietly, 0));
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
