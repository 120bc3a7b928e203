// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingMessages } from '../../src/contract/billing.ts';
import { startStripeStandIn, type StripeStandIn } from '../support/stripe-stand-in.ts';
import { apiProcessFor, renderApp, signInThroughApi } from './render-app.tsx';

const plans = [{ id: 'pro', name: 'Pro', price_id: 'price_pro_monthly', price: '$49 / month', projects: null, studies_per_project: null }];
const freeProjects = 2;

/** The "New project" place at the top of the dashboard: the header's actions, the usage among them. */
const header = () => screen.getByTestId('project-usage').parentElement!;

// Billing on, against the loopback Stripe: Free allows two projects.
describe('the plan’s project limit where "New project" is, in jsdom against the real API', () => {
  let stripe: StripeStandIn;
  beforeAll(async () => {
    stripe = await startStripeStandIn();
  });
  // Stopped before the stand-in: afterAll hooks run in reverse order.
  afterAll(() => stripe?.close());
  const apiProcess = apiProcessFor(() => ({ ...stripe.env(plans), FREE_PROJECTS: String(freeProjects) }));

  const createProject = async (client: Awaited<ReturnType<typeof signInThroughApi>>['client'], name: string) =>
    expect((await client.post('/api/project/create/', { name, location: { lat: 38.846, lng: -77.0098 } })).status).toBe(201);

  it('shows the usage beside "New project" and, at the limit, turns it off with why and a link to the plans', async () => {
    const api = apiProcess();
    const { client, storage } = await signInThroughApi(api, { hasProject: true });
    await createProject(client, 'Anacostia');
    renderApp('/project', api.baseUrl, storage);
    await waitFor(() => expect(screen.getByTestId('project-usage').textContent).toBe('1 of 2 projects on Free'));
    expect(within(header()).getByRole('link', { name: 'New project' }).getAttribute('href')).toBe('/project/add');
    expect(screen.queryByRole('link', { name: 'See the plans' })).toBeNull();
    cleanup();

    await createProject(client, 'Rowan');
    renderApp('/project', api.baseUrl, storage);
    await waitFor(() => expect(screen.getByTestId('project-usage').textContent).toBe('2 of 2 projects on Free'));
    const button = within(header()).getByRole('button', { name: 'New project' });
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(within(header()).queryByRole('link', { name: 'New project' })).toBeNull();
    expect(screen.getByRole('status').textContent).toContain(billingMessages.projectLimit(freeProjects, 'Free', 'Pro'));
    expect(screen.getByRole('link', { name: 'See the plans' }).getAttribute('href')).toBe('/subscription');
  });

  it('says the same on /project/add opened directly at the limit, with the form turned off', async () => {
    const api = apiProcess();
    const { client, storage } = await signInThroughApi(api, { hasProject: true });
    await createProject(client, 'Anacostia');
    await createProject(client, 'Rowan');
    renderApp('/project/add', api.baseUrl, storage);
    await waitFor(() => expect(screen.getByTestId('project-usage').textContent).toBe('2 of 2 projects on Free'));
    expect(screen.getByRole('status').textContent).toContain(billingMessages.projectLimit(freeProjects, 'Free', 'Pro'));
    expect(screen.getByRole('link', { name: 'See the plans' }).getAttribute('href')).toBe('/subscription');
    expect(screen.getByRole('textbox', { name: /^Project name/ }).matches(':disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Create project' }).matches(':disabled')).toBe(true);
  });
});
