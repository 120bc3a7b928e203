import { endpoints } from '../../../contract/endpoints.ts';
import { call, type ApiClient } from '../../../lib/api-client.ts';

/**
 * The plans and the user's current one (404 `{detail: billingMessages.off}` with billing off). The same read as
 * billing's `getSubscriptions`: features do not import each other, and src/lib has no shared api module yet (ADR 021).
 */
export const getCurrentPlan = (api: ApiClient, { signal }: { signal?: AbortSignal } = {}) => call(api, endpoints.subscriptions, { signal });
