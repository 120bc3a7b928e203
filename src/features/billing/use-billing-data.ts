import { useCallback, useEffect, useState } from 'react';
import { toFormErrors } from '../../../machines/form-errors.ts';
import { useActors } from '../../lib/actors-context.tsx';
import { billingMessages } from '../../contract/billing.ts';
import { isCancelled, type ApiClient } from '../../lib/api-client.ts';
import type { CallOptions } from './api/billing.ts';

/** A billing answer as a screen shows it: loading, the data, billing switched off on this server, or why it failed. */
export type BillingData<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'off' } | { status: 'failed'; detail: string };

/** Billing off is the server's 404 with its own message (src/contract/billing.ts), not an error to retry. */
const isBillingOff = (error: unknown) => {
  const { status, detail } = toFormErrors(error);
  return status === 404 && detail === billingMessages.off;
};

/** Loads one billing answer when the screen opens; `reload` asks again. */
export function useBillingData<T>(load: (api: ApiClient, options: CallOptions) => Promise<T>) {
  const { api } = useActors();
  const [state, setState] = useState<BillingData<T>>({ status: 'loading' });
  const [version, setVersion] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    load(api, { signal: controller.signal })
      .then((data) => setState({ status: 'ready', data }))
      .catch((error: unknown) => {
        if (isCancelled(error)) return;
        setState(isBillingOff(error) ? { status: 'off' } : { status: 'failed', detail: toFormErrors(error).detail ?? 'The billing details could not be loaded.' });
      });
    return () => controller.abort();
  }, [api, load, version]);

  const reload = useCallback(() => {
    setState({ status: 'loading' });
    setVersion((v) => v + 1);
  }, []);
  return [state, reload] as const;
}
