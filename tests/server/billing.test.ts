import { sql } from 'drizzle-orm';
import { assert } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  billingMessages,
  CheckoutSession,
  checkoutSessionPlaceholder,
  InvoiceList,
  SubscriptionsList,
  VerifiedPayment,
  type CheckoutSession as Session,
  type SubscriptionsList as Overview,
} from '../../src/contract/billing.ts';
import { feasibilityMessages, type StudyLimit } from '../../src/contract/feasibility.ts';
import type { WeatherFile } from '../../src/contract/energy.ts';
import { signUpAndLogIn } from '../support/accounts.ts';
import { describeApi } from '../support/describe-api.ts';
import type { HttpClient } from '../support/http-client.ts';
import { startStripeStandIn, type StandInPlan, type StripeStandIn } from '../support/stripe-stand-in.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { queryRows } from '../support/test-db.ts';
import { readShared, WEATHER_FILES } from '../solar/fixtures.ts';
import { greensboro, greensboroBoundary } from '../support/sites.ts';

type Detail = { detail: string };
type Errors = { errors: Record<string, string[]> };

const plans: StandInPlan[] = [
  { id: 'starter', name: 'Starter', price_id: 'price_starter_monthly', price: '$19 / month', projects: 5, studies_per_project: 2 },
  { id: 'pro', name: 'Pro', price_id: 'price_pro_monthly', price: '$49 / month', projects: null, studies_per_project: null },
];
const freeProjects = 2;
const freeStudies = 1;

const boundary = greensboroBoundary;

describeApi('billing on Stripe', () => {
  let stripe: StripeStandIn;
  let app: TestApp;
  let billingOff: TestApp;

  beforeAll(async () => {
    stripe = await startStripeStandIn({ prices: { price_starter_monthly: { unit_amount: 1900, currency: 'usd' }, price_pro_monthly: { unit_amount: 4900, currency: 'usd' } } });
    app = await startTestApp({
      env: { ...stripe.env(plans), FREE_PROJECTS: String(freeProjects), FREE_STUDIES_PER_PROJECT: String(freeStudies) },
      deps: { seedDemoData: false },
    });
    // The same database without Stripe: billing off, as on a self-hosted instance that never configured it.
    billingOff = await startTestApp({ env: { FREE_PROJECTS: String(freeProjects) }, database: app.database, deps: { seedDemoData: false } });
  });
  afterAll(async () => {
    await billingOff?.close();
    await app?.close();
    await stripe?.close();
  });

  const signedIn = async (on: TestApp = app) => {
    const client = on.client();
    const { email } = await signUpAndLogIn(on, client);
    const [row] = await queryRows<{ id: string }>(on.database, sql`select id from users where email = ${email}`);
    return { client, email, id: row!.id };
  };
  const createProject = (client: HttpClient, name = 'Greensboro farm') => client.post<{ id: string } & Detail>('/api/project/create/', { name, location: greensboro, boundary });
  const overview = async (client: HttpClient) => {
    const answer = await client.get<Overview>('/api/subscriptions_list/');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    assert(answer.body, SubscriptionsList);
    return answer.body;
  };
  const checkout = async (client: HttpClient, planId: string) => {
    const answer = await client.post<Session>('/api/stripe/checkout/', { plan_id: planId });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    assert(answer.body, CheckoutSession);
    return answer.body;
  };
  const verify = (client: HttpClient, sessionId: string) => client.post<VerifiedPayment & Detail>('/api/stripe/verify-payment/', { session_id: sessionId });
  const stripeCalls = (method: string, prefix: string) => stripe.requests.filter((request) => request.method === method && request.path.startsWith(prefix)).length;
  const activations = async (sessionId: string) =>
    queryRows<{ activated_at: Date | null }>(app.database, sql`select activated_at from checkout_sessions where id = ${sessionId}`);

  /** A user on a paid plan, paid and verified. */
  async function subscriber(planId: string) {
    const user = await signedIn();
    const session = await checkout(user.client, planId);
    const paid = stripe.pay(session.session_id);
    expect((await verify(user.client, session.session_id)).status).toBe(200);
    return { ...user, ...paid };
  }

  describe('a Free user, from the limits to a paid plan', () => {
    let asha: Awaited<ReturnType<typeof signedIn>>;
    let farm: string;
    let session: Session;

    beforeAll(async () => {
      asha = await signedIn();
    });

    it('stops at the project limit with a 403 naming the plan that lifts it', async () => {
      const created = [await createProject(asha.client, 'One'), await createProject(asha.client, 'Two')];
      expect(created.map((answer) => answer.status)).toEqual([201, 201]);
      farm = created[0]!.body.id;
      const refused = await createProject(asha.client, 'Three');
      expect(refused.status).toBe(403);
      expect(refused.body.detail).toBe(billingMessages.projectLimit(freeProjects, 'Free', 'Starter'));
      expect(refused.body.detail).toBe('The Free plan allows 2 projects. Upgrade to Starter for more, or delete a project first.');
    });

    it('stops at the study limit with a 403 naming the plan that lifts it, in check_limit too', async () => {
      const form = new FormData();
      form.append('file', new Blob([readShared(WEATHER_FILES.tmy3)]), '723170TYA.CSV');
      const upload = await asha.client.post<WeatherFile>('/api/gis/weather/upload/', form);
      expect(upload.status).toBe(201);
      const study = { project_id: farm, weather: { source: 'upload', weather_id: upload.body.id } };
      expect((await asha.client.post('/api/project/feasibility/create/', study)).status).toBe(201);
      const refused = await asha.client.post<Detail>('/api/project/feasibility/create/', study);
      expect(refused.status).toBe(403);
      const message = billingMessages.studyLimit(freeStudies, 'Free', 'Starter');
      expect(refused.body.detail).toBe(message);
      const limit = await asha.client.get<StudyLimit>(`/api/project/feasibility/check_limit/?project_id=${farm}`);
      expect(limit.body).toEqual({ allowed: false, used: 1, limit: freeStudies, detail: message });
    });

    it('lists Free first, then the configured plans, with the current plan, usage and the publishable key', async () => {
      expect(await overview(asha.client)).toEqual({
        plans: [
          { id: 'free', name: 'Free', price: 'Free', paid: false, limits: { projects: freeProjects, studies_per_project: freeStudies } },
          { id: 'starter', name: 'Starter', price: '$19 / month', paid: true, limits: { projects: 5, studies_per_project: 2 } },
          { id: 'pro', name: 'Pro', price: '$49 / month', paid: true, limits: { projects: null, studies_per_project: null } },
        ],
        current: { plan_id: 'free', status: 'active', current_period_end: null, cancel_at_period_end: false },
        usage: { projects: 2, most_studies_in_a_project: 1 },
        publishable_key: stripe.publishableKey,
      });
    });

    it('starts an embedded Checkout Session for the plan’s price, returning to /payment-success/{id}', async () => {
      const customersBefore = stripeCalls('POST', '/v1/customers');
      session = await checkout(asha.client, 'starter');
      expect(session.session_id).toMatch(/^cs_test_/);
      const atStripe = stripe.sessions.get(session.session_id)!;
      expect(session.client_secret).toBe(atStripe.object.client_secret);
      expect(atStripe.params).toMatchObject({
        ui_mode: 'embedded_page',
        mode: 'subscription',
        line_items: [{ price: 'price_starter_monthly', quantity: '1' }],
        client_reference_id: asha.id,
        metadata: { user_id: asha.id, plan_id: 'starter' },
        redirect_on_completion: 'if_required',
        return_url: `http://sunplot.test/payment-success/${checkoutSessionPlaceholder}`,
      });
      const customer = stripe.customers.get(atStripe.params.customer as string)!;
      expect(customer).toMatchObject({ email: asha.email, metadata: { user_id: asha.id } });
      // A second checkout (the user changed their mind) reuses the customer.
      const again = await checkout(asha.client, 'pro');
      expect(stripe.sessions.get(again.session_id)!.params.customer).toBe(customer.id);
      expect(stripeCalls('POST', '/v1/customers')).toBe(customersBefore + 1);
    });

    it('answers 402 and changes nothing while the session is open', async () => {
      const answer = await verify(asha.client, session.session_id);
      expect(answer.status).toBe(402);
      expect(answer.body).toEqual({ detail: billingMessages.notPaid });
      expect((await overview(asha.client)).current.plan_id).toBe('free');
    });

    it('activates the plan once paid: higher limits, the invoice listed with its links', async () => {
      const { subscription, invoice } = stripe.pay(session.session_id);
      const answer = await verify(asha.client, session.session_id);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      assert(answer.body, VerifiedPayment);
      expect(answer.body).toEqual({ session_id: session.session_id, plan_id: 'starter', plan_name: 'Starter' });
      const periodEnd = (subscription.items as { data: { current_period_end: number }[] }).data[0]!.current_period_end;
      const after = await overview(asha.client);
      expect(after.current).toEqual({ plan_id: 'starter', status: 'active', current_period_end: new Date(periodEnd * 1000).toISOString(), cancel_at_period_end: false });
      expect((await createProject(asha.client, 'Three')).status).toBe(201);
      const limit = await asha.client.get<StudyLimit>(`/api/project/feasibility/check_limit/?project_id=${farm}`);
      expect(limit.body).toEqual({ allowed: true, used: 1, limit: 2, detail: null });

      const invoices = await asha.client.get<InvoiceList>('/api/invoices/');
      expect(invoices.status).toBe(200);
      assert(invoices.body, InvoiceList);
      expect(invoices.body).toEqual({
        count: 1,
        results: [
          {
            id: invoice.id,
            number: invoice.number,
            created: new Date((invoice.created as number) * 1000).toISOString(),
            amount_due: 1900,
            amount_paid: 1900,
            currency: 'usd',
            status: 'paid',
            hosted_invoice_url: `https://invoice.stripe.com/i/acct_standin/test_${invoice.id}`,
            invoice_pdf: `https://pay.stripe.com/invoice/acct_standin/test_${invoice.id}/pdf`,
          },
        ],
      });
    });

    it('answers a second verify the same, without asking Stripe or activating again', async () => {
      const before = { overview: await overview(asha.client), activated: await activations(session.session_id), calls: stripe.requests.length };
      const again = await verify(asha.client, session.session_id);
      expect(again.status).toBe(200);
      expect(again.body).toEqual({ session_id: session.session_id, plan_id: 'starter', plan_name: 'Starter' });
      expect(await overview(asha.client)).toEqual(before.overview);
      expect(await activations(session.session_id)).toEqual(before.activated);
      expect(stripe.requests.length).toBe(before.calls);
    });

    it('refuses a checkout for the plan the user already has (409), and Free or an unknown plan (400)', async () => {
      const same = await asha.client.post<Detail>('/api/stripe/checkout/', { plan_id: 'starter' });
      expect(same.status).toBe(409);
      expect(same.body).toEqual({ detail: billingMessages.samePlan });
      const free = await asha.client.post<Errors>('/api/stripe/checkout/', { plan_id: 'free' });
      expect(free.status).toBe(400);
      expect(free.body).toEqual({ errors: { plan_id: [billingMessages.freePlan] } });
      const unknown = await asha.client.post<Errors>('/api/stripe/checkout/', { plan_id: 'platinum' });
      expect(unknown.status).toBe(400);
      expect(unknown.body).toEqual({ errors: { plan_id: [billingMessages.unknownPlan] } });
      const none = await asha.client.post<Errors>('/api/stripe/checkout/', {});
      expect(none.status).toBe(400);
      expect(Object.keys(none.body.errors)).toEqual(['plan_id']);
    });

    it('moving up to another plan cancels the subscription it replaces', async () => {
      const old = stripe.sessions.get(session.session_id)!.object.subscription as string;
      const upgrade = await checkout(asha.client, 'pro');
      stripe.pay(upgrade.session_id);
      expect((await verify(asha.client, upgrade.session_id)).body).toMatchObject({ plan_id: 'pro', plan_name: 'Pro' });
      expect(stripe.subscriptions.get(old)!.status).toBe('canceled');
      expect((await overview(asha.client)).current.plan_id).toBe('pro');
      const limit = await asha.client.get<StudyLimit>(`/api/project/feasibility/check_limit/?project_id=${farm}`);
      expect(limit.body).toEqual({ allowed: true, used: 1, limit: null, detail: null });
      // The replaced subscription's own deletion event changes nothing: it is no longer the user's.
      expect((await stripe.deliver(app.baseUrl, stripe.event('customer.subscription.deleted', stripe.subscriptions.get(old)!))).status).toBe(200);
      expect((await overview(asha.client)).current.plan_id).toBe('pro');
      expect((await asha.client.get<InvoiceList>('/api/invoices/')).body.count).toBe(2);
    });
  });

  it('counts concurrent project creates one after another, so a Free user never passes the limit', async () => {
    const { client } = await signedIn();
    const answers = await Promise.all(Array.from({ length: 6 }, (_, index) => createProject(client, `Race ${index}`)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 403, 403, 403, 403]);
    expect((await overview(client)).usage.projects).toBe(freeProjects);
  });

  describe('webhooks', () => {
    it('activates on checkout.session.completed; verify afterwards answers the same and changes nothing', async () => {
      const ravi = await signedIn();
      const session = await checkout(ravi.client, 'pro');
      const { session: completed } = stripe.pay(session.session_id);
      const delivered = await stripe.deliver(app.baseUrl, stripe.event('checkout.session.completed', completed));
      expect(delivered).toEqual({ status: 200, body: { received: true } });
      const activated = await overview(ravi.client);
      expect(activated.current).toMatchObject({ plan_id: 'pro', status: 'active', cancel_at_period_end: false });
      const before = await activations(session.session_id);
      const verified = await verify(ravi.client, session.session_id);
      expect(verified.status).toBe(200);
      expect(verified.body).toEqual({ session_id: session.session_id, plan_id: 'pro', plan_name: 'Pro' });
      expect(await overview(ravi.client)).toEqual(activated);
      expect(await activations(session.session_id)).toEqual(before);
    });

    it('applies a redelivered event once', async () => {
      const user = await subscriber('starter');
      const pastDue = stripe.event('customer.subscription.updated', { ...stripe.updateSubscription(user.subscription.id, { status: 'past_due' }) });
      expect((await stripe.deliver(app.baseUrl, pastDue)).status).toBe(200);
      expect((await overview(user.client)).current.status).toBe('past_due');
      const paid = stripe.event('invoice.paid', user.invoice);
      expect((await stripe.deliver(app.baseUrl, paid)).status).toBe(200);
      expect((await overview(user.client)).current.status).toBe('active');
      // Stripe delivers the past_due event again (its first delivery timed out, say): it is not applied twice.
      expect((await stripe.deliver(app.baseUrl, pastDue)).status).toBe(200);
      expect((await overview(user.client)).current.status).toBe('active');
      const recorded = await queryRows<{ n: number }>(app.database, sql`select count(*)::int as n from stripe_events where id in (${pastDue.id}, ${paid.id})`);
      expect(recorded[0]!.n).toBe(2);
    });

    it('follows customer.subscription.updated (plan, period end, cancel at period end) and .deleted (back to Free)', async () => {
      const user = await subscriber('starter');
      const periodEnd = Math.floor(Date.now() / 1000) + 40 * 24 * 3600;
      const updated = stripe.updateSubscription(user.subscription.id, { price: 'price_pro_monthly', cancel_at_period_end: true, current_period_end: periodEnd });
      expect((await stripe.deliver(app.baseUrl, stripe.event('customer.subscription.updated', updated))).status).toBe(200);
      expect((await overview(user.client)).current).toEqual({
        plan_id: 'pro',
        status: 'active',
        current_period_end: new Date(periodEnd * 1000).toISOString(),
        cancel_at_period_end: true,
      });
      for (const name of ['One', 'Two', 'Three']) expect((await createProject(user.client, name)).status).toBe(201);

      const ended = stripe.cancelSubscription(user.subscription.id);
      expect((await stripe.deliver(app.baseUrl, stripe.event('customer.subscription.deleted', ended))).status).toBe(200);
      const free = await overview(user.client);
      expect(free.current).toEqual({ plan_id: 'free', status: 'active', current_period_end: null, cancel_at_period_end: false });
      expect(free.usage.projects).toBe(3);
      const refused = await createProject(user.client, 'Four');
      expect(refused.status).toBe(403);
      expect(refused.body.detail).toBe(billingMessages.projectLimit(freeProjects, 'Free', 'Starter'));
      // Invoices stay listed after the plan ends.
      expect((await user.client.get<InvoiceList>('/api/invoices/')).body.count).toBe(1);
    });

    it('answers 200 to event types it does not handle, and records them', async () => {
      const event = stripe.event('customer.created', { id: 'cus_elsewhere', object: 'customer' });
      expect(await stripe.deliver(app.baseUrl, event)).toEqual({ status: 200, body: { received: true } });
      expect(await queryRows(app.database, sql`select type from stripe_events where id = ${event.id}`)).toEqual([{ type: 'customer.created' }]);
    });

    it('refuses a missing, wrong, stale or tampered signature with 400, applying nothing', async () => {
      const user = await signedIn();
      const session = await checkout(user.client, 'starter');
      const { session: completed } = stripe.pay(session.session_id);
      const good = stripe.event('checkout.session.completed', completed);
      const refused = { status: 400, body: { detail: billingMessages.badSignature } };
      const post = (headers: Record<string, string>, body: string) =>
        fetch(`${app.baseUrl}/api/stripe/webhook/`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body }).then(async (r) => ({ status: r.status, body: (await r.json()) as unknown }));
      expect(await post({}, good.payload)).toEqual(refused);
      expect(await post({ 'stripe-signature': 'garbage' }, good.payload)).toEqual(refused);
      expect(await post({ 'stripe-signature': good.signature }, good.payload.replace('"complete"', '"open"'))).toEqual(refused);
      expect(await stripe.deliver(app.baseUrl, stripe.event('checkout.session.completed', completed, { secret: 'whsec_not_ours' }))).toEqual(refused);
      expect(await stripe.deliver(app.baseUrl, stripe.event('checkout.session.completed', completed, { timestamp: Math.floor(Date.now() / 1000) - 3600 }))).toEqual(refused);
      expect(await post({ 'stripe-signature': good.signature }, '')).toEqual(refused);
      expect((await overview(user.client)).current.plan_id).toBe('free');
      expect((await stripe.deliver(app.baseUrl, good)).status).toBe(200);
      expect((await overview(user.client)).current.plan_id).toBe('starter');
    });
  });

  describe('checkouts that are not paid', () => {
    it('answers 402 to a session completed with its payment pending, and activates nothing', async () => {
      const user = await signedIn();
      const session = await checkout(user.client, 'starter');
      const pending = stripe.completeUnpaid(session.session_id);
      const answer = await verify(user.client, session.session_id);
      expect(answer).toMatchObject({ status: 402, body: { detail: billingMessages.notPaid } });
      expect((await stripe.deliver(app.baseUrl, stripe.event('checkout.session.completed', pending))).status).toBe(200);
      expect((await overview(user.client)).current.plan_id).toBe('free');
      expect(await activations(session.session_id)).toEqual([{ activated_at: null }]);
    });

    it('answers 402 expired to an expired session', async () => {
      const user = await signedIn();
      const session = await checkout(user.client, 'pro');
      stripe.expire(session.session_id);
      expect(await verify(user.client, session.session_id)).toMatchObject({ status: 402, body: { detail: billingMessages.expired } });
      expect((await overview(user.client)).current.plan_id).toBe('free');
    });

    it('answers 404 to another user’s session and to ids it never made, without asking Stripe', async () => {
      const owner = await signedIn();
      const other = await signedIn();
      const session = await checkout(owner.client, 'starter');
      stripe.pay(session.session_id);
      const calls = stripeCalls('GET', '/v1/checkout/sessions');
      expect(await verify(other.client, session.session_id)).toMatchObject({ status: 404, body: { detail: 'Not found.' } });
      expect(await verify(other.client, 'cs_test_never_made')).toMatchObject({ status: 404 });
      expect(stripeCalls('GET', '/v1/checkout/sessions')).toBe(calls);
      expect((await overview(other.client)).current.plan_id).toBe('free');
      expect((await overview(owner.client)).current.plan_id).toBe('free');
      expect((await other.client.get<InvoiceList>('/api/invoices/')).body).toEqual({ count: 0, results: [] });
    });

    it('validates the body: a missing session id is a 400 field error', async () => {
      const user = await signedIn();
      const answer = await user.client.post<Errors>('/api/stripe/verify-payment/', {});
      expect(answer.status).toBe(400);
      expect(Object.keys(answer.body.errors)).toEqual(['session_id']);
    });
  });

  it('limits checkouts per user (each one calls Stripe): 429 with Retry-After past the window, nothing asked of Stripe', async () => {
    const limited = await startTestApp({
      env: { ...stripe.env(plans), FREE_PROJECTS: String(freeProjects) },
      database: app.database,
      deps: { seedDemoData: false, limits: { checkoutPerUser: { limit: 2, seconds: 3600 } } },
    });
    try {
      const user = await signedIn(limited);
      await checkout(user.client, 'starter');
      await checkout(user.client, 'pro');
      const before = stripeCalls('POST', '/v1/checkout/sessions');
      const refused = await user.client.post<Detail>('/api/stripe/checkout/', { plan_id: 'pro' });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(refused.body.detail).toMatch(/checkout/);
      expect(stripeCalls('POST', '/v1/checkout/sessions')).toBe(before);
    } finally {
      await limited.close();
    }
  });

  describe('billing off', () => {
    it('answers 404 to every billing endpoint, signed in or not', async () => {
      const { client } = await signedIn(billingOff);
      const off = { detail: billingMessages.off };
      const anonymous = billingOff.client();
      for (const who of [client, anonymous]) {
        expect(await who.get('/api/subscriptions_list/')).toMatchObject({ status: 404, body: off });
        expect(await who.post('/api/stripe/checkout/', { plan_id: 'starter' })).toMatchObject({ status: 404, body: off });
        expect(await who.post('/api/stripe/verify-payment/', { session_id: 'cs_test_x' })).toMatchObject({ status: 404, body: off });
        expect(await who.get('/api/invoices/')).toMatchObject({ status: 404, body: off });
      }
      const event = stripe.event('checkout.session.completed', { id: 'cs_test_x', object: 'checkout.session' });
      expect(await stripe.deliver(billingOff.baseUrl, event)).toEqual({ status: 404, body: off });
      expect((await client.get<{ show_subscription: boolean }>('/api/user/account/get/')).body.show_subscription).toBe(false);
    });

    it('sets no project limit, and keeps the study limit message of old', async () => {
      const { client } = await signedIn(billingOff);
      const answers = [];
      for (let n = 0; n < freeProjects + 2; n++) answers.push((await createProject(client, `Site ${n}`)).status);
      expect(answers).toEqual(Array(freeProjects + 2).fill(201));
      const project = (await createProject(client)).body.id;
      const limit = await client.get<StudyLimit>(`/api/project/feasibility/check_limit/?project_id=${project}`);
      // FREE_STUDIES_PER_PROJECT is 5 by default on this app.
      expect(limit.body).toEqual({ allowed: true, used: 0, limit: 5, detail: null });
      expect(feasibilityMessages.limit(5)).toContain('5 feasibility studies');
    });
  });
});
