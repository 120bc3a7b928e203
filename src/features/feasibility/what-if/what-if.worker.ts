/** The what-if worker: prepares a study's weather year once, then recomputes each what-if off the main thread. */
import { createWhatIfHandler, solarEngine, type WhatIfRequest } from './what-if-protocol.ts';

const handle = createWhatIfHandler(solarEngine);

addEventListener('message', (event: MessageEvent<WhatIfRequest>) => {
  postMessage(handle(event.data));
});
