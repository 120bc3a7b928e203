// @vitest-environment jsdom
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { messages, priceRuleWords } from '../../src/contract/validation.ts';
import { meansAt } from '../solar/monthly-means.ts';
import { apiProcessFor, renderApp, signInThroughApi, stubWorker } from './render-app.tsx';

configure({ asyncUtilTimeout: 15_000 });

const createPath = '/api/project/feasibility/create/';

/** A field of the form by its label: its control, its messages and the help under it. */
function fieldOf(form: HTMLElement, label: string) {
  const control = within(form).getByLabelText<HTMLInputElement>(label);
  const root = control.closest<HTMLElement>('[data-scope="field"][data-part="root"]')!;
  const texts = (part: string) => [...root.querySelectorAll(`[data-part="${part}"] span`)].map((span) => span.textContent);
  return { control, errors: texts('error-text'), help: texts('helper-text') };
}

/** The create requests the app sends while `act` runs, with the status each got. */
async function watchCreates(act: () => Promise<void>) {
  const statuses: number[] = [];
  const original = globalThis.fetch;
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const response = await original(input, init);
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.includes(createPath)) statuses.push(response.status);
    return response;
  });
  try {
    await act();
  } finally {
    spy.mockRestore();
  }
  return statuses;
}

describe('the new-study form’s errors a person can act on (issue 43 item 5), in jsdom against the real API', () => {
  // PVGIS on a closed local port: no network in tests; the form runs on typed monthly means.
  const api = apiProcessFor({ PVGIS_BASE_URL: 'http://127.0.0.1:9/api', PVGIS_TIMEOUT_MS: '500' });

  const type = (form: HTMLElement, label: string, value: string) => fireEvent.change(within(form).getByLabelText(label), { target: { value } });
  const paste = (input: HTMLElement, text: string) => fireEvent.paste(input, { clipboardData: { getData: () => text } });
  async function choose(form: HTMLElement, label: string) {
    const radio = within(form).getByLabelText<HTMLInputElement>(label);
    fireEvent.click(radio);
    await waitFor(() => expect(radio.closest('label')!.dataset.state).toBe('checked'));
  }

  /** The new-study dialog of a fresh project in Washington DC, on monthly means, valued behind the meter, load and size typed. */
  async function behindTheMeterForm(name: string) {
    stubWorker();
    const { client, storage } = await signInThroughApi(api(), { hasProject: true });
    const project = (await client.post<{ id: string }>('/api/project/create/', { name, location: { lat: 38.846, lng: -77.0098 } })).body;
    renderApp(`/project/${project.id}/${name.toLowerCase().replaceAll(' ', '-')}`, api().baseUrl, storage);
    const newStudy = await screen.findByRole('button', { name: 'New study' });
    await waitFor(() => expect(newStudy).toHaveProperty('disabled', false));
    fireEvent.click(newStudy);
    const form = await screen.findByRole('dialog', { name: 'New feasibility study' });
    await within(form).findByLabelText('Energy model');
    await choose(form, 'Twelve monthly means (lower confidence)');
    await within(form).findByText(/^No weather to prefill from yet/);
    const means = meansAt(38.846, -77.0098, 0.55, 25);
    paste(within(form).getByLabelText('January GHI'), means.ghiKwhM2PerDay.map((v) => v.toFixed(2)).join(' '));
    paste(within(form).getByLabelText('January air temperature'), means.tempAirC.map((v) => v.toFixed(1)).join(' '));
    await choose(form, 'Bill savings (behind the meter)');
    await within(form).findByText('Load');
    await choose(form, 'A business');
    type(form, 'Yearly consumption (kWh)', '50000');
    type(form, 'DC size (kW)', '20');
    return form;
  }

  it('says a price’s rule in plain words, names a decimal comma beside the server’s message, and focuses the first of two wrong fields', async () => {
    const form = await behindTheMeterForm('Comma store');
    fireEvent.change(within(form).getByLabelText('Export rule'), { target: { value: 'net_billing' } });
    // The rule is shown before anything is wrong, above the field's own help.
    expect(fieldOf(form, 'Sell rate (USD/kWh)').help).toEqual([priceRuleWords.zeroOrMore, 'For exports in periods whose tariff gives no sell rate of its own; 0 when blank.']);
    expect(fieldOf(form, 'Rebate (USD/kW, optional)').help).toEqual([priceRuleWords.twoDecimals]);
    expect(fieldOf(form, 'Rebate (% of the installed cost, optional)').help).toEqual([]); // a share, not a price

    type(form, 'Sell rate (USD/kWh)', '0,05');
    type(form, 'Rebate (USD/kW, optional)', '12,5');
    const statuses = await watchCreates(async () => {
      fireEvent.click(within(form).getByRole('button', { name: 'Run and save study' }));
      await waitFor(() => expect(fieldOf(form, 'Sell rate (USD/kWh)').errors).toEqual([messages.required, 'Use a point for decimals: 0.05']));
    });
    expect(statuses).toEqual([400]);
    expect(fieldOf(form, 'Rebate (USD/kW, optional)').errors).toEqual([messages.priceNotEmpty, 'Use a point for decimals: 12.5']);
    // The rule stays beside the error, which does not say it; the field's other help gives way.
    expect(fieldOf(form, 'Sell rate (USD/kWh)').help).toEqual([priceRuleWords.zeroOrMore]);
    expect(fieldOf(form, 'Sell rate (USD/kWh)').control.getAttribute('aria-invalid')).toBe('true');
    // The export comes before the incentives: the cursor goes to the sell rate.
    await waitFor(() => expect(document.activeElement).toBe(fieldOf(form, 'Sell rate (USD/kWh)').control));
  }, 120_000);

  it('sends nothing while a hand-built tariff would be refused, and puts the cursor in its first wrong price', async () => {
    const form = await behindTheMeterForm('Comma office');
    await choose(form, 'Build it by hand');
    expect(fieldOf(form, 'Price (USD/kWh)').help).toEqual([priceRuleWords.zeroOrMore]);
    expect(fieldOf(form, 'Fixed charge (USD a month, optional)').help).toEqual([priceRuleWords.zeroOrMore]);
    type(form, 'Price (USD/kWh)', '0,13');
    type(form, 'Fixed charge (USD a month, optional)', '1,5');
    const statuses = await watchCreates(async () => {
      fireEvent.click(within(form).getByRole('button', { name: 'Run and save study' }));
      expect(await within(form).findByText('The tariff would be refused: its problems are shown in the Tariff section.')).toBeTruthy();
    });
    expect(statuses).toEqual([]);
    expect(fieldOf(form, 'Price (USD/kWh)').errors).toEqual(['must be a number from 0 to 100 (per kWh)', 'Use a point for decimals: 0.13']);
    expect(fieldOf(form, 'Fixed charge (USD a month, optional)').errors).toEqual(['must be a number from 0 to 10,000,000', 'Use a point for decimals: 1.5']);
    await waitFor(() => expect(document.activeElement).toBe(fieldOf(form, 'Price (USD/kWh)').control));

    // A second stopped send brings the cursor back to the first wrong price.
    within(form).getByLabelText('Fixed charge (USD a month, optional)').focus();
    fireEvent.click(within(form).getByRole('button', { name: 'Run and save study' }));
    await waitFor(() => expect(document.activeElement).toBe(fieldOf(form, 'Price (USD/kWh)').control));
  }, 120_000);
});
