import type { CheckoutFailure } from '../../../../machines/checkout.machine.ts';
import { genericErrorMessages, toFormErrors } from '../../../../machines/form-errors.ts';
import { endpoints } from '../../../contract/endpoints.ts';
import { maxPageSize } from '../../../contract/projects.ts';
import { ApiError, call, type ApiClient, type CallOptions } from '../../../lib/api-client.ts';

/** The plans, the user's current one, their usage and Stripe's publishable key. 404 `{detail: billingMessages.off}` with billing off. */
export const getSubscriptions = (api: ApiClient, { signal }: CallOptions = {}) => call(api, endpoints.subscriptions, { signal });

/** Newest first, from Stripe. 404 with billing off. */
export const listInvoices = (api: ApiClient, { signal }: CallOptions = {}) => call(api, endpoints.invoices, { signal });

/** A Stripe customer portal session to go to (it comes back to /subscription); 409 before the first checkout, 502 when Stripe fails. */
export const openBillingPortal = (api: ApiClient) => call(api, endpoints.billingPortal, { body: {} });

/** Statuses that come from a gateway in front of the API: the request may well work a moment later. */
const gatewayStatuses = new Set([502, 503, 504]);

/**
 * A failed checkout request as the checkout machine reads it (machines/checkout.machine.ts): no answer or a gateway's
 * is 'network' and is retried; any other answer is the server's refusal, with its message.
 */
export class CheckoutRequestError extends Error implements CheckoutFailure {
  override readonly name = 'CheckoutRequestError';
  readonly kind: CheckoutFailure['kind'];
  readonly detail: string;

  constructor(error: unknown) {
    super('The checkout request failed', { cause: error });
    const { detail, fields } = toFormErrors(error);
    // Only an HTTP failure has a status; an expired login or a bug has none, and is no network trouble.
    const status = error instanceof ApiError ? error.status : null;
    this.kind = status !== null && (status === 0 || gatewayStatuses.has(status)) ? 'network' : 'refused';
    this.detail = detail ?? Object.values(fields).flat()[0] ?? genericErrorMessages.unexpected;
  }
}

const rejectAsCheckoutFailure = (error: unknown): never => {
  throw new CheckoutRequestError(error);
};

/** 201 with the Checkout Session (embedded mode) for the plan; rejects with a CheckoutRequestError. */
export const createCheckoutSession = (api: ApiClient, planId: string, { signal }: CallOptions = {}) =>
  call(api, endpoints.checkout, { body: { plan_id: planId }, signal }).catch(rejectAsCheckoutFailure);

/** The plan the paid session moved the account to; 402 not paid or expired, 404 unknown session. Rejects with a CheckoutRequestError. */
export const verifyPayment = (api: ApiClient, sessionId: string, { signal }: CallOptions = {}) =>
  call(api, endpoints.verifyPayment, { body: { session_id: sessionId }, signal }).catch(rejectAsCheckoutFailure);

/**
 * With billing off every account has the same study limit per project and no project limit: the limit (null when there
 * is no project to ask about) and the projects at it, over the first page of the project list.
 */
export async function studyLimitWithoutBilling(api: ApiClient, { signal }: CallOptions = {}): Promise<{ limit: number | null; detail: string | null; full: string[] }> {
  const projects = await call(api, endpoints.projectList, { query: { page_size: maxPageSize }, signal });
  const answers = await Promise.all(projects.results.map(async (project) => ({ project, allowance: await call(api, endpoints.studyLimit, { query: { project_id: project.id }, signal }) })));
  const firstFull = answers.find(({ allowance }) => !allowance.allowed);
  return { limit: answers[0]?.allowance.limit ?? null, detail: firstFull?.allowance.detail ?? null, full: answers.filter(({ allowance }) => !allowance.allowed).map(({ project }) => project.name) };
}
