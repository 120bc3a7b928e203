/**
 * The messages between the study page and the what-if worker, and the handler that answers them. The worker runs the
 * handler over the real engine; tests and hosts without Workers run the same handler in-process.
 */
import type { StudyLoad } from '../../../contract/behind-the-meter.ts';
import type { StudyWeather } from '../../../contract/feasibility.ts';
import type { Tornado } from '../../../solar/sensitivity.ts';
import type { WhatIfFigures, WhatIfInputs } from '../../../solar/what-if.ts';
import { prepareWhatIf, recompute, sweepOf, tornadoOf } from '../../../solar/what-if.ts';
import type { SweepPoint } from '../../../solar/size-sweep.ts';

/** Asks for the sensitivity tornado with the figures; P90 energy is P50 times `p90Ratio` (null: no P90 estimate). */
export interface SensitivityRequest {
  p90Ratio: number | null;
}

/** A study's weather, with (behind the meter) the load its bills are computed on. */
export type WhatIfWeather = StudyWeather & { load?: StudyLoad };

export type WhatIfRequest =
  | { type: 'prepare'; weather: WhatIfWeather }
  | { type: 'recompute'; id: number; inputs: WhatIfInputs; sensitivity?: SensitivityRequest }
  /** Behind the meter: the same what-if at other sizes (asked once the sliders rest). */
  | { type: 'sweep'; id: number; inputs: WhatIfInputs };

export type WhatIfAnswer =
  | { type: 'prepared'; ms: number }
  /** The weather could not be read or synthesised: no what-if can run on it. */
  | { type: 'failed'; message: string }
  /** `ms` is the time of the recompute alone, inside the worker; `tornadoMs` that of the tornado, when asked for. */
  | { type: 'result'; id: number; result: WhatIfFigures; ms: number; tornado?: Tornado; tornadoMs?: number }
  | { type: 'sweep'; id: number; points: SweepPoint[] }
  /** The engine refused these inputs; the next change may be fine. */
  | { type: 'refused'; id: number; message: string };

/** The two steps of a what-if; `prepared` is whatever the first hands the second. */
export interface WhatIfEngine<Prepared> {
  prepare: (weather: WhatIfWeather) => Prepared;
  recompute: (prepared: Prepared, inputs: WhatIfInputs) => WhatIfFigures;
  /** The tornado around these inputs' figures; an engine without it answers figures only. */
  tornado?: (inputs: WhatIfInputs, figures: WhatIfFigures, p90Ratio: number | null) => Tornado;
  /** The what-if at other sizes; an engine without it answers none. */
  sweep?: (prepared: Prepared, inputs: WhatIfInputs) => SweepPoint[];
}

export const solarEngine: WhatIfEngine<ReturnType<typeof prepareWhatIf>> = { prepare: prepareWhatIf, recompute, tornado: tornadoOf, sweep: sweepOf };

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
      if (request.type === 'sweep') return { type: 'sweep', id: request.id, points: engine.sweep?.(prepared.value, request.inputs) ?? [] };
      const result = engine.recompute(prepared.value, request.inputs);
      const ms = performance.now() - start;
      if (!request.sensitivity || !engine.tornado) return { type: 'result', id: request.id, result, ms };
      const tornado = engine.tornado(request.inputs, result, request.sensitivity.p90Ratio);
      return { type: 'result', id: request.id, result, ms, tornado, tornadoMs: performance.now() - start - ms };
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
