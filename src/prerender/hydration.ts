import { useEffect } from 'react';

type Field = HTMLInputElement | HTMLTextAreaElement;

let markCommitted: () => void = () => undefined;
const screenCommitted = new Promise<void>((resolve) => (markCommitted = resolve));

/**
 * Rendered beside the screen inside its Suspense boundary (src/app/app.tsx): its effect runs once React has committed
 * the boundary, which for a hydration is once the screen's markup is adopted, with its handlers. A hydration's first
 * commit holds only the shell: React hydrates each Suspense boundary (every screen is in one) in a later pass.
 */
export function ScreenCommitted() {
  useEffect(markCommitted, []);
  return null;
}

/** Resolves once the first screen is committed (hydrated, on a prerendered page), or after `limitMs`. */
export const whenHydrated = (limitMs = 10_000) => Promise.race([screenCommitted, new Promise((resolve) => setTimeout(resolve, limitMs))]);

/**
 * Hands React what a visitor typed into a prerendered form before the app hydrated it. Hydration keeps the typed text
 * on screen but starts each controlled field from its rendered value (''), and marks the text as already seen, so
 * React would neither know of it nor send it. Every such field is first set back to its rendered value through React's
 * own setter (all at once: the re-render each replayed field causes would otherwise write '' over the others), then
 * given its text through the element's native setter and sent an `input` event, which React's onChange takes as if it
 * were typed now (the way testing-library's fireEvent.change reaches React). It all happens in one task, unseen.
 */
export function replayTypedValues(root: HTMLElement) {
  const typed = [...root.querySelectorAll<Field>('input, textarea')]
    .filter((field) => field.type !== 'hidden' && field.value !== field.defaultValue)
    .map((field) => ({ field, text: field.value }));
  for (const { field } of typed) field.value = field.defaultValue;
  for (const { field, text } of typed) {
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set?.call(field, text);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}
