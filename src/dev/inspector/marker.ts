/**
 * Written on the inspector panel's root element. Production bundles must not contain it: tests/e2e/bundle-size.test.ts
 * looks for it in every built chunk, so the panel's code is known to stay out of what `vite build` ships.
 */
export const inspectorMarker = 'data-sunplot-local-inspector';
