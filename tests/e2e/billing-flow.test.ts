import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { billingMessages } from '../../src/contract/billing.ts';
import { pageWidth, shoot } from '../support/browser.ts';
import { describeE2e, e2eSetup } from '../support/e2e-setup.ts';
import { greensboroStudy } from '../support/greensboro.ts';
import { stripeJsStandIn, type StandInPlan } from '../support/stripe-stand-in.ts';

const plans: StandInPlan[] = [{ id: 'pro', name: 'Pro', price_id: 'price_pro_monthly', price: '$49 / month', projects: 10, studies_per_project: 10 }];


describeE2e('buying a plan in Chromium, with Stripe and Stripe.js stood in', () => {
  const e2e = e2eSetup({
    stripe: { plans, prices: { price_pro_monthly: { unit_amount: 4900, currency: 'usd' } } },
    env: { FREE_PROJECTS: '1', FREE_STUDIES_PER_PROJECT: '1' },
  });
  const withoutBilling = e2e.another();
  let page: Page;
  const stripeJsRequests: string[] = [];

  beforeAll(async () => {
    page = await e2e.newPage({ viewport: { width: 1280, height: 900 } });
    await page.context().route('https://js.stripe.com/**', (route) => {
      stripeJsRequests.push(route.request().url());
      return route.fulfill({ contentType: 'text/javascript', body: stripeJsStandIn });
    });
  });

  // With billing on, the Content-Security-Policy lets Stripe.js and Embedded Checkout load (the flow below needs it).
  it('serves a Content-Security-Policy that lets Stripe.js load on the checkout screen', async () => {
    const policy = (await fetch(e2e.url('/stripe/pro'))).headers.get('content-security-policy') ?? '';
    const sources = (directive: string) => new RegExp(`(?:^|;)\\s*${directive} ([^;]*)`).exec(policy)?.[1]?.split(' ') ?? [];
    expect(sources('script-src')).toContain('https://js.stripe.com');
    expect(sources('frame-src')).toContain('https://js.stripe.com');
    expect(sources('frame-src')).toContain('https://checkout.stripe.com');
    expect(sources('connect-src')).toContain('https://api.stripe.com');
    const policyWithoutBilling = (await fetch(withoutBilling.url('/stripe/pro'))).headers.get('content-security-policy') ?? '';
    expect(policyWithoutBilling).not.toContain('stripe.com');
  });

  it('a Free user at the study limit finds the plans from the account page', async () => {
    const { account, project } = await greensboroStudy(e2e.app); // a Free user at the one-study limit
    await e2e.logIn(page, { account, landing: /\/project$/ });
    await page.getByRole('link', { name: /Greensboro Solar/ }).first().click();
    await page.getByRole('heading', { name: project.name }).waitFor();
    await page.getByText('1 of 1 on your plan').waitFor();
    expect(await page.getByRole('button', { name: 'New study' }).isDisabled()).toBe(true);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Account' }).click();
    // The account page's link (the sidebar has one too).
    await page.getByRole('main').locator('a[href="/subscription"]').click();
    await page.getByRole('heading', { name: 'Your plan: Free' }).waitFor();
    expect(await page.getByTestId('plan-card').count()).toBe(2);
    expect(stripeJsRequests).toEqual([]);
  });

  it('chooses Pro, pays in Embedded Checkout and lands verified on /payment-success', async () => {
    await page.getByRole('link', { name: 'Choose Pro' }).click();
    await page.waitForURL('**/stripe/pro');
    const pay = page.getByRole('button', { name: 'Pay' });
    await pay.waitFor();
    // Stripe.js loads only now, from js.stripe.com, with the client secret of the session the server created.
    expect(stripeJsRequests).toHaveLength(1);
    expect(e2e.stripe.sessions.size).toBe(1);
    const [session] = [...e2e.stripe.sessions.values()];
    const sessionId = session!.object.id;
    expect(await page.locator('[data-client-secret]').getAttribute('data-client-secret')).toBe(session!.object.client_secret);
    expect(session!.params).toMatchObject({ ui_mode: 'embedded_page', redirect_on_completion: 'if_required', return_url: e2e.url('/payment-success/{CHECKOUT_SESSION_ID}') });

    e2e.stripe.pay(sessionId);
    await pay.click();
    await page.waitForURL(`**/payment-success/${sessionId}`);
    await page.getByRole('heading', { name: 'Payment confirmed' }).waitFor();
    expect(await page.getByText(/You are now on the/).textContent()).toContain('Pro');
    // Embedded Checkout is gone with the checkout screen.
    expect(await page.getByRole('button', { name: 'Pay' }).count()).toBe(0);
  });

  it('shows the higher limit on the plan page, the invoice, and the project', async () => {
    await page.getByRole('link', { name: 'See your plan' }).click();
    await page.getByRole('heading', { name: 'Your plan: Pro' }).waitFor();
    expect(await page.getByRole('region', { name: 'Your plan: Pro' }).textContent()).toContain('1 of 10');
    expect(await page.getByRole('link', { name: /^Choose/ }).count()).toBe(0);
    // The screens walk runs with billing off: the billing screens with plans and an invoice are shot here, beside it.
    await shoot(page, 'subscription-billing-1280');

    await page.getByRole('link', { name: 'See invoices' }).click();
    const row = page.getByTestId('invoice-row');
    await row.waitFor();
    await shoot(page, 'invoices-billing-1280');
    expect(await row.count()).toBe(1);
    expect(await row.textContent()).toContain('$49.00');
    expect(await row.textContent()).toContain('Paid');
    expect(await row.getByRole('link', { name: /as PDF$/ }).getAttribute('target')).toBe('_blank');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Projects' }).click();
    await page.getByRole('link', { name: /Greensboro Solar/ }).first().click();
    await page.getByText('1 of 10 on your plan').waitFor();
    expect(await page.getByRole('button', { name: 'New study' }).isDisabled()).toBe(false);
  });

  it('refuses a second checkout of the current plan, and does not confirm an unknown session', async () => {
    await page.goto(e2e.url('/stripe/pro'));
    await page.getByRole('alert').filter({ hasText: billingMessages.samePlan }).waitFor();
    expect(await page.getByRole('link', { name: 'Back to plans' }).getAttribute('href')).toBe('/subscription');

    await page.goto(e2e.url('/payment-success/cs_test_not_a_session'));
    await page.getByRole('heading', { name: 'Payment not confirmed' }).waitFor();
  });

  it('fits a 360 px screen', async () => {
    await page.setViewportSize({ width: 360, height: 740 });
    for (const path of ['/subscription', '/subscription/invoices']) {
      await page.goto(e2e.url(path));
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.getByTestId(path === '/subscription' ? 'plan-card' : 'invoice-row').first().waitFor();
      await shoot(page, `${path === '/subscription' ? 'subscription' : 'invoices'}-billing-360`);
      expect(await pageWidth(page)).toBeLessThanOrEqual(360);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('with billing off, shows no billing link and says billing is off', async () => {
    const { account } = await withoutBilling.withProject({ name: 'Kerry', location: { lat: 52.06, lng: -9.51 } });
    await withoutBilling.logIn(page, { account, landing: /\/project$/ });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Account' }).click();
    await page.getByRole('button', { name: 'Save' }).waitFor();
    expect(await page.locator('a[href^="/subscription"]').count()).toBe(0);

    await page.goto(withoutBilling.url('/subscription'));
    expect(await page.getByTestId('billing-off').textContent()).toContain(billingMessages.off);
    expect(await page.getByTestId('plan-card').count()).toBe(0);
    await page.goto(withoutBilling.url('/response/payment-status'));
    await page.getByRole('heading', { name: 'Billing is not enabled' }).waitFor();
  });
});
