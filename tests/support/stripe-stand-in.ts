/**
 * A loopback stand-in for the parts of the Stripe API that Sunplot calls, so tests never touch the internet: customers,
 * embedded Checkout Sessions, subscriptions (retrieve, cancel), invoices (list) and Billing Portal sessions, whose `url`
 * is a page of the stand-in a browser can open (see `portalPage`). It answers with Stripe's object shapes
 * (API version 2026-10-28: a subscription's period sits on its items, an invoice names its subscription under
 * `parent.subscription_details`), reads form-encoded bodies in Stripe's bracket notation, checks the secret key, and
 * answers unknown ids with Stripe's error shape and a 404.
 *
 * A test plays the customer and Stripe's side with the control functions: `pay` (the session completes paid and gets a
 * subscription and a paid invoice), `completeUnpaid`, `expire`, `updateSubscription`, `renew`, `cancelSubscription`, and
 * `outage` (every request answers 503); then `event` builds a webhook signed as Stripe signs
 * (`Stripe-Signature: t=…,v1=HMAC-SHA256(secret, "t.payload")`), malformed if asked, `sign` signs any payload, and
 * `deliver` posts it to an app.
 *
 * Use from an app started as a process: give it `standIn.env(plans)` as environment (STRIPE_API_URL points the SDK here).
 *
 * The portal page (`GET /p/session/<id>`, no key: a browser opens it) lists the customer's subscriptions and cancels one
 * at the end of its period as Stripe's portal does under flexible billing (`cancel_at` set, `cancel_at_period_end`
 * false), delivering `customer.subscription.updated` to `webhookTarget` when a test set it; "Return" goes to the
 * session's return_url.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type StripeObject = Record<string, unknown> & { id: string };

/** A paid plan as BILLING_PLANS lists it. */
export interface StandInPlan {
  id: string;
  name: string;
  price_id: string;
  price: string;
  projects: number | null;
  studies_per_project: number | null;
}

export interface StandInSession {
  /** The Checkout Session as Stripe answers it. */
  object: StripeObject;
  /** The form the app posted to create it, decoded (line_items, return_url, ui_mode, …). */
  params: Record<string, unknown>;
}

export interface SignedEvent {
  id: string;
  type: string;
  /** The JSON body, exactly as signed. */
  payload: string;
  /** The Stripe-Signature header. */
  signature: string;
}

export interface SigningOptions {
  secret?: string;
  timestamp?: number;
}

export interface StripeStandIn {
  /** The STRIPE_API_URL to give the app. */
  url: string;
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Settings that turn billing on against this stand-in (add PUBLIC_URL and the rest as usual). */
  env(plans: StandInPlan[]): Record<string, string>;
  customers: Map<string, StripeObject>;
  sessions: Map<string, StandInSession>;
  subscriptions: Map<string, StripeObject>;
  invoices: Map<string, StripeObject>;
  /** Billing Portal sessions, as Stripe answered them. */
  portalSessions: Map<string, StripeObject>;
  /** The app's base URL: the portal page delivers the webhooks of the changes made on it there. */
  webhookTarget: string | undefined;
  /** Every request the stand-in answered: method, path and decoded form or query. */
  requests: { method: string; path: string; params: Record<string, unknown> }[];
  /** The customer paid: the session completes, and a subscription and a paid invoice (with its hosted and PDF links) are made. */
  pay(sessionId: string): { session: StripeObject; subscription: StripeObject; invoice: StripeObject };
  /** The session completes with its payment still pending (as with a bank debit): status complete, payment_status unpaid. */
  completeUnpaid(sessionId: string): StripeObject;
  /** The session expires unpaid. */
  expire(sessionId: string): StripeObject;
  /** Changes a subscription as the dashboard or a billing portal would: another price, a status, cancel at period end. */
  updateSubscription(id: string, changes: { price?: string; status?: string; cancel_at_period_end?: boolean; cancel_at?: number | null; current_period_end?: number }): StripeObject;
  /** Ends a subscription now, as Stripe does when it is cancelled or its payments finally fail. */
  cancelSubscription(id: string): StripeObject;
  /** Stripe bills the next period of a subscription: a paid invoice, listed from now on. */
  renew(subscriptionId: string): StripeObject;
  /**
   * A webhook event about `object`, signed with the webhook secret (or `secret`, to test a bad signature). `object` may
   * be anything, and `envelope` replaces fields of the event itself, for events that are signed but malformed.
   */
  event(type: string, object: unknown, options?: SigningOptions & { id?: string; envelope?: Record<string, unknown> }): SignedEvent;
  /** Any payload signed as Stripe signs a webhook (its id and type are empty). */
  sign(payload: string, options?: SigningOptions): SignedEvent;
  /** While true, every API request answers 503 (Stripe is down); the SDK is told not to retry. */
  outage: boolean;
  /** Posts a signed event to the app's /api/stripe/webhook/, as Stripe delivers it. */
  deliver(appBaseUrl: string, event: SignedEvent): Promise<{ status: number; body: unknown }>;
  close(): Promise<void>;
}

const apiVersion = '2026-10-28.endive';
const day = 24 * 3600;
const now = () => Math.floor(Date.now() / 1000);
const randomId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;

/** Decodes Stripe's form encoding, `a[b][0][c]=v`, into nested objects and arrays. */
export function decodeStripeForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, '').split('[');
    if (path.some((part) => part === '__proto__' || part === 'constructor' || part === 'prototype')) continue;
    let node: Record<string, unknown> = root;
    path.forEach((part, index) => {
      if (index === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  const arrays = (value: unknown): unknown => {
    if (typeof value !== 'object' || value === null) return value;
    const entries = Object.entries(value).map(([k, v]) => [k, arrays(v)] as const);
    return entries.length > 0 && entries.every(([k], index) => k === String(index)) ? entries.map(([, v]) => v) : Object.fromEntries(entries);
  };
  return arrays(root) as Record<string, unknown>;
}

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: { type: string; code?: string; param?: string; message: string },
  ) {
    super(body.message);
  }
}

const missing = (kind: string, id: string, param = 'id') =>
  new StripeApiError(404, { type: 'invalid_request_error', code: 'resource_missing', param, message: `No such ${kind}: '${id}'` });
const parameterMissing = (param: string) => new StripeApiError(400, { type: 'invalid_request_error', code: 'parameter_missing', param, message: `Missing required param: ${param}.` });

export async function startStripeStandIn(options: { prices?: Record<string, { unit_amount: number; currency: string }> } = {}): Promise<StripeStandIn> {
  const secretKey = `sk_test_${randomBytes(16).toString('hex')}`;
  const publishableKey = `pk_test_${randomBytes(16).toString('hex')}`;
  const webhookSecret = `whsec_${randomBytes(24).toString('base64url')}`;
  const customers = new Map<string, StripeObject>();
  const sessions = new Map<string, StandInSession>();
  const subscriptions = new Map<string, StripeObject>();
  const invoices = new Map<string, StripeObject>();
  const portalSessions = new Map<string, StripeObject>();
  const requests: StripeStandIn['requests'] = [];
  let invoiceNumber = 0;

  const priceOf = (id: string) => {
    const { unit_amount, currency } = options.prices?.[id] ?? { unit_amount: 4900, currency: 'usd' };
    return { id, object: 'price', active: true, currency, unit_amount, product: `prod_${id}`, recurring: { interval: 'month', interval_count: 1 }, type: 'recurring', livemode: false };
  };
  const list = (url: string, data: StripeObject[]) => ({ object: 'list', data, has_more: false, url });

  function createCustomer(params: Record<string, unknown>) {
    const customer: StripeObject = {
      id: randomId('cus'),
      object: 'customer',
      created: now(),
      email: (params.email) ?? null,
      name: (params.name) ?? null,
      metadata: params.metadata ?? {},
      livemode: false,
    };
    customers.set(customer.id, customer);
    return customer;
  }

  function createSession(params: Record<string, unknown>) {
    const lineItems = params.line_items as { price?: string; quantity?: string }[] | undefined;
    if (!lineItems?.[0]?.price) throw parameterMissing('line_items');
    if (params.mode !== 'subscription') throw new StripeApiError(400, { type: 'invalid_request_error', param: 'mode', message: 'The stand-in only makes subscription-mode sessions.' });
    const customer = params.customer as string | undefined;
    if (customer && !customers.has(customer)) throw missing('customer', customer, 'customer');
    const created = now();
    const id = `cs_test_${randomBytes(24).toString('base64url').replace(/[-_]/g, 'x')}`;
    const price = priceOf(lineItems[0].price);
    const session: StripeObject = {
      id,
      object: 'checkout.session',
      amount_subtotal: price.unit_amount,
      amount_total: price.unit_amount,
      client_reference_id: (params.client_reference_id) ?? null,
      client_secret: `${id}_secret_${randomBytes(16).toString('base64url')}`,
      created,
      currency: price.currency,
      customer: customer ?? null,
      expires_at: created + day,
      invoice: null,
      livemode: false,
      metadata: params.metadata ?? {},
      mode: 'subscription',
      payment_status: 'unpaid',
      redirect_on_completion: params.redirect_on_completion ?? 'always',
      return_url: params.return_url ?? null,
      status: 'open',
      subscription: null,
      ui_mode: params.ui_mode ?? 'hosted_page',
      url: null,
    };
    sessions.set(id, { object: session, params });
    return session;
  }

  function createPortalSession(params: Record<string, unknown>) {
    const customer = params.customer as string | undefined;
    if (!customer) throw parameterMissing('customer');
    if (!customers.has(customer)) throw missing('customer', customer, 'customer');
    const id = randomId('bps');
    const session: StripeObject = {
      id,
      object: 'billing_portal.session',
      configuration: 'bpc_standin_default',
      created: now(),
      customer,
      customer_account: null,
      flow: null,
      livemode: false,
      locale: null,
      on_behalf_of: null,
      return_url: params.return_url ?? null,
      url: `${standIn.url}/p/session/${id}`,
    };
    portalSessions.set(id, session);
    return session;
  }

  const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

  /** The portal as a browser sees it: the customer's subscriptions, a way to cancel each, and the way back. */
  function portalPage(session: StripeObject) {
    const rows = [...subscriptions.values()]
      .filter((subscription) => subscription.customer === session.customer && subscription.status !== 'canceled')
      .map((subscription) => {
        const item = (subscription.items as { data: { price: { id: string }; current_period_end: number }[] }).data[0]!;
        const ends = new Date(((subscription.cancel_at as number | null) ?? item.current_period_end) * 1000).toISOString().slice(0, 10);
        const action = subscription.cancel_at
          ? `<p>Cancels on ${ends}</p>`
          : `<form method="post" action="/p/session/${session.id}/cancel/${subscription.id}"><button type="submit">Cancel plan ${escapeHtml(item.price.id)}</button></form>`;
        return `<li><p>${escapeHtml(item.price.id)}: ${escapeHtml(String(subscription.status))}, renews ${ends}</p>${action}</li>`;
      });
    const back = typeof session.return_url === 'string' ? `<a href="${escapeHtml(session.return_url)}">Return to Sunplot</a>` : '';
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Stand-in customer portal</title></head><body><h1>Stand-in customer portal</h1><p>Customer ${escapeHtml(String(session.customer))}</p><ul>${rows.join('')}</ul>${back}</body></html>`;
  }

  /** A browser's request to the portal page; the subscription is cancelled at its period's end and the app told. */
  async function portalRequest(method: string, path: string, response: ServerResponse) {
    const [, , , id, action, subscriptionId] = path.split('/');
    const session = portalSessions.get(id ?? '');
    if (!session) return response.writeHead(404, { 'content-type': 'text/plain' }).end('No such portal session');
    if (method === 'POST' && action === 'cancel' && subscriptionId) {
      const subscription = subscriptions.get(subscriptionId);
      if (!subscription || subscription.customer !== session.customer) return response.writeHead(404, { 'content-type': 'text/plain' }).end('No such subscription');
      const item = (subscription.items as { data: { current_period_end: number }[] }).data[0]!;
      const updated = standIn.updateSubscription(subscriptionId, { cancel_at: item.current_period_end });
      if (standIn.webhookTarget) await standIn.deliver(standIn.webhookTarget, standIn.event('customer.subscription.updated', updated));
      return response.writeHead(303, { location: `/p/session/${session.id}` }).end();
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(portalPage(session));
  }

  const found = <T>(map: Map<string, T>, kind: string, id: string) => {
    const value = map.get(id);
    if (!value) throw missing(kind, id);
    return value;
  };

  function route(method: string, path: string, params: Record<string, unknown>): unknown {
    const [, , resource, ...rest] = path.split('/');
    const id = rest.join('/');
    if (method === 'POST' && path === '/v1/customers') return createCustomer(params);
    if (method === 'POST' && path === '/v1/checkout/sessions') return createSession(params);
    if (method === 'POST' && path === '/v1/billing_portal/sessions') return createPortalSession(params);
    if (method === 'GET' && resource === 'checkout' && rest[0] === 'sessions' && rest[1]) return found(sessions, 'checkout.session', rest[1]).object;
    if (method === 'GET' && resource === 'subscriptions' && id) return found(subscriptions, 'subscription', id);
    if (method === 'DELETE' && resource === 'subscriptions' && id) return standIn.cancelSubscription(id);
    if (method === 'GET' && path === '/v1/invoices') {
      const customer = params.customer as string | undefined;
      const limit = Math.min(Number(params.limit ?? 10), 100);
      const data = [...invoices.values()].filter((invoice) => !customer || invoice.customer === customer).sort((a, b) => (b.created as number) - (a.created as number));
      return { ...list('/v1/invoices', data.slice(0, limit)), has_more: data.length > limit };
    }
    throw new StripeApiError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` });
  }

  /** A paid invoice for one period of a subscription, listed from now on. */
  function paidInvoice({ customer, price, subscriptionId, start, end, reason }: { customer: string; price: ReturnType<typeof priceOf>; subscriptionId: string; start: number; end: number; reason: string }) {
    const id = randomId('in');
    const invoice: StripeObject = {
      id,
      object: 'invoice',
      amount_due: price.unit_amount,
      amount_paid: price.unit_amount,
      amount_remaining: 0,
      billing_reason: reason,
      created: start,
      currency: price.currency,
      customer,
      hosted_invoice_url: `https://invoice.stripe.com/i/acct_standin/test_${id}`,
      invoice_pdf: `https://pay.stripe.com/invoice/acct_standin/test_${id}/pdf`,
      lines: list('/v1/invoices/lines', [
        {
          id: randomId('il'),
          object: 'line_item',
          amount: price.unit_amount,
          currency: price.currency,
          description: `1 × ${price.product}`,
          period: { start, end },
          pricing: { type: 'price_details', price_details: { price: price.id, product: price.product }, unit_amount_decimal: String(price.unit_amount) },
          quantity: 1,
        },
      ]),
      livemode: false,
      number: `SUNPLOT-${String(++invoiceNumber).padStart(4, '0')}`,
      parent: { type: 'subscription_details', quote_details: null, subscription_details: { metadata: {}, subscription: subscriptionId } },
      period_end: start,
      period_start: start,
      status: 'paid',
      status_transitions: { finalized_at: start, paid_at: start },
    };
    invoices.set(id, invoice);
    return invoice;
  }

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://stripe.stand-in');
      const params = decodeStripeForm(request.method === 'GET' || request.method === 'DELETE' ? url.search.slice(1) : Buffer.concat(chunks).toString('utf8'));
      requests.push({ method: request.method ?? '', path: url.pathname, params });
      if (url.pathname.startsWith('/p/session/')) {
        portalRequest(request.method ?? 'GET', url.pathname, response).catch((error: unknown) => response.writeHead(500).end(String(error)));
        return;
      }
      const send = (status: number, body: unknown) =>
        response.writeHead(status, { 'content-type': 'application/json', 'request-id': randomId('req'), 'stripe-version': apiVersion }).end(JSON.stringify(body));
      if (standIn.outage) {
        response.writeHead(503, { 'content-type': 'application/json', 'stripe-should-retry': 'false' });
        return response.end(JSON.stringify({ error: { type: 'api_error', message: 'The stand-in is having an outage.' } }));
      }
      if (request.headers.authorization !== `Bearer ${secretKey}`) {
        return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });
      }
      try {
        send(200, route(request.method ?? 'GET', url.pathname, params));
      } catch (error) {
        if (error instanceof StripeApiError) return send(error.status, { error: { ...error.body, doc_url: 'https://docs.stripe.com/error-codes' } });
        send(500, { error: { type: 'api_error', message: String(error) } });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const standIn: StripeStandIn = {
    url: `http://127.0.0.1:${port}`,
    secretKey,
    publishableKey,
    webhookSecret,
    customers,
    sessions,
    subscriptions,
    invoices,
    portalSessions,
    webhookTarget: undefined,
    requests,

    env: (plans) => ({
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_PUBLISHABLE_KEY: publishableKey,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_URL: `http://127.0.0.1:${port}`,
      BILLING_PLANS: JSON.stringify(plans),
    }),

    pay(sessionId) {
      const { object: session, params } = found(sessions, 'checkout.session', sessionId);
      if (session.status !== 'open') throw new Error(`session ${sessionId} is ${String(session.status)}, not open`);
      const customer = (session.customer as string | null) ?? createCustomer({}).id;
      const price = priceOf((params.line_items as { price: string }[])[0]!.price);
      const start = now();
      const end = start + 30 * day;
      const subscriptionId = randomId('sub');
      const invoice = paidInvoice({ customer, price, subscriptionId, start, end, reason: 'subscription_create' });
      const subscription: StripeObject = {
        id: subscriptionId,
        object: 'subscription',
        cancel_at: null,
        cancel_at_period_end: false,
        canceled_at: null,
        created: start,
        currency: price.currency,
        customer,
        ended_at: null,
        items: list(`/v1/subscription_items?subscription=${subscriptionId}`, [
          { id: randomId('si'), object: 'subscription_item', created: start, current_period_start: start, current_period_end: end, price, quantity: 1, subscription: subscriptionId },
        ]),
        latest_invoice: invoice.id,
        livemode: false,
        metadata: {},
        start_date: start,
        status: 'active',
      };
      subscriptions.set(subscription.id, subscription);
      Object.assign(session, { status: 'complete', payment_status: 'paid', customer, subscription: subscription.id, invoice: invoice.id });
      return { session, subscription, invoice };
    },

    completeUnpaid(sessionId) {
      const { object: session } = found(sessions, 'checkout.session', sessionId);
      return Object.assign(session, { status: 'complete', payment_status: 'unpaid' });
    },

    expire(sessionId) {
      const { object: session } = found(sessions, 'checkout.session', sessionId);
      return Object.assign(session, { status: 'expired', payment_status: 'unpaid' });
    },

    updateSubscription(id, changes) {
      const subscription = found(subscriptions, 'subscription', id);
      const item = (subscription.items as { data: Record<string, unknown>[] }).data[0]!;
      if (changes.price) item.price = priceOf(changes.price);
      if (changes.current_period_end !== undefined) item.current_period_end = changes.current_period_end;
      if (changes.status !== undefined) subscription.status = changes.status;
      if (changes.cancel_at_period_end !== undefined) {
        subscription.cancel_at_period_end = changes.cancel_at_period_end;
        subscription.cancel_at = changes.cancel_at_period_end ? item.current_period_end : null;
      }
      // As Stripe's portal cancels under flexible billing: a date, with cancel_at_period_end left false.
      if (changes.cancel_at !== undefined) Object.assign(subscription, { cancel_at: changes.cancel_at, cancel_at_period_end: false });
      return subscription;
    },

    renew(subscriptionId) {
      const subscription = found(subscriptions, 'subscription', subscriptionId);
      const item = (subscription.items as { data: { price: ReturnType<typeof priceOf>; current_period_end: number }[] }).data[0]!;
      const start = item.current_period_end;
      const end = start + 30 * day;
      item.current_period_end = end;
      const invoice = paidInvoice({ customer: subscription.customer as string, price: item.price, subscriptionId, start, end, reason: 'subscription_cycle' });
      subscription.latest_invoice = invoice.id;
      return invoice;
    },

    cancelSubscription(id) {
      const subscription = found(subscriptions, 'subscription', id);
      return Object.assign(subscription, { status: 'canceled', canceled_at: now(), ended_at: now() });
    },

    event(type, object, { id = randomId('evt'), envelope, ...signing } = {}) {
      const event = { id, object: 'event', api_version: apiVersion, created: now(), data: { object }, livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, type };
      return { ...standIn.sign(JSON.stringify({ ...event, ...envelope }, null, 2), signing), id, type };
    },

    sign(payload, { secret = webhookSecret, timestamp = now() } = {}) {
      const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
      return { id: '', type: '', payload, signature: `t=${timestamp},v1=${signature}` };
    },

    outage: false,

    async deliver(appBaseUrl, event) {
      const response = await fetch(`${appBaseUrl}/api/stripe/webhook/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': event.signature, 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' },
        body: event.payload,
      });
      const text = await response.text();
      return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
    },

    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return standIn;
}

/**
 * Stripe.js as the page gets it from js.stripe.com, replaced: Embedded Checkout's form is one "Pay" button that calls
 * onComplete, as Stripe's does once the customer has paid (the test pays at the Stripe stand-in first).
 */
export const stripeJsStandIn = `
window.Stripe = Object.assign(function (key) {
  return {
    createEmbeddedCheckoutPage: async function (options) {
      const secret = await options.fetchClientSecret();
      let form;
      return {
        mount(element) {
          form = document.createElement('div');
          form.dataset.clientSecret = secret;
          const pay = document.createElement('button');
          pay.textContent = 'Pay';
          pay.addEventListener('click', () => options.onComplete());
          form.append(pay);
          element.append(form);
        },
        destroy() { form?.remove(); },
      };
    },
  };
}, { version: 'endive' });
`;
