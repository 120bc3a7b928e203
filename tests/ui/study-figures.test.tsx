// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppProvider } from '../../src/app/provider.tsx';
import type { FeasibilityStudy, StudyHeadline } from '../../src/contract/feasibility.ts';
import { StudyFigures } from '../../src/features/feasibility/study-figures.tsx';
import { polyfillBrowser } from './render-app.tsx';

const headline: StudyHeadline = {
  dc_kw: 5000,
  ac_kw: 4000,
  annual_ac_kwh: 8_100_000,
  specific_yield_kwh_per_kwp: 1620,
  capacity_factor_ac: 0.23,
  performance_ratio: 0.81,
  p50_annual_kwh: 8_100_000,
  p90_annual_kwh: 7_400_000,
  currency: 'USD',
  capex: 4_500_000,
  npv: 1_200_000,
  irr_pct: 9.4,
  lcoe_per_kwh: 0.041,
  simple_payback_years: 8.3,
  discounted_payback_years: 12.6,
  monthly_ac_kwh: Array<number>(12).fill(675_000),
};

/** StudyFigures reads the headline, the combined σ and the price the study assumed. */
const studyWith = (changes: Partial<StudyHeadline>) =>
  ({ headline: { ...headline, ...changes }, uncertainty: { combined_sigma_pct: 5.4 }, assumptions: { tariff: { price_per_kwh: 0.05, escalation_pct: 0 } } }) as unknown as FeasibilityStudy;

function paybackCard() {
  const label = within(screen.getByTestId('study-figures')).getByText('Payback');
  return label.closest('dl')!;
}

describe('study figures: payback', () => {
  beforeAll(polyfillBrowser);
  afterEach(cleanup);

  it('gives the simple payback with the discounted one under it', () => {
    render(<AppProvider><StudyFigures study={studyWith({})} /></AppProvider>);
    expect(paybackCard().textContent).toBe('Payback8.3 yrdiscounted 12.6 yr');
  });

  it('says the discounted payback falls outside the term when only the simple one is within it', () => {
    render(<AppProvider><StudyFigures study={studyWith({ discounted_payback_years: null })} /></AppProvider>);
    expect(paybackCard().textContent).toBe('Payback8.3 yrdiscounted: not within the term');
  });

  it('says once that the project does not pay back within the term, with no second line', () => {
    render(<AppProvider><StudyFigures study={studyWith({ simple_payback_years: null, discounted_payback_years: null })} /></AppProvider>);
    const card = paybackCard();
    expect(card.textContent).toBe('PaybackNot within the term');
    expect(card.querySelectorAll('dd')).toHaveLength(1); // the value, no help line
    expect(card.textContent).not.toContain('none');
  });
});
