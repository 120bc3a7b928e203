import { fileURLToPath } from 'node:url';
import { buildSpaIfNeeded } from '../../server/build-spa.ts';

/**
 * vitest globalSetup of the e2e layer: builds the web app once, before any test file starts the app, so two files
 * starting `npm start` side by side never run two builds into one dist/.
 */
export default async function buildOnce() {
  await buildSpaIfNeeded(fileURLToPath(new URL('../..', import.meta.url)), (message) => console.log(message));
}
