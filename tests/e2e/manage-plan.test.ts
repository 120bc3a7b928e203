import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { billingMessages, type CheckoutSession } from '../../src/contract/billing.ts';
import { describeE2e, e2eSetup } from '../support/e2e-setup.ts';
import type { HttpClient } from '../support/http-client.ts';
import type { StandInPlan } from '../support/stripe-stand-in.ts';

const plans: StandInPlan[] = [{ id: 'pro', name: 'Pro', price_id: 'price_pro_monthly', price: '$49 / month', projects: 10, studies_per_project: 10 }];

/**
 * A Free user meets the project limit where "New project" is, buys Pro, and cancels it on Stripe's customer portal:
 * the browser leaves the app for the portal (the stand-in's page, another origin) and comes back to /subscription,
 * which shows the cancellation the portal's webhook brought.
 */
describeE2e('managing a plan in Chromium, with Stripe and its customer portal stood in', () => {
  const e2e = e2eSetup({ stripe: { plans }, env: { FREE_PROJECTS: '1' } });
  let page: Page;
  let client: HttpClient;

  it('shows the Free plan’s project limit at "New project", with the way to the plans', async () => {
    const user = await e2e.withProject({ name: 'Anacostia', location: { lat: 38.846, lng: -77.0098 } });
    client = user.client;

    page = await e2e.signedInPage({ viewport: { width: 1280, height: 900 } }, { account: user.account, landing: /\/project$/ });
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
    const { subscription } = e2e.stripe.pay(checkout.session_id);
    expect((await client.post('/api/stripe/verify-payment/', { session_id: checkout.session_id })).status).toBe(200);
    await page.reload();
    await page.getByRole('heading', { name: 'Your plan: Pro' }).waitFor();
    const renews = await page.getByText(/^Renews on /).textContent();

    await page.getByRole('button', { name: 'Manage subscription' }).click();
    await page.waitForURL(`${e2e.stripe.url}/p/session/**`);
    await page.getByRole('heading', { name: 'Stand-in customer portal' }).waitFor();
    expect(await page.getByText(`Customer ${String(subscription.customer)}`).count()).toBe(1);
    await page.getByRole('button', { name: 'Cancel plan price_pro_monthly' }).click();
    await page.getByText(/^Cancels on /).waitFor();

    await page.getByRole('link', { name: 'Return to Sunplot' }).click();
    await page.waitForURL(e2e.url('/subscription'));
    const plan = page.getByRole('region', { name: 'Your plan: Pro' });
    await plan.getByText(/^Ends on /).waitFor();
    // Ends when it would have renewed: the portal cancels at the period's end.
    expect(await plan.getByText(/^Ends on /).textContent()).toBe(renews!.replace('Renews', 'Ends'));
    expect(await plan.getByRole('button', { name: 'Manage subscription' }).count()).toBe(1);
  });
});
