/**
 * What moves a study's answer: its headline figures (equity IRR and after-tax NPV for a single owner; project IRR
 * and NPV pre-tax) recomputed with one input changed at a time, by ±10 % and ±20 % of its own value, and under a few
 * whole scenarios (P90 energy, no ITC, no debt). The energy is the study's year-1 AC energy scaled, not re-simulated:
 * every input here acts on the cash flows only, so a tornado costs some 25 cash-flow runs and no site-year.
 */
import { internalRatesOfReturn, netPresentValue, type IrrResult } from './cash-flow.ts';
import { finance, type FinanceAssumptions, type FinanceEnergy } from './finance.ts';
import { equityCashFlows, type SingleOwnerTerms } from './single-owner.ts';

export type SensitivityDriver = 'capex' | 'energy' | 'ppa_price' | 'om' | 'interest_rate' | 'tax_rate';
export type SensitivityScenario = 'p90' | 'itc_off' | 'no_debt';

/** A driver in a planner's words; pre-tax the price is the tariff. */
export function driverWords(driver: SensitivityDriver, afterTax: boolean): string {
  const words: Record<SensitivityDriver, string> = { capex: 'Capex', energy: 'Energy', ppa_price: afterTax ? 'PPA price' : 'Tariff', om: 'O&M', interest_rate: 'Interest rate', tax_rate: 'Tax rate' };
  return words[driver];
}

export const scenarioWords: Record<SensitivityScenario, string> = { p90: 'P90 energy', itc_off: 'ITC off', no_debt: 'No debt' };

/** The relative changes of every driver, in the order a tornado draws them (outermost first). */
export const SENSITIVITY_STEPS = [-0.2, -0.1, 0.1, 0.2] as const;

export interface HeadlineFigures {
  /** Equity IRR (single owner) or project IRR (pre-tax), %; null when the flows have none or several. */
  irrPct: number | null;
  /** After-tax NPV at the equity discount rate (single owner) or NPV at the discount rate (pre-tax). */
  npv: number;
}

export interface DriverSensitivity {
  driver: SensitivityDriver;
  /** One entry per SENSITIVITY_STEPS, in that order. */
  steps: { change: number; figures: HeadlineFigures }[];
  /** Largest NPV minus smallest across the steps: the bar's length, by which the tornado sorts. */
  npvSwing: number;
}

export type ScenarioSensitivity = { scenario: SensitivityScenario } & ({ applies: true; figures: HeadlineFigures } | { applies: false; reason: string });

export interface Tornado {
  base: HeadlineFigures;
  /** Drivers that apply to the study, widest NPV swing first. */
  drivers: DriverSensitivity[];
  /** Drivers that do not apply to this study, with the reason (a pre-tax study has no debt or tax). */
  notApplicable: { driver: SensitivityDriver; reason: string }[];
  scenarios: ScenarioSensitivity[];
}

export interface TornadoInputs {
  energy: FinanceEnergy;
  assumptions: FinanceAssumptions;
  /** The single owner's terms; null for the pre-tax model. */
  terms: SingleOwnerTerms | null;
  /** Year-1 AC energy at P90, kWh, when the study has an uncertainty estimate. */
  p90AnnualKwh?: number | null;
}

interface Case {
  energy: FinanceEnergy;
  assumptions: FinanceAssumptions;
  terms: SingleOwnerTerms | null;
}

export function headlineFigures({ energy, assumptions, terms }: Case): HeadlineFigures {
  if (terms === null) {
    const out = finance(energy, assumptions);
    return { irrPct: uniqueRatePct(out.irr), npv: out.npv };
  }
  // The equity flows alone, as singleOwner computes its equity IRR and after-tax NPV, without its other figures.
  const flows = equityCashFlows(energy, assumptions, terms);
  return { irrPct: uniqueRatePct(internalRatesOfReturn(flows)), npv: netPresentValue(terms.equityDiscountRatePct / 100, flows) };
}

const uniqueRatePct = (irr: IrrResult) => (irr.kind === 'unique' ? irr.rate * 100 : null);

/** The study with one driver scaled by (1 + change); null when the driver does not exist in this model. */
function scaled(base: Case, driver: SensitivityDriver, change: number): Case | null {
  const k = 1 + change;
  const { energy, assumptions, terms } = base;
  switch (driver) {
    case 'capex':
      return { ...base, assumptions: { ...assumptions, capexPerWdc: assumptions.capexPerWdc * k, fixedCapex: assumptions.fixedCapex * k } };
    case 'energy':
      return { ...base, energy: { ...energy, annualAcKwh: energy.annualAcKwh * k } };
    case 'ppa_price':
      // Behind the meter the price is the bill saved: every year's savings move together.
      if (assumptions.savingsByYear) return { ...base, assumptions: { ...assumptions, savingsByYear: assumptions.savingsByYear.map((saved) => saved * k) } };
      return { ...base, assumptions: { ...assumptions, pricePerKwh: assumptions.pricePerKwh * k } };
    case 'om':
      return {
        ...base,
        assumptions: { ...assumptions, omPerKwYear: assumptions.omPerKwYear * k },
        terms: terms && { ...terms, omFixedPerYear: terms.omFixedPerYear * k, omPerMwh: terms.omPerMwh * k },
      };
    case 'interest_rate':
      return terms && { ...base, terms: { ...terms, debtRatePct: Math.min(100, terms.debtRatePct * k) } };
    case 'tax_rate':
      return terms && { ...base, terms: { ...terms, federalTaxPct: Math.min(100, terms.federalTaxPct * k), stateTaxPct: Math.min(100, terms.stateTaxPct * k) } };
  }
}

const DRIVERS: SensitivityDriver[] = ['capex', 'energy', 'ppa_price', 'om', 'interest_rate', 'tax_rate'];

/** Behind the meter, energy is worth what it saves hour by hour under the tariff: no simple scaling gives it. */
const billsNotScaled = 'Behind the meter, more or less energy changes the bills hour by hour: see the size sweep.';

function notApplicableReason(driver: SensitivityDriver, base: Case): string | null {
  if (driver === 'energy' && base.assumptions.savingsByYear) return billsNotScaled;
  if (base.terms === null && (driver === 'interest_rate' || driver === 'tax_rate')) return 'The pre-tax model has no debt and no tax.';
  if (driver === 'interest_rate' && base.terms !== null && !hasDebt(base.terms)) return 'The study has no debt.';
  if (driver === 'interest_rate' && base.terms !== null && base.terms.debtRatePct === 0) return 'The debt carries no interest to change.';
  if (driver === 'tax_rate' && base.terms !== null && base.terms.federalTaxPct === 0 && base.terms.stateTaxPct === 0) return 'The study pays no tax to change.';
  return null;
}

const hasDebt = (terms: SingleOwnerTerms) => terms.debtTenorYears > 0 && (terms.debt.kind === 'dscr' || terms.debt.fractionPct > 0);

export function tornado(inputs: TornadoInputs): Tornado {
  const base: Case = { energy: inputs.energy, assumptions: inputs.assumptions, terms: inputs.terms };
  const drivers: DriverSensitivity[] = [];
  const notApplicable: Tornado['notApplicable'] = [];
  for (const driver of DRIVERS) {
    const reason = notApplicableReason(driver, base);
    if (reason) {
      notApplicable.push({ driver, reason });
      continue;
    }
    const steps = SENSITIVITY_STEPS.map((change) => ({ change, figures: headlineFigures(scaled(base, driver, change)!) }));
    const npvs = steps.map((step) => step.figures.npv);
    drivers.push({ driver, steps, npvSwing: Math.max(...npvs) - Math.min(...npvs) });
  }
  drivers.sort((a, b) => b.npvSwing - a.npvSwing);
  return { base: headlineFigures(base), drivers, notApplicable, scenarios: scenariosOf(base, inputs.p90AnnualKwh ?? null) };
}

function scenariosOf(base: Case, p90AnnualKwh: number | null): ScenarioSensitivity[] {
  const { terms } = base;
  const p90: ScenarioSensitivity =
    base.assumptions.savingsByYear
      ? { scenario: 'p90', applies: false, reason: billsNotScaled }
      : p90AnnualKwh !== null && Number.isFinite(p90AnnualKwh)
      ? { scenario: 'p90', applies: true, figures: headlineFigures({ ...base, energy: { ...base.energy, annualAcKwh: p90AnnualKwh } }) }
      : { scenario: 'p90', applies: false, reason: 'The study has no P90 estimate.' };
  const itcOff: ScenarioSensitivity =
    terms === null
      ? { scenario: 'itc_off', applies: false, reason: 'The pre-tax model has no tax credits.' }
      : terms.itcPct === 0
        ? { scenario: 'itc_off', applies: false, reason: 'The study claims no ITC.' }
        : { scenario: 'itc_off', applies: true, figures: headlineFigures({ ...base, terms: { ...terms, itcPct: 0 } }) };
  const noDebt: ScenarioSensitivity =
    terms === null
      ? { scenario: 'no_debt', applies: false, reason: 'The pre-tax model is unlevered already.' }
      : !hasDebt(terms)
        ? { scenario: 'no_debt', applies: false, reason: 'The study has no debt.' }
        : { scenario: 'no_debt', applies: true, figures: headlineFigures({ ...base, terms: { ...terms, debt: { kind: 'fraction', fractionPct: 0 }, debtUpfrontFeePct: 0, debtClosingCosts: 0 } }) };
  return [p90, itcOff, noDebt];
}
