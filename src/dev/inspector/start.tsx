import { createRoot } from 'react-dom/client';
import { createInspectorCollector } from './collector.ts';
import { InspectorPanel } from './inspector-panel.tsx';
import type { ElkLike } from './state-layout.ts';

/** ELK in a Web Worker, so laying out a large chart never holds up the app; the worker script loads on first use. */
function workerElk(): ElkLike {
  const elk = Promise.all([import('elkjs/lib/elk-api.js'), import('elkjs/lib/elk-worker.min.js?url')]).then(
    ([{ default: ELK }, { default: workerUrl }]) => new ELK({ workerUrl }),
  );
  return { layout: async (graph) => (await elk).layout(graph) };
}

/**
 * Opens the offline inspector beside the app (`?inspect=local`, development only: src/main.tsx imports this module
 * dynamically behind `import.meta.env.DEV`) and returns the `inspect` hook to create the app's actors with.
 */
export function startLocalInspector(options: { elk?: ElkLike; container?: HTMLElement } = {}) {
  const collector = createInspectorCollector();
  const host = document.createElement('div');
  (options.container ?? document.body).append(host);
  const root = createRoot(host);
  root.render(<InspectorPanel collector={collector} elk={options.elk ?? workerElk()} />);
  return {
    inspect: collector.inspect,
    stop: () => {
      root.unmount();
      host.remove();
    },
  };
}
