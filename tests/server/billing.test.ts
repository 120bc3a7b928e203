import { sql } from 'drizzle-orm';
import { assert } from 'superstruct';
import { createActor, fromPromise, toPromise } from 'xstate';
import { checkoutMachine, type CheckoutFailure } from '../../machines/checkout.machine.ts';
import { invoiceListSeconds, verificationWindow, verifySpacingSeconds } from '../../server/billing/service.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  billingMessages,
  BillingPortalSession,
  CheckoutSession,
  checkoutSessionPlaceholder,
  InvoiceList,
  ProjectLimit,
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
// Every test signs up its own users from the one loopback address; the apps share the database, so the same limits.
const limits = { signupPerAddress: { limit: 1000, seconds: 3600 } };

describeApi('billing on Stripe', () => {
  let stripe: StripeStandIn;
  let app: TestApp;
  let billingOff: TestApp;
  /** The app's log lines at warn and above, as JSON. */
  const warnings: Record<string, unknown>[] = [];

  beforeAll(async () => {
    stripe = await startStripeStandIn({ prices: { price_starter_monthly: { unit_amount: 1900, currency: 'usd' }, price_pro_monthly: { unit_amount: 4900, currency: 'usd' } } });
    app = await startTestApp({
      env: { ...stripe.env(plans), FREE_PROJECTS: String(freeProjects), FREE_STUDIES_PER_PROJECT: String(freeStudies) },
      deps: { seedDemoData: false, limits, logger: { level: 'warn', stream: { write: (line: string) => void warnings.push(JSON.parse(line) as Record<string, unknown>) } } },
    });
    // The same database without Stripe: billing off, as on a self-hosted instance that never configured it.
    billingOff = await startTestApp({ env: { FREE_PROJECTS: String(freeProjects) }, database: app.database, deps: { seedDemoData: false, limits } });
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
  const checkLimit = async (client: HttpClient) => {
    const answer = await client.get<ProjectLimit>('/api/project/check_limit/');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    assert(answer.body, ProjectLimit);
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

    it('stops at the project limit with a 403 naming the plan that lifts it, which check_limit says beforehand', async () => {
      expect(await checkLimit(asha.client)).toEqual({ allowed: true, used: 0, limit: freeProjects, plan: 'Free', detail: null });
      const created = [await createProject(asha.client, 'One'), await createProject(asha.client, 'Two')];
      expect(created.map((answer) => answer.status)).toEqual([201, 201]);
      farm = created[0]!.body.id;
      const full = await checkLimit(asha.client);
      const refused = await createProject(asha.client, 'Three');
      expect(refused.status).toBe(403);
      expect(refused.body.detail).toBe(billingMessages.projectLimit(freeProjects, 'Free', 'Starter'));
      expect(refused.body.detail).toBe('The Free plan allows 2 projects. Upgrade to Starter for more, or delete a project first.');
      expect(full).toEqual({ allowed: false, used: 2, limit: freeProjects, plan: 'Free', detail: refused.body.detail });
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
        portal: false,
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
      deps: { seedDemoData: false, limits: { ...limits, checkoutPerUser: { limit: 2, seconds: 3600 } } },
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

  describe('Stripe calls per user (issue 21: one user must not spend the account’s Stripe rate limit)', () => {
    const listCalls = () => stripeCalls('GET', '/v1/invoices');
    const retrieveCalls = () => stripeCalls('GET', '/v1/checkout/sessions');
    /** The most asks about one session since `started`: one, then one per spacing (how many requests does not matter). */
    const asksSince = (started: number) => 1 + Math.floor((Date.now() - started) / (verifySpacingSeconds * 1000));
    const invoiceIds = async (client: HttpClient) => {
      const answer = await client.get<InvoiceList>('/api/invoices/');
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body.results.map((invoice) => invoice.id);
    };

    it(`lists a user’s invoices from one Stripe call per ${invoiceListSeconds} s, others’ reads apart, a webhook for them dropping it`, async () => {
      const asha = await subscriber('starter');
      const ravi = await subscriber('pro');
      const before = listCalls();
      const together = await Promise.all(Array.from({ length: 25 }, () => asha.client.get<InvoiceList>('/api/invoices/')));
      const oneByOne = [];
      for (let n = 0; n < 25; n++) oneByOne.push(await asha.client.get<InvoiceList>('/api/invoices/'));
      const reads = [...together, ...oneByOne];
      expect(reads.map((read) => read.status)).toEqual(Array(50).fill(200));
      expect(new Set(reads.map((read) => JSON.stringify(read.body))).size).toBe(1);
      expect(reads[0]!.body.results.map((invoice) => invoice.id)).toEqual([asha.invoice.id]);
      expect(listCalls() - before).toBe(1);

      // Another user's list is their own, and asked of Stripe for them.
      expect(await invoiceIds(ravi.client)).toEqual([ravi.invoice.id]);
      expect(listCalls() - before).toBe(2);

      // A renewal: the list is kept until the webhook says Asha's billing changed, then asked again.
      const renewal = stripe.renew(asha.subscription.id);
      expect(await invoiceIds(asha.client)).toEqual([asha.invoice.id]);
      expect(listCalls() - before).toBe(2);
      expect((await stripe.deliver(app.baseUrl, stripe.event('invoice.paid', renewal))).status).toBe(200);
      expect(await invoiceIds(asha.client)).toEqual([renewal.id, asha.invoice.id]);
      expect(await invoiceIds(ravi.client)).toEqual([ravi.invoice.id]);
      expect(listCalls() - before).toBe(3);
    });

    it(`asks Stripe about a session at most once per ${verifySpacingSeconds} s, however often it is verified, and never answers from before a payment`, async () => {
      const user = await signedIn();
      const session = await checkout(user.client, 'starter');
      const before = retrieveCalls();
      const started = Date.now();
      const together = await Promise.all(Array.from({ length: 50 }, () => verify(user.client, session.session_id)));
      // Then a loop verifying as fast as it is answered: each answer waits for the next ask.
      const looped = [];
      while (Date.now() - started < 1.5 * verifySpacingSeconds * 1000) looped.push(await verify(user.client, session.session_id));
      for (const answer of [...together, ...looped]) expect(answer).toMatchObject({ status: 402, body: { detail: billingMessages.notPaid } });
      expect(retrieveCalls() - before).toBeLessThanOrEqual(asksSince(started));
      expect(together.length + looped.length).toBeGreaterThan(50);

      // Paid right after a refusal: the next verification asks Stripe again (after the spacing) and activates the plan.
      stripe.pay(session.session_id);
      const paid = await verify(user.client, session.session_id);
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      expect(paid.body).toEqual({ session_id: session.session_id, plan_id: 'starter', plan_name: 'Starter' });
      expect((await overview(user.client)).current.plan_id).toBe('starter');
      const calls = retrieveCalls();
      await Promise.all(Array.from({ length: 10 }, () => verify(user.client, session.session_id)));
      expect(retrieveCalls()).toBe(calls);
    }, 20_000);

    it('lets the checkout machine verify as the client does, after polling of another session and with the webhook first', async () => {
      const user = await signedIn();
      // As the app's CheckoutRequestError reads an answer (src/features/billing/api/billing.ts).
      const failure = ({ status, body }: { status: number; body: Detail }): Error & CheckoutFailure =>
        Object.assign(new Error(body.detail), { kind: [502, 503, 504].includes(status) ? ('network' as const) : ('refused' as const), detail: body.detail });
      const client = checkoutMachine.provide({
        actors: {
          createCheckoutSession: fromPromise<Session, { planId: string }>(async ({ input }) => {
            const answer = await user.client.post<Session & Detail>('/api/stripe/checkout/', { plan_id: input.planId });
            if (answer.status !== 201) throw failure(answer);
            return answer.body;
          }),
          verifyPayment: fromPromise<VerifiedPayment, { sessionId: string }>(async ({ input }) => {
            const answer = await verify(user.client, input.sessionId);
            if (answer.status !== 200) throw failure(answer);
            return answer.body;
          }),
        },
      });
      const buy = async (planId: string, beforeVerifying?: (sessionId: string) => Promise<void>) => {
        const actor = createActor(client, { input: { planId } }).start();
        await new Promise<void>((resolve) => actor.subscribe((snapshot) => snapshot.matches('paying') && resolve()));
        const sessionId = actor.getSnapshot().context.sessionId!;
        const { session: paid } = stripe.pay(sessionId);
        if (beforeVerifying) await beforeVerifying(sessionId);
        const calls = retrieveCalls();
        actor.send({ type: 'payment.completed' });
        const payment = await toPromise(actor);
        return { payment, failure: actor.getSnapshot().context.failure, retrieved: retrieveCalls() - calls, paid };
      };

      // Someone polls an abandoned session of this user hard; it costs an ask per spacing and refuses nothing else.
      const abandoned = await checkout(user.client, 'pro');
      const calls = retrieveCalls();
      const started = Date.now();
      await Promise.all(Array.from({ length: 50 }, () => verify(user.client, abandoned.session_id)));
      expect(retrieveCalls() - calls).toBeLessThanOrEqual(asksSince(started));

      const starter = await buy('starter');
      expect(starter.failure).toBeNull();
      expect(starter.payment).toEqual({ session_id: starter.paid.id, plan_id: 'starter', plan_name: 'Starter' });
      expect(starter.retrieved).toBe(1);

      // The webhook activates first: the client's verification answers from the database, without asking Stripe.
      const pro = await buy('pro', async (sessionId) => {
        const completed = stripe.sessions.get(sessionId)!.object;
        expect((await stripe.deliver(app.baseUrl, stripe.event('checkout.session.completed', completed))).status).toBe(200);
      });
      expect(pro.payment).toMatchObject({ plan_id: 'pro', plan_name: 'Pro' });
      expect(pro.retrieved).toBe(0);
      expect((await overview(user.client)).current.plan_id).toBe('pro');
    });

    it(`refuses a user’s verifications that would ask Stripe past ${verificationWindow.limit} per ${verificationWindow.seconds} s: 429 with Retry-After, asking nothing`, async () => {
      const user = await signedIn();
      const unpaid = await checkout(user.client, 'starter');
      const paid = await checkout(user.client, 'pro');
      stripe.pay(paid.session_id);
      // The window is full, now and in the next one (should the clock pass a window's end meanwhile).
      const size = verificationWindow.seconds * 1000;
      const starts = [0, 1].map((n) => new Date((Math.floor(Date.now() / size) + n) * size));
      for (const start of starts) {
        await queryRows(app.database, sql`insert into rate_limits (bucket, key, window_start, count) values (${verificationWindow.bucket}, ${user.id}, ${start}, ${verificationWindow.limit})`);
      }
      const calls = stripe.requests.length;
      const refused = await verify(user.client, unpaid.session_id);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(refused.body.detail).toBe(billingMessages.tooManyVerifications(verificationWindow.limit, verificationWindow.seconds));
      expect((await verify(user.client, paid.session_id)).status).toBe(429);
      expect(await verify(user.client, 'cs_test_never_made')).toMatchObject({ status: 404 });
      expect(stripe.requests.length).toBe(calls);
      // Another user is not affected, and Stripe's webhook still activates the paid session.
      const other = await signedIn();
      const theirs = await checkout(other.client, 'starter');
      expect((await verify(other.client, theirs.session_id)).status).toBe(402);
      expect((await stripe.deliver(app.baseUrl, stripe.event('checkout.session.completed', stripe.sessions.get(paid.session_id)!.object))).status).toBe(200);
      expect(await verify(user.client, paid.session_id)).toMatchObject({ status: 200, body: { plan_id: 'pro' } });
    });

    it('answers 502 while Stripe is down, keeping and recording nothing, so that the client and Stripe retry and then succeed', async () => {
      const user = await subscriber('starter');
      const session = await checkout(user.client, 'pro');
      const { session: completed } = stripe.pay(session.session_id);
      stripe.renew(user.subscription.id);
      const event = stripe.event('checkout.session.completed', completed);
      const down = { status: 502, body: { detail: billingMessages.providerFailed } };
      stripe.outage = true;
      try {
        expect(await verify(user.client, session.session_id)).toMatchObject(down);
        expect(await user.client.get('/api/invoices/')).toMatchObject(down);
        expect(await stripe.deliver(app.baseUrl, event)).toMatchObject(down);
      } finally {
        stripe.outage = false;
      }
      expect(await queryRows(app.database, sql`select id from stripe_events where id = ${event.id}`)).toEqual([]);
      expect(await stripe.deliver(app.baseUrl, event)).toEqual({ status: 200, body: { received: true } });
      expect(await verify(user.client, session.session_id)).toMatchObject({ status: 200, body: { plan_id: 'pro' } });
      expect((await user.client.get<InvoiceList>('/api/invoices/')).body.count).toBe(3);
    });
  });

  describe('webhooks signed but malformed (issue 21: Stripe retries any 5xx for days)', () => {
    const state = async (userId: string) => ({
      subscription: await queryRows(app.database, sql`select plan_id, status, current_period_end, cancel_at_period_end, stripe_subscription_id from subscriptions where user_id = ${userId}`),
      checkouts: await queryRows(app.database, sql`select id, activated_at from checkout_sessions where user_id = ${userId} order by id`),
      events: await queryRows(app.database, sql`select count(*)::int as n from stripe_events`),
    });

    it('answers each with 200 (ignored, with the reason) or 400, never 5xx, changes nothing and logs it; a valid event still applies', async () => {
      const user = await subscriber('starter');
      const open = await checkout(user.client, 'pro');
      const { session: completed } = stripe.pay(open.session_id);
      const subscription = stripe.subscriptions.get(user.subscription.id)!;
      const invoice = stripe.renew(user.subscription.id);
      const withoutLines = Object.fromEntries(Object.entries(invoice).filter(([key]) => key !== 'lines'));
      const lines = (periodEnd: unknown) => ({ ...invoice, lines: { object: 'list', data: [{ period: { start: 0, end: periodEnd } }] } });
      const items = (item: Record<string, unknown>) => ({ ...subscription, items: { object: 'list', data: [{ ...(subscription.items as { data: object[] }).data[0], ...item }] } });
      const cases = {
        'a null object': stripe.event('checkout.session.completed', null),
        'no data': stripe.event('invoice.paid', invoice, { envelope: { data: null } }),
        'a type that is a number': stripe.event('invoice.paid', invoice, { envelope: { type: 42 } }),
        'a NUL in the event id': stripe.event('customer.subscription.deleted', subscription, { id: 'evt_\u0000bad' }),
        'a NUL in the session id': stripe.event('checkout.session.completed', { ...completed, id: `${completed.id}\u0000` }),
        'a NUL in the subscription id': stripe.event('customer.subscription.deleted', { ...subscription, id: `${subscription.id}\u0000` }),
        'an id of 10,000 characters': stripe.event('customer.subscription.updated', { ...subscription, id: 'sub_'.padEnd(10_000, 'x') }),
        'an invoice without lines': stripe.event('invoice.paid', withoutLines),
        'lines that are not a list': stripe.event('invoice.paid', { ...invoice, lines: 'lots' }),
        'a period end of 1e300': stripe.event('invoice.paid', lines(1e300)),
        'a period end that is a string': stripe.event('invoice.paid', lines('tomorrow')),
        'a negative period end': stripe.event('invoice.paid', lines(-1)),
        'a subscription period end of 1e300': stripe.event('customer.subscription.updated', items({ current_period_end: 1e300 })),
        'a subscription without items': stripe.event('customer.subscription.updated', { ...subscription, items: null }),
        'wrong types in a subscription': stripe.event('customer.subscription.updated', { ...subscription, status: 42, cancel_at_period_end: 'yes' }),
        'wrong types in a session': stripe.event('checkout.session.completed', { ...completed, client_reference_id: 123, customer: { id: 7 } }),
        'a null event': stripe.sign('null'),
        'an event that is a list': stripe.sign('[]'),
        'a body that is not JSON': stripe.sign('{"id": "evt_'),
      };
      const before = await state(user.id);
      const overviewBefore = await overview(user.client);
      const calls = stripe.requests.length;
      warnings.length = 0;
      for (const [name, event] of Object.entries(cases)) {
        const answer = await stripe.deliver(app.baseUrl, event);
        expect([200, 400], `${name}: ${JSON.stringify(answer)}`).toContain(answer.status);
        if (answer.status === 200) expect(answer.body, name).toEqual({ received: true, ignored: expect.any(String) as string });
      }
      expect(await state(user.id)).toEqual(before);
      expect(await overview(user.client)).toEqual(overviewBefore);
      expect(stripe.requests.length).toBe(calls);
      // Each one is logged at warn with its event id and type, and nothing secret.
      const logged = warnings.filter((line) => line.msg === 'a signed Stripe webhook was malformed and is ignored');
      expect(logged).toHaveLength(Object.keys(cases).length);
      expect(logged.find((line) => line.eventId === 'evt_\u0000bad')).toMatchObject({ eventType: 'customer.subscription.deleted', level: 40 });
      const text = JSON.stringify(warnings);
      for (const secret of [stripe.secretKey, stripe.webhookSecret]) expect(text).not.toContain(secret);

      // A valid event still applies: Stripe's retry of the session completes the pro checkout.
      expect(await stripe.deliver(app.baseUrl, stripe.event('checkout.session.completed', completed))).toEqual({ status: 200, body: { received: true } });
      expect((await overview(user.client)).current.plan_id).toBe('pro');
    });

    it('ignores, without asking Stripe, a completed session it never recorded for that user', async () => {
      const user = await signedIn();
      const other = await signedIn();
      const session = await checkout(user.client, 'starter');
      const { session: completed } = stripe.pay(session.session_id);
      const calls = stripe.requests.length;
      const forged = stripe.event('checkout.session.completed', { ...completed, client_reference_id: other.id });
      expect(await stripe.deliver(app.baseUrl, forged)).toEqual({ status: 200, body: { received: true } });
      const unknownUser = stripe.event('checkout.session.completed', { ...completed, client_reference_id: 'not-a-user' });
      expect(await stripe.deliver(app.baseUrl, unknownUser)).toEqual({ status: 200, body: { received: true } });
      expect(stripe.requests.length).toBe(calls);
      expect((await overview(other.client)).current.plan_id).toBe('free');
      expect((await overview(user.client)).current.plan_id).toBe('free');
    });
  });

  describe('the customer portal', () => {
    const openPortal = (client: HttpClient) => client.post<BillingPortalSession & Detail>('/api/stripe/portal/');
    const portalCalls = () => stripeCalls('POST', '/v1/billing_portal/sessions');

    it('is not offered before a first checkout: portal false, and 409 without asking Stripe', async () => {
      const { client } = await signedIn();
      expect((await overview(client)).portal).toBe(false);
      const before = portalCalls();
      expect(await openPortal(client)).toMatchObject({ status: 409, body: { detail: billingMessages.noCustomer } });
      expect(portalCalls()).toBe(before);
    });

    it('opens a Billing Portal session for the user’s customer that returns to /subscription; unlimited projects on Pro', async () => {
      const { client, subscription } = await subscriber('pro');
      expect((await overview(client)).portal).toBe(true);
      const opened = await openPortal(client);
      expect(opened.status, JSON.stringify(opened.body)).toBe(200);
      assert(opened.body, BillingPortalSession);
      expect(opened.body).toEqual({ url: [...stripe.portalSessions.values()].at(-1)!.url });
      expect(opened.body.url.startsWith(`${stripe.url}/p/session/bps_`)).toBe(true);
      const request = stripe.requests.filter((call) => call.path === '/v1/billing_portal/sessions').at(-1)!;
      expect(request.params).toEqual({ customer: subscription.customer, return_url: 'http://sunplot.test/subscription' });
      expect(await checkLimit(client)).toEqual({ allowed: true, used: 0, limit: null, plan: 'Pro', detail: null });
    });

    it('keeps the plan in step with the portal: a cancellation by date (as the portal makes it), a plan change, the end', async () => {
      const { client, subscription } = await subscriber('starter');
      const { url } = (await openPortal(client)).body;
      stripe.webhookTarget = app.baseUrl;
      try {
        // The portal page as a browser gets it, then its cancel button: the stand-in delivers the webhook.
        const page = await fetch(url).then((answer) => answer.text());
        expect(page).toContain(subscription.customer as string);
        expect(page).toContain('Return to Sunplot');
        const cancel = /action="([^"]+\/cancel\/[^"]+)"/.exec(page)![1]!;
        expect((await fetch(new URL(cancel, stripe.url), { method: 'POST', redirect: 'manual' })).status).toBe(303);
      } finally {
        stripe.webhookTarget = undefined;
      }
      const cancelAt = stripe.subscriptions.get(subscription.id)!.cancel_at as number;
      expect(stripe.subscriptions.get(subscription.id)!.cancel_at_period_end).toBe(false);
      expect((await overview(client)).current).toEqual({ plan_id: 'starter', status: 'active', current_period_end: new Date(cancelAt * 1000).toISOString(), cancel_at_period_end: true });

      // Moved to Pro and cancelled on a date before the period's end: the plan ends then.
      const sooner = cancelAt - 10 * 24 * 3600;
      const changed = stripe.updateSubscription(subscription.id, { price: 'price_pro_monthly', cancel_at: sooner });
      expect((await stripe.deliver(app.baseUrl, stripe.event('customer.subscription.updated', changed))).status).toBe(200);
      expect((await overview(client)).current).toEqual({ plan_id: 'pro', status: 'active', current_period_end: new Date(sooner * 1000).toISOString(), cancel_at_period_end: true });

      // The cancellation withdrawn, then the subscription ends at once: back on Free, the portal still offered (invoices).
      const kept = stripe.updateSubscription(subscription.id, { cancel_at: null });
      expect((await stripe.deliver(app.baseUrl, stripe.event('customer.subscription.updated', kept))).status).toBe(200);
      expect((await overview(client)).current).toMatchObject({ plan_id: 'pro', cancel_at_period_end: false });
      const ended = stripe.cancelSubscription(subscription.id);
      expect((await stripe.deliver(app.baseUrl, stripe.event('customer.subscription.deleted', ended))).status).toBe(200);
      const free = await overview(client);
      expect(free.current).toEqual({ plan_id: 'free', status: 'active', current_period_end: null, cancel_at_period_end: false });
      expect(free.portal).toBe(true);
    });

    it('answers 502 while Stripe is down and 401 without a login', async () => {
      const { client } = await subscriber('pro');
      stripe.outage = true;
      try {
        expect(await openPortal(client)).toMatchObject({ status: 502, body: { detail: billingMessages.providerFailed } });
      } finally {
        stripe.outage = false;
      }
      expect((await app.client().post('/api/stripe/portal/')).status).toBe(401);
      expect((await app.client().get('/api/project/check_limit/')).status).toBe(401);
    });
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
        expect(await who.post('/api/stripe/portal/')).toMatchObject({ status: 404, body: off });
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
      expect(await checkLimit(client)).toEqual({ allowed: true, used: freeProjects + 2, limit: null, plan: 'Free', detail: null });
      const project = (await createProject(client)).body.id;
      const limit = await client.get<StudyLimit>(`/api/project/feasibility/check_limit/?project_id=${project}`);
      // FREE_STUDIES_PER_PROJECT is 5 by default on this app.
      expect(limit.body).toEqual({ allowed: true, used: 0, limit: 5, detail: null });
      expect(feasibilityMessages.limit(5)).toContain('5 feasibility studies');
    });
  });
});
