// @vitest-environment jsdom
import { afterEach, expect, it, vi } from 'vitest';
import { startWhenNeeded } from '../../src/prerender/island.ts';

afterEach(() => {
  document.body.innerHTML = '';
  localStorage.clear();
});

/**
 * A prerendered form sent before the app is there: the island holds the submit from everything below the document
 * (React listens on #root and, hydrating the form at once for it, would run the form's handler before what was typed
 * is handed over: a login then failed about once in twelve), and sends it again once the app has started.
 */
it('holds a form sent before the app has started from React’s root, and sends it again once the app is there', async () => {
  document.body.innerHTML = '<div id="root"><form><input name="email" value="asha@example.com"><button type="submit">Log in</button></form></div>';
  const root = document.getElementById('root')!;
  const form = root.querySelector('form')!;
  const reachedRoot: boolean[] = [];
  // As React's root listeners do: they see the event, and a handled submit is prevented.
  root.addEventListener('submit', (event) => {
    reachedRoot.push(event.defaultPrevented);
    event.preventDefault();
  });
  let appStarted!: () => void;
  const start = vi.fn(() => new Promise<void>((resolve) => (appStarted = resolve)));
  startWhenNeeded(start);

  const submitted = new SubmitEvent('submit', { bubbles: true, cancelable: true, submitter: form.querySelector('button') });
  form.dispatchEvent(submitted);
  expect(submitted.defaultPrevented).toBe(true);
  expect(reachedRoot).toEqual([]);
  expect(start).toHaveBeenCalledTimes(1);

  appStarted();
  await vi.waitFor(() => expect(reachedRoot).toEqual([false]), { timeout: 10_000 });
  // Once the app is there a submit goes its way: the island holds no more.
  form.dispatchEvent(new SubmitEvent('submit', { bubbles: true, cancelable: true }));
  expect(reachedRoot).toEqual([false, false]);
  expect(start).toHaveBeenCalledTimes(1);
});

it('holds a click on a control only the app can answer (a tab), and clicks it again once the app is there; links go on', async () => {
  document.body.innerHTML = '<div id="root"><button type="button" role="tab">Sign up</button><a href="#terms">Terms</a></div>';
  const root = document.getElementById('root')!;
  const clicked: string[] = [];
  root.addEventListener('click', (event) => clicked.push((event.target as HTMLElement).textContent ?? ''));
  let appStarted!: () => void;
  startWhenNeeded(() => new Promise<void>((resolve) => (appStarted = resolve)));

  const tab = root.querySelector('button')!;
  const held = new MouseEvent('click', { bubbles: true, cancelable: true });
  tab.dispatchEvent(held);
  expect(held.defaultPrevented).toBe(true);
  root.querySelector('a')!.click();
  expect(clicked).toEqual(['Terms']);

  appStarted();
  await vi.waitFor(() => expect(clicked).toEqual(['Terms', 'Sign up']), { timeout: 10_000 });
  tab.click();
  expect(clicked).toEqual(['Terms', 'Sign up', 'Sign up']);
});
