// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { genericErrorMessages } from '../../machines/form-errors.ts';
import { createAppActors } from '../../src/app/actors.ts';
import { ActorsProvider } from '../../src/lib/actors-context.tsx';
import { App } from '../../src/app/app.tsx';
import { AppProvider } from '../../src/app/provider.tsx';
import { billingMessages, type Invoice, type InvoiceList, type SubscriptionsList, type VerifiedPayment } from '../../src/contract/billing.ts';
import { CheckoutRequestError } from '../../src/features/billing/api/billing.ts';
import { ApiError, SessionExpiredError } from '../../src/lib/api-client.ts';
import { createMemoryStorage, createSessionStore } from '../../src/lib/session-storage.ts';
import { polyfillBrowser } from './render-app.tsx';

/** Stripe.js stands in here: js.stripe.com never loads in tests. Its form is one "Pay" button that completes the checkout. */
const stripe = vi.hoisted(() => ({ loads: 0, fail: false, destroyed: 0 }));
vi.mock('@stripe/stripe-js/pure', () => ({
  loadStripe: async (key: string) => {
    stripe.loads += 1;
    if (stripe.fail) throw new Error('Failed to load Stripe.js');
    expect(key).toBe('pk_test_sunplot');
    return {
      createEmbeddedCheckoutPage: async ({ fetchClientSecret, onComplete }: { fetchClientSecret: () => Promise<string>; onComplete: () => void }) => {
        const secret = await fetchClientSecret();
        return {
          mount(element: HTMLElement) {
            const pay = document.createElement('button');
            pay.textContent = `Pay (${secret})`;
            pay.addEventListener('click', onComplete);
            element.append(pay);
          },
          destroy() {
            stripe.destroyed += 1;
          },
        };
      },
    };
  },
}));

const plans: SubscriptionsList['plans'] = [
  { id: 'free', name: 'Free', price: 'Free', paid: false, limits: { projects: 1, studies_per_project: 3 } },
  { id: 'pro', name: 'Pro', price: '$49 / month', paid: true, limits: { projects: 10, studies_per_project: null } },
  { id: 'team', name: 'Team', price: '$149 / month', paid: true, limits: { projects: null, studies_per_project: null } },
];
const onFree: SubscriptionsList = {
  plans,
  current: { plan_id: 'free', status: 'active', current_period_end: null, cancel_at_period_end: false },
  usage: { projects: 1, most_studies_in_a_project: 3 },
  publishable_key: 'pk_test_sunplot',
  portal: false,
};
const onPro: SubscriptionsList = { ...onFree, current: { plan_id: 'pro', status: 'active', current_period_end: '2026-12-23T12:00:00.000Z', cancel_at_period_end: false } };

const invoice = (id: string, fields: Partial<Invoice>): Invoice => ({
  id,
  number: `SUN-${id}`,
  created: '2026-11-20T12:00:00.000Z',
  amount_due: 4900,
  amount_paid: 4900,
  currency: 'usd',
  status: 'paid',
  hosted_invoice_url: `https://invoice.stripe.test/${id}`,
  invoice_pdf: `https://invoice.stripe.test/${id}.pdf`,
  ...fields,
});

type Answer = { status: number; body: unknown } | 'offline';
const ok = (body: unknown): Answer => ({ status: 200, body });
const off: Answer = { status: 404, body: { detail: billingMessages.off } };

/**
 * The billing endpoints as the server answers them, one handler per path (GET and POST alike); everything else is
 * 404. 'offline' makes the request fail with no answer, as fetch does without a network.
 */
function fakeApi(routes: Record<string, (body: Record<string, string>) => Answer>) {
  const seen: Array<{ method: string; path: string; body: unknown }> = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, string>) : {};
    seen.push({ method: init?.method ?? 'GET', path: url.pathname, body });
    const answer = routes[url.pathname]?.(body) ?? { status: 404, body: { detail: 'Not found.' } };
    if (answer === 'offline') throw new TypeError('fetch failed');
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  };
  return { fetch, seen, requestsTo: (path: string) => seen.filter((request) => request.path === path) };
}

/** The whole SPA at `path`, signed in with a project, talking to the fake API. */
function renderSignedIn(path: string, api: ReturnType<typeof fakeApi>) {
  window.history.replaceState(null, '', path);
  const storage = createMemoryStorage();
  storage.setItem('accessToken', 'access-1');
  storage.setItem('refreshToken', 'refresh-1');
  storage.setItem('project', 'true');
  const actors = createAppActors({ store: createSessionStore(storage), http: { baseURL: 'http://api.test', fetch: api.fetch, readCookie: () => 'csrf-token', logError: () => undefined } });
  render(
    <AppProvider>
      <ActorsProvider actors={actors}>
        <App />
      </ActorsProvider>
    </AppProvider>,
  );
  return actors;
}

const paid = (sessionId: string): VerifiedPayment => ({ session_id: sessionId, plan_id: 'pro', plan_name: 'Pro' });

describe('billing screens in jsdom', () => {
  beforeAll(polyfillBrowser);
  afterEach(() => {
    cleanup();
    Object.assign(stripe, { loads: 0, fail: false, destroyed: 0 });
  });

  it('shows the plans side by side with the current one marked and the usage against its limits', async () => {
    renderSignedIn('/subscription', fakeApi({ '/api/subscriptions_list/': () => ok(onFree) }));
    await screen.findByRole('heading', { name: 'Your plan: Free' });
    const cards = screen.getAllByTestId('plan-card');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['Free', 'Pro', 'Team']);
    expect(within(cards[0]!).getByText('Current plan')).toBeTruthy();
    expect(cards[0]!.getAttribute('aria-current')).toBe('true');
    expect(within(cards[0]!).queryByRole('link', { name: /choose/i })).toBeNull();
    expect(within(cards[1]!).getByRole('link', { name: 'Choose Pro' }).getAttribute('href')).toBe('/stripe/pro');
    expect(within(cards[2]!).getByRole('link', { name: 'Choose Team' }).getAttribute('href')).toBe('/stripe/team');
    expect(within(cards[1]!).getByText('$49 / month')).toBeTruthy();
    expect(within(cards[1]!).getAllByText('Unlimited')).toHaveLength(1);
    expect(within(cards[2]!).getAllByText('Unlimited')).toHaveLength(2);
    // The free plan's price is "Free", like its name: the card says it once, and "No charge" where a price goes.
    expect(within(cards[0]!).getAllByText('Free')).toHaveLength(1);
    expect(within(cards[0]!).getByText('No charge')).toBeTruthy();

    const usage = screen.getByRole('region', { name: 'Your plan: Free' });
    expect(within(usage).getByText('Projects').nextSibling?.textContent).toBe('1 of 1');
    expect(within(usage).getByText('Most studies in a project').nextSibling?.textContent).toBe('3 of 3');
    expect(within(usage).getByText('Active')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See invoices' }).getAttribute('href')).toBe('/subscription/invoices');
  });

  it('on a paid plan shows the renewal date and unlimited usage, and offers only the other paid plan', async () => {
    renderSignedIn('/subscription', fakeApi({ '/api/subscriptions_list/': () => ok({ ...onPro, usage: { projects: 4, most_studies_in_a_project: 12 } }) }));
    const usage = await screen.findByRole('region', { name: 'Your plan: Pro' });
    expect(within(usage).getByText('Renews on Dec 23, 2026')).toBeTruthy();
    expect(within(usage).getByText('Projects').nextSibling?.textContent).toBe('4 of 10');
    expect(within(usage).getByText('Most studies in a project').nextSibling?.textContent).toBe('12 · Unlimited');
    expect(screen.getAllByRole('link', { name: /^Choose/ }).map((link) => link.textContent)).toEqual(['Choose Team']);
  });

  it('offers Stripe’s customer portal to a user with a Stripe customer, goes there, and says why when it cannot', async () => {
    renderSignedIn('/subscription', fakeApi({ '/api/subscriptions_list/': () => ok(onFree) }));
    await screen.findByRole('heading', { name: 'Your plan: Free' });
    expect(screen.queryByRole('button', { name: 'Manage subscription' })).toBeNull();
    cleanup();

    let portal: Answer = { status: 502, body: { detail: billingMessages.providerFailed } };
    const api = fakeApi({ '/api/subscriptions_list/': () => ok({ ...onPro, portal: true }), '/api/stripe/portal/': () => portal });
    renderSignedIn('/subscription', api);
    const usage = await screen.findByRole('region', { name: 'Your plan: Pro' });
    fireEvent.click(within(usage).getByRole('button', { name: 'Manage subscription' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(billingMessages.providerFailed));
    expect(within(usage).getByRole('button', { name: 'Manage subscription' }).hasAttribute('disabled')).toBe(false);

    // Stripe answers: the page leaves for the portal (jsdom does not navigate; the button stays busy meanwhile).
    portal = ok({ url: 'https://billing.stripe.test/p/session/bps_1' });
    fireEvent.click(within(usage).getByRole('button', { name: 'Manage subscription' }));
    await within(usage).findByRole('button', { name: /Opening Stripe/ });
    expect(api.requestsTo('/api/stripe/portal/').map(({ method, body }) => ({ method, body }))).toEqual([
      { method: 'POST', body: {} },
      { method: 'POST', body: {} },
    ]);
  });

  it('says billing is off, with no plans to choose, on each billing screen', async () => {
    const api = fakeApi({ '/api/subscriptions_list/': () => off, '/api/invoices/': () => off });
    renderSignedIn('/subscription', api);
    expect((await screen.findByTestId('billing-off')).textContent).toContain(billingMessages.off);
    expect(screen.queryAllByTestId('plan-card')).toHaveLength(0);
    expect(screen.queryByRole('link', { name: /choose/i })).toBeNull();
    expect(screen.queryByRole('link', { name: 'See invoices' })).toBeNull();
    cleanup();

    renderSignedIn('/subscription/invoices', api);
    expect((await screen.findByTestId('billing-off')).textContent).toContain(billingMessages.off);
    expect(screen.queryByRole('table')).toBeNull();
    cleanup();

    renderSignedIn('/response/payment-status', api);
    await screen.findByRole('heading', { name: 'Billing is not enabled' });
    expect(screen.queryByText(/payment failed/i)).toBeNull();
  });

  it('lists invoices with amounts in their currency, status badges and the documents in a new tab', async () => {
    const list: InvoiceList = {
      count: 3,
      results: [
        invoice('3', { amount_due: 4900, currency: 'usd', status: 'paid' }),
        invoice('2', { amount_due: 123456, currency: 'eur', status: 'open', created: '2026-10-20T12:00:00.000Z' }),
        invoice('1', { amount_due: 5000, currency: 'jpy', status: 'void', number: null, invoice_pdf: null, created: '2026-09-20T12:00:00.000Z' }),
      ],
    };
    renderSignedIn('/subscription/invoices', fakeApi({ '/api/invoices/': () => ok(list) }));
    const rows = await screen.findAllByTestId('invoice-row');
    const cells = rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(cells).toEqual([
      ['SUN-3', 'Nov 20, 2026', '$49.00', 'Paid', 'ViewPDF'],
      ['SUN-2', 'Oct 20, 2026', '€1,234.56', 'Open', 'ViewPDF'],
      ['—', 'Sep 20, 2026', '¥5,000', 'Void', 'View'],
    ]);
    const pdf = screen.getByRole('link', { name: 'Download invoice SUN-3 as PDF' });
    expect(pdf.getAttribute('href')).toBe('https://invoice.stripe.test/3.pdf');
    expect(pdf.getAttribute('target')).toBe('_blank');
    expect(pdf.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByRole('link', { name: 'View invoice SUN-2' }).getAttribute('href')).toBe('https://invoice.stripe.test/2');
  });

  it('says when there is no invoice yet', async () => {
    renderSignedIn('/subscription/invoices', fakeApi({ '/api/invoices/': () => ok({ count: 0, results: [] }) }));
    expect(await screen.findByText(/No invoices yet/)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('buys a plan: creates the session, mounts Stripe’s form, verifies once after payment and shows the new plan', async () => {
    const api = fakeApi({
      '/api/subscriptions_list/': () => ok(onFree),
      '/api/stripe/checkout/': () => ({ status: 201, body: { session_id: 'cs_test_1', client_secret: 'cs_test_1_secret' } }),
      '/api/stripe/verify-payment/': (body) => ok(paid(body.session_id!)),
    });
    const actors = renderSignedIn('/subscription', api);
    fireEvent.click(await screen.findByRole('link', { name: 'Choose Pro' }));
    await screen.findByRole('heading', { name: 'Subscribe to Pro' });
    expect(window.location.pathname).toBe('/stripe/pro');
    const pay = await screen.findByRole('button', { name: 'Pay (cs_test_1_secret)' });
    expect(api.requestsTo('/api/stripe/checkout/').map((request) => request.body)).toEqual([{ plan_id: 'pro' }]);
    expect(stripe.loads).toBe(1);

    fireEvent.click(pay);
    fireEvent.click(pay);
    await screen.findByRole('heading', { name: 'Payment confirmed' });
    expect(window.location.pathname).toBe('/payment-success/cs_test_1');
    expect(screen.getByText(/You are now on the/).textContent).toContain('Pro');
    expect(api.requestsTo('/api/stripe/verify-payment/').map((request) => request.body)).toEqual([{ session_id: 'cs_test_1' }]);
    expect(stripe.destroyed).toBe(1);

    // Leaving the screen ends the checkout; the plan page loads the plan afresh (third time: plans, checkout, plans).
    fireEvent.click(screen.getByRole('link', { name: 'See your plan' }));
    await screen.findByRole('heading', { name: 'Your plan: Free' });
    expect(actors.session.getSnapshot().context.checkout).toBeUndefined();
    expect(api.requestsTo('/api/subscriptions_list/')).toHaveLength(3);
  });

  it('tells the user when Stripe.js cannot load, retries it, and cancels back to the plans', async () => {
    stripe.fail = true;
    const api = fakeApi({
      '/api/subscriptions_list/': () => ok(onFree),
      '/api/stripe/checkout/': () => ({ status: 201, body: { session_id: 'cs_test_2', client_secret: 'cs_test_2_secret' } }),
    });
    const actors = renderSignedIn('/stripe/pro', api);
    expect((await screen.findByRole('alert')).textContent).toContain('The payment form could not be loaded');
    stripe.fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('button', { name: 'Pay (cs_test_2_secret)' });
    expect(stripe.loads).toBe(2);

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await screen.findByRole('heading', { name: 'Your plan: Free' });
    expect(window.location.pathname).toBe('/subscription');
    expect(actors.session.getSnapshot().context.checkout).toBeUndefined();
    expect(api.requestsTo('/api/stripe/verify-payment/')).toHaveLength(0);
  });

  it('shows the server’s refusal when a plan cannot be bought', async () => {
    renderSignedIn(
      '/stripe/free',
      fakeApi({ '/api/subscriptions_list/': () => ok(onFree), '/api/stripe/checkout/': () => ({ status: 400, body: { detail: billingMessages.freePlan } }) }),
    );
    expect((await screen.findByRole('alert')).textContent).toContain(billingMessages.freePlan);
    expect(screen.getByRole('link', { name: 'Back to plans' }).getAttribute('href')).toBe('/subscription');
    expect(stripe.loads).toBe(0);
  });

  it('verifies a payment after a page load on /payment-success', async () => {
    const api = fakeApi({ '/api/stripe/verify-payment/': (body) => ok(paid(body.session_id!)) });
    renderSignedIn('/payment-success/cs_test_reloaded', api);
    await screen.findByRole('heading', { name: 'Payment confirmed' });
    expect(api.requestsTo('/api/stripe/verify-payment/').map((request) => request.body)).toEqual([{ session_id: 'cs_test_reloaded' }]);
    expect(screen.getByRole('link', { name: 'Go to your projects' }).getAttribute('href')).toBe('/project');
  });

  it('shows why a payment was not confirmed, with a way back to the plans', async () => {
    renderSignedIn('/payment-success/cs_test_unpaid', fakeApi({ '/api/stripe/verify-payment/': () => ({ status: 402, body: { detail: billingMessages.notPaid } }) }));
    await screen.findByRole('heading', { name: 'Payment not confirmed' });
    expect(screen.getByRole('alert').textContent).toContain(billingMessages.notPaid);
    expect(screen.getByRole('link', { name: 'Back to plans' }).getAttribute('href')).toBe('/subscription');
    expect(screen.queryByRole('button', { name: /try/i })).toBeNull();
  });

  it('retries the verification after a network failure', async () => {
    let online = false;
    const api = fakeApi({ '/api/stripe/verify-payment/': (body) => (online ? ok(paid(body.session_id!)) : 'offline') });
    renderSignedIn('/payment-success/cs_test_offline', api);
    expect((await screen.findByRole('alert')).textContent).toContain(genericErrorMessages.unreachable);
    online = true;
    fireEvent.click(screen.getByRole('button', { name: 'Try now' }));
    await screen.findByRole('heading', { name: 'Payment confirmed' });
    await waitFor(() => expect(api.requestsTo('/api/stripe/verify-payment/')).toHaveLength(2));
  });

  it('the payment status screen shows the plan the server has', async () => {
    renderSignedIn('/response/payment-status', fakeApi({ '/api/subscriptions_list/': () => ok(onPro) }));
    await screen.findByRole('heading', { name: 'You are on the Pro plan' });
    expect(screen.getByRole('link', { name: 'See your plan' }).getAttribute('href')).toBe('/subscription');
  });
});

describe('checkout request failures', () => {
  const failed = (status: number, data: unknown) => new CheckoutRequestError(new ApiError('POST', '/api/stripe/verify-payment/', status, data, null));
  const read = ({ kind, detail }: CheckoutRequestError) => ({ kind, detail });

  it('are network trouble without an answer or with a gateway’s, and refusals otherwise', () => {
    expect(read(failed(0, undefined))).toEqual({ kind: 'network', detail: genericErrorMessages.unreachable });
    expect(read(failed(502, { detail: billingMessages.providerFailed }))).toEqual({ kind: 'network', detail: billingMessages.providerFailed });
    expect(read(failed(504, '<html>Gateway Timeout</html>'))).toEqual({ kind: 'network', detail: genericErrorMessages.unexpected });
    expect(read(failed(402, { detail: billingMessages.expired }))).toEqual({ kind: 'refused', detail: billingMessages.expired });
    expect(read(failed(404, { detail: billingMessages.off }))).toEqual({ kind: 'refused', detail: billingMessages.off });
    expect(read(failed(400, { errors: { plan_id: ['This is Required.'] } }))).toEqual({ kind: 'refused', detail: 'This is Required.' });
    // A login that could not be renewed is no network trouble: the app is on its way to the login screen.
    expect(read(new CheckoutRequestError(new SessionExpiredError('expired')))).toEqual({ kind: 'refused', detail: genericErrorMessages.unexpected });
  });
});
