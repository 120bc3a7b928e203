// @vitest-environment jsdom
/**
 * Hourly sell rates on the new-study form: a CSV of one column read in the browser, shown in figures (never its values),
 * refused line by line, and sent as export.hourly_sell_rate_per_kwh in place of the single sell rate under the rules
 * that read them.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppProvider } from '../../src/app/provider.tsx';
import { behindTheMeterSections, defaultBehindTheMeter, readSellRates, type HourlySellRates } from '../../src/features/feasibility/new-study/behind-the-meter-choices.ts';
import { SellRateFields } from '../../src/features/feasibility/new-study/sell-rate-fields.tsx';
import { polyfillBrowser } from './render-app.tsx';

const HOURS = 8760;
/** $0.10 at noon, $0.02 otherwise: min 0.02, max 0.1, mean 0.02 + 0.08 / 24. */
const rates = Array.from({ length: HOURS }, (_, i) => (i % 24 === 12 ? 0.1 : 0.02));
const csv = `sell rate (USD/kWh)\r\n${rates.join('\r\n')}\r\n`;

describe('reading a sell-rate file', () => {
  it('takes one column of 8,760 or 35,040 rates with a header row, and gives its figures', () => {
    const read = readSellRates('nbt.csv', `\ufeff${csv}\n\n`) as HourlySellRates;
    expect(read.values).toEqual(rates);
    expect(read.summary).toMatchObject({ count: 8760, steps_per_hour: 1, min: 0.02, max: 0.1 });
    expect(read.summary.mean).toBeCloseTo(0.02 + 0.08 / 24, 12);
    expect((readSellRates('q.csv', Array.from({ length: 4 * HOURS }, () => '0.05').join('\n')) as HourlySellRates).summary).toMatchObject({ count: 35040, steps_per_hour: 4 });
  });

  it('refuses a wrong count, a second column, text and a rate out of range, by line', () => {
    expect(readSellRates('short.csv', rates.slice(1).join('\n'))).toEqual({ problems: ['8,759 sell rates found: give 8,760 hourly or 35,040 quarter-hourly sell rates, January 1st first.'] });
    const lines = rates.map(String);
    lines[2] = '2026-01-01 02:00,0.02';
    lines[4] = 'n/a';
    lines[6] = '-0.5';
    lines[7] = '250';
    expect(readSellRates('bad.csv', `rate\n${lines.join('\n')}`)).toEqual({
      problems: ['Line 4: 2 columns; give one sell rate a line', 'Line 6: "n/a" is not a number', 'Line 8: -0.5 is not a sell rate from 0 to 100 per kWh', 'Line 9: 250 is not a sell rate from 0 to 100 per kWh'],
    });
  });
});

describe('what the form sends', () => {
  const withRates = (rule: 'net_billing' | 'net_metering') => {
    const choices = defaultBehindTheMeter('USD');
    choices.load.annualKwh = '6000';
    choices.export = { ...choices.export, rule, sellRate: '0.05', hourlySellRates: readSellRates('nbt.csv', csv) as HourlySellRates };
    const sent = behindTheMeterSections(choices);
    if (!('sections' in sent)) throw new Error('the preset reads');
    return sent.sections;
  };

  it('sends the hourly rates in place of the sell rate under net billing, and nothing of them under net metering', () => {
    expect(withRates('net_billing').export).toEqual({ rule: 'net_billing', hourly_sell_rate_per_kwh: rates });
    expect(withRates('net_metering').export).not.toHaveProperty('hourly_sell_rate_per_kwh');
  });

  it("starts a US household on a residential tariff, and sends that tariff's sector", () => {
    const sections = withRates('net_billing');
    expect(defaultBehindTheMeter('USD').tariff.presetId).toBe('us-residential-pge-e-tou-c');
    expect(sections.tariff).toMatchObject({ sector: 'Residential' });
  });
});

function Harness() {
  const [value, setValue] = useState<HourlySellRates | null>(null);
  return <SellRateFields value={value} onChange={setValue} currency="USD" error={undefined} />;
}

describe('the sell-rate upload', () => {
  beforeAll(polyfillBrowser);
  afterEach(cleanup);

  it('shows the file in figures, lists a damaged file’s problems, and removes the rates', async () => {
    render(
      <AppProvider>
        <Harness />
      </AppProvider>,
    );
    fireEvent.change(screen.getByLabelText('Upload hourly sell rates'), { target: { files: [new File(['rate\n0.1\nabc\n'], 'bad.csv', { type: 'text/csv' })] } });
    expect(await screen.findByText('Line 3: "abc" is not a number')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Upload hourly sell rates'), { target: { files: [new File([csv], 'nbt.csv', { type: 'text/csv' })] } });
    expect(await screen.findByText('nbt.csv: 8,760 hourly sell rates from 0.02 to 0.1 (mean 0.0233) USD/kWh.')).toBeTruthy();
    expect(screen.queryByText(/is not a number/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Remove the hourly sell rates' }));
    await waitFor(() => expect(screen.getByLabelText('Upload hourly sell rates')).toBeTruthy());
  });
});
