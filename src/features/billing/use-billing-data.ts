import { useActors } from '../../lib/actors-context.tsx';
import { billingMessages } from '../../contract/billing.ts';
import type { ApiClient } from '../../lib/api-client.ts';
import { useResource } from '../../lib/use-resource.ts';
import type { CallOptions } from '../../lib/api-client.ts';

/** A billing answer as a screen shows it: loading, the data, billing switched off on this server, or why it failed. */
export type BillingData<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'off' } | { status: 'failed'; detail: string };

/** Loads one billing answer when the screen opens (`load` is one of ./api/billing.ts); the second item retries. */
export function useBillingData<T>(load: (api: ApiClient, options: CallOptions) => Promise<T>) {
  const { api } = useActors();
  const resource = useResource('billing', (signal) => load(api, { signal }));
  const state: BillingData<T> =
    resource.status === 'ready'
      ? { status: 'ready', data: resource.data }
      : resource.status === 'loading'
        ? { status: 'loading' }
        : // Billing off is the server's 404 with its own message (src/contract/billing.ts), not an error to retry.
          resource.error.status === 404 && resource.error.detail === billingMessages.off
          ? { status: 'off' }
          : { status: 'failed', detail: resource.error.detail ?? 'The billing details could not be loaded.' };
  return [state, resource.retry] as const;
}
