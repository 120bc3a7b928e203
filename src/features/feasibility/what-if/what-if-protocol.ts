/**
 * The messages between the study page and the what-if worker, and the handler that answers them. The worker runs the
 * handler over the real engine; tests and hosts without Workers run the same handler in-process.
 */
import type { StudyWeather } from '../../../contract/feasibility.ts';
import type { WhatIfFigures, WhatIfInputs } from '../../../solar/what-if.ts';
import { prepareWhatIf, recompute } from '../../../solar/what-if.ts';

export type WhatIfRequest = { type: 'prepare'; weather: StudyWeather } | { type: 'recompute'; id: number; inputs: WhatIfInputs };

export type WhatIfAnswer =
  | { type: 'prepared'; ms: number }
  /** The weather could not be read or synthesised: no what-if can run on it. */
  | { type: 'failed'; message: string }
  /** `ms` is the time of the recompute alone, inside the worker. */
  | { type: 'result'; id: number; result: WhatIfFigures; ms: number }
  /** The engine refused these inputs; the next change may be fine. */
  | { type: 'refused'; id: number; message: string };

/** The two steps of a what-if; `prepared` is whatever the first hands the second. */
export interface WhatIfEngine<Prepared> {
  prepare: (weather: StudyWeather) => Prepared;
  recompute: (prepared: Prepared, inputs: WhatIfInputs) => WhatIfFigures;
}

export const solarEngine: WhatIfEngine<ReturnType<typeof prepareWhatIf>> = { prepare: prepareWhatIf, recompute };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Answers each request in turn; the weather prepared last serves every recompute after it. */
export function createWhatIfHandler<Prepared>(engine: WhatIfEngine<Prepared>): (request: WhatIfRequest) => WhatIfAnswer {
  let prepared: { value: Prepared } | undefined;
  return (request) => {
    const start = performance.now();
    if (request.type === 'prepare') {
      prepared = undefined;
      try {
        prepared = { value: engine.prepare(request.weather) };
        return { type: 'prepared', ms: performance.now() - start };
      } catch (error) {
        return { type: 'failed', message: messageOf(error) };
      }
    }
    if (!prepared) return { type: 'refused', id: request.id, message: 'The weather year is not prepared.' };
    try {
      const result = engine.recompute(prepared.value, request.inputs);
      return { type: 'result', id: request.id, result, ms: performance.now() - start };
    } catch (error) {
      return { type: 'refused', id: request.id, message: messageOf(error) };
    }
  };
}

/** How the hook talks to an engine: a Worker in the browser, the handler itself elsewhere. */
export interface WhatIfTransport {
  send: (request: WhatIfRequest) => void;
  /** Set by the hook; every answer, and a crash of the worker as a 'failed' answer, arrives here. */
  onAnswer: ((answer: WhatIfAnswer) => void) | null;
  close: () => void;
}

/** The handler in this thread, answering after the current task as a worker would. */
export function inProcessTransport(handle: (request: WhatIfRequest) => WhatIfAnswer): WhatIfTransport {
  let open = true;
  const transport: WhatIfTransport = {
    send: (request) => {
      setTimeout(() => {
        if (open) transport.onAnswer?.(handle(request));
      }, 0);
    },
    onAnswer: null,
    close: () => {
      open = false;
    },
  };
  return transport;
}
