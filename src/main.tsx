import { applyColorMode, initialColorMode } from './components/ui/color-mode.ts';
import { startWhenNeeded } from './prerender/island.ts';

// Before anything renders, so the first paint is already in the chosen colour mode.
applyColorMode(initialColorMode());

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The app (React, Chakra, the session and every screen) is a chunk of its own: a prerendered page (src/prerender) paints
// and works as HTML first and starts it when needed; any other page starts it at once.
const start = () => import('./app/start-app.tsx').then(({ startApp }) => startApp(root));
if (root.firstChild) startWhenNeeded(start);
else void start();
