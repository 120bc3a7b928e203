/**
 * Recomputes a study's energy and finance for the newest slider values in a Web Worker. While one what-if is being
 * computed, later changes wait and only the newest is sent next, so a fast drag never builds a queue; an answer to
 * anything but the newest request sent is dropped.
 */
import { useEffect, useRef, useState } from 'react';
import type { Tornado } from '../../../solar/sensitivity.ts';
import type { SweepPoint } from '../../../solar/size-sweep.ts';
import type { WhatIfFigures, WhatIfInputs } from '../../../solar/what-if.ts';
import type { SensitivityRequest, WhatIfAnswer, WhatIfTransport, WhatIfWeather } from './what-if-protocol.ts';

export interface WhatIfState {
  status: 'preparing' | 'ready' | 'failed';
  /** The figures of the newest answered what-if; null until the first answer. */
  result: WhatIfFigures | null;
  /** How long that recompute took in the worker, ms. */
  ms: number | null;
  /** Why the weather could not be prepared, or why the engine refused the newest values. */
  error: string | null;
  /** The sensitivity tornado around the newest answered what-if, when it was asked for; and its time, ms. */
  tornado?: Tornado;
  tornadoMs?: number;
  /** Behind the meter, when asked for: the newest what-if at other sizes. */
  sweep?: SweepPoint[];
}

export interface UseWhatIfOptions {
  /** Creates the engine's transport; a Web Worker running src/solar by default. */
  transport?: () => WhatIfTransport;
  /** Asks the engine for the sensitivity tornado with every what-if. */
  sensitivity?: SensitivityRequest;
  /** Asks for the size sweep (behind the meter) once the sliders rest. */
  sweep?: boolean;
}

export function workerTransport(): WhatIfTransport {
  const worker = new Worker(new URL('./what-if.worker.ts', import.meta.url), { type: 'module' });
  const transport: WhatIfTransport = { send: (request) => worker.postMessage(request), onAnswer: null, close: () => worker.terminate() };
  worker.onmessage = (event: MessageEvent<WhatIfAnswer>) => transport.onAnswer?.(event.data);
  worker.onerror = (event) => {
    event.preventDefault();
    transport.onAnswer?.({ type: 'failed', message: event.message || 'The what-if worker stopped.' });
  };
  return transport;
}

const initial: WhatIfState = { status: 'preparing', result: null, ms: null, error: null };

/** `weather` undefined means the study's weather is still loading. */
export function useWhatIf(weather: WhatIfWeather | undefined, inputs: WhatIfInputs, options: UseWhatIfOptions = {}): WhatIfState {
  const [state, setState] = useState<WhatIfState>(initial);
  const createTransport = useRef(options.transport ?? workerTransport).current;
  const channel = useRef<{ transport: WhatIfTransport; ready: boolean; newestId: number; inFlight: boolean; sent: WhatIfInputs | null } | null>(null);
  const sensitivity = options.sensitivity;
  const sweep = useRef(options.sweep ?? false);
  sweep.current = options.sweep ?? false;
  const latest = useRef(inputs);
  latest.current = inputs;
  const asked = useRef(sensitivity);
  asked.current = sensitivity;
  const waiting = useRef<WhatIfInputs | null>(null);
  const nextId = useRef(0);

  // Sends the waiting values when the engine is ready and free.
  const pump = useRef(() => {
    const open = channel.current;
    const values = waiting.current;
    if (!open?.ready || open.inFlight || !values) return;
    waiting.current = null;
    open.newestId = ++nextId.current;
    open.inFlight = true;
    open.sent = values;
    open.transport.send({ type: 'recompute', id: open.newestId, inputs: values, ...(asked.current ? { sensitivity: asked.current } : {}) });
  }).current;

  const weatherKey = weather ? `${weather.id}:${weather.weather_hash}` : '';
  useEffect(() => {
    if (!weather) return;
    const transport = createTransport();
    const open = { transport, ready: false, newestId: 0, inFlight: false, sent: null as WhatIfInputs | null };
    channel.current = open;
    waiting.current = latest.current;
    setState(initial);
    transport.onAnswer = (answer) => {
      if (channel.current !== open) return;
      switch (answer.type) {
        case 'prepared':
          open.ready = true;
          setState((s) => ({ ...s, status: 'ready' }));
          break;
        case 'failed':
          open.ready = false;
          setState({ status: 'failed', result: null, ms: null, error: answer.message });
          return;
        case 'result':
        case 'refused':
          if (answer.id !== open.newestId) return;
          open.inFlight = false;
          setState((s) =>
            answer.type === 'result'
              ? { status: 'ready', result: answer.result, ms: answer.ms, error: null, tornado: answer.tornado, tornadoMs: answer.tornadoMs, sweep: s.sweep }
              : { ...s, status: 'ready', error: answer.message },
          );
          // Once the sliders rest, the same what-if at other sizes (the sweep waits behind any newer values).
          if (answer.type === 'result' && sweep.current && !waiting.current && open.sent) {
            open.inFlight = true;
            open.transport.send({ type: 'sweep', id: open.newestId, inputs: open.sent });
          }
          break;
        case 'sweep':
          open.inFlight = false;
          if (answer.id === open.newestId) setState((s) => ({ ...s, sweep: answer.points }));
          break;
      }
      pump();
    };
    transport.send({ type: 'prepare', weather });
    return () => {
      transport.close();
      if (channel.current === open) channel.current = null;
    };
    // The weather's identity is its id and content hash; a new object for the same study is the same weather.
  }, [weatherKey, createTransport, pump]);

  const inputsKey = JSON.stringify([inputs, sensitivity]);
  useEffect(() => {
    waiting.current = latest.current;
    pump();
    // The inputs' content, not their identity, decides whether there is anything new to compute.
  }, [inputsKey, pump]);

  return state;
}
