import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingMessages, type CheckoutSession } from '../../src/contract/billing.ts';
import { browserUnavailable, chromiumArgs, chromiumPath, startAppProcess, type AppProcess } from '../support/app-process.ts';
import { logInThroughUi } from '../support/browser.ts';
import { createConfirmedAccount } from '../support/accounts.ts';
import { HttpClient } from '../support/http-client.ts';
import { startStripeStandIn, type StandInPlan, type StripeStandIn } from '../support/stripe-stand-in.ts';

const unavailable = browserUnavailable();
if (unavailable) {
  if (process.env.REQUIRE_E2E === '1') throw new Error(`REQUIRE_E2E=1 but ${unavailable}`);
  console.warn(`skipped browser plan management: ${unavailable}`);
}

const plans: StandInPlan[] = [{ id: 'pro', name: 'Pro', price_id: 'price_pro_monthly', price: '$49 / month', projects: 10, studies_per_project: 10 }];

/**
 * A Free user meets the project limit where "New project" is, buys Pro, and cancels it on Stripe's customer portal:
 * the browser leaves the app for the portal (the stand-in's page, another origin) and comes back to /subscription,
 * which shows the cancellation the portal's webhook brought.
 */
describe.skipIf(!!unavailable)('managing a plan in Chromium, with Stripe and its customer portal stood in', () => {
  let stripe: StripeStandIn;
  let app: AppProcess;
  let browser: Browser;
  let page: Page;
  let client: HttpClient;

  beforeAll(async () => {
    stripe = await startStripeStandIn();
    [app, browser] = await Promise.all([startAppProcess({ ...stripe.env(plans), FREE_PROJECTS: '1' }), chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })]);
    stripe.webhookTarget = app.baseUrl;
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await stripe?.close();
  });

  it('shows the Free plan’s project limit at "New project", with the way to the plans', async () => {
    const account = await createConfirmedAccount(app.baseUrl, app.dataDir);
    client = new HttpClient(app.baseUrl);
    client.access = (await client.post<{ access: string }>('/api/user/login/', account)).body.access;
    expect((await client.post('/api/project/create/', { name: 'Anacostia', location: { lat: 38.846, lng: -77.0098 } })).status).toBe(201);

    await logInThroughUi(page, app.baseUrl, account);
    await page.waitForURL(/\/project$/);
    await page.getByText('1 of 1 project on Free').waitFor();
    expect(await page.getByRole('button', { name: 'New project' }).isDisabled()).toBe(true);
    expect(await page.getByRole('status').filter({ hasText: 'Free plan allows' }).textContent()).toContain(billingMessages.projectLimit(1, 'Free', 'Pro'));
    await page.getByRole('link', { name: 'See the plans' }).click();
    await page.getByRole('heading', { name: 'Your plan: Free' }).waitFor();
    // No Stripe customer yet: nothing to manage.
    expect(await page.getByRole('button', { name: 'Manage subscription' }).count()).toBe(0);
  });

  it('goes to the customer portal, cancels there, and comes back to the plan ending on its date', async () => {
    const checkout = (await client.post<CheckoutSession>('/api/stripe/checkout/', { plan_id: 'pro' })).body;
    const { subscription } = stripe.pay(checkout.session_id);
    expect((await client.post('/api/stripe/verify-payment/', { session_id: checkout.session_id })).status).toBe(200);
    await page.reload();
    await page.getByRole('heading', { name: 'Your plan: Pro' }).waitFor();
    const renews = await page.getByText(/^Renews on /).textContent();

    await page.getByRole('button', { name: 'Manage subscription' }).click();
    await page.waitForURL(`${stripe.url}/p/session/**`);
    await page.getByRole('heading', { name: 'Stand-in customer portal' }).waitFor();
    expect(await page.getByText(`Customer ${String(subscription.customer)}`).count()).toBe(1);
    await page.getByRole('button', { name: 'Cancel plan price_pro_monthly' }).click();
    await page.getByText(/^Cancels on /).waitFor();

    await page.getByRole('link', { name: 'Return to Sunplot' }).click();
    await page.waitForURL(`${app.baseUrl}/subscription`);
    const plan = page.getByRole('region', { name: 'Your plan: Pro' });
    await plan.getByText(/^Ends on /).waitFor();
    // Ends when it would have renewed: the portal cancels at the period's end.
    expect(await plan.getByText(/^Ends on /).textContent()).toBe(renews!.replace('Renews', 'Ends'));
    expect(await plan.getByRole('button', { name: 'Manage subscription' }).count()).toBe(1);
  });
});
