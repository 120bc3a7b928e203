import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FinanceResult } from '../../src/contract/energy.ts';
import type { Preset } from '../../src/contract/settings.ts';
import { messages } from '../../src/contract/validation.ts';
import { signedInPair } from '../support/accounts.ts';
import { describeApi } from '../support/describe-api.ts';
import type { HttpClient } from '../support/http-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

const financePath = '/api/gis/get_estimated_financial_data/';
type Errors = { errors: Record<string, string[]> };

describeApi("a quote's precision: the installed cost per Wdc to a hundredth of a cent", () => {
  let app: TestApp;
  let asha: HttpClient;
  beforeAll(async () => {
    app = await startTestApp({ deps: { seedDemoData: false } });
    [asha] = await signedInPair(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('takes costs.capex_per_wdc with 4 decimals in a study request; a fifth decimal, 3 decimals on the other prices, and more than 2 on the preset form answer 400', async () => {
    const estimate = (costs: Record<string, unknown>) => asha.post<FinanceResult & Errors>(financePath, { energy: { annual_ac_kwh: 8_000_000, dc_kw: 5000 }, costs });
    const quoted = await estimate({ capex_per_wdc: 1.0845, fixed_costs: 0 });
    expect(quoted.status, JSON.stringify(quoted.body).slice(0, 300)).toBe(200);
    expect(quoted.body.capex).toBeCloseTo(1.0845 * 5_000_000, 6);
    expect(quoted.body.assumptions.costs.capex_per_wdc).toBe(1.0845);

    const tooFine = await estimate({ capex_per_wdc: 1.08451 });
    expect(tooFine.status).toBe(400);
    expect(tooFine.body.errors).toEqual({ 'costs.capex_per_wdc': [messages.priceTwoDecimals] });
    expect((await estimate({ fixed_costs: 1.234 })).body.errors).toEqual({ 'costs.fixed_costs': [messages.priceTwoDecimals] });

    // The preset form keeps the seed's two decimals on every price, this one too.
    const preset = await asha.post<Preset & Errors>('/api/settings/update/v2/', { name: 'Quoted EPC', assumptions: { costs: { capex_per_wdc: 1.08 } } });
    expect(preset.status, JSON.stringify(preset.body)).toBe(201);
    const finer = await asha.post<Errors>('/api/settings/update/v2/', { name: 'Too fine', assumptions: { costs: { capex_per_wdc: '1.0845', om_per_kw_yr: 15.255 } } });
    expect(finer.status).toBe(400);
    expect(finer.body.errors).toEqual({ 'assumptions.costs.capex_per_wdc': [messages.priceTwoDecimals], 'assumptions.costs.om_per_kw_yr': [messages.priceTwoDecimals] });
    // A study on that preset takes the quote to four decimals.
    const study = await asha.post<FinanceResult & Errors>(financePath, { energy: { annual_ac_kwh: 8_000_000, dc_kw: 5000 }, costs: { capex_per_wdc: 1.0845 } });
    expect(study.body.capex).toBeCloseTo(1.0845 * 5_000_000, 6);
  });
});
