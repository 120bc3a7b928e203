import { describe, expect, it } from 'vitest';
import { builtinPresets } from '../../server/settings/preset-defaults.ts';
import { financeAssumptionsOf, singleOwnerTermsOf, type StudyAssumptions } from '../../src/solar/answers.ts';
import { singleOwner } from '../../src/solar/single-owner.ts';
import { SENSITIVITY_STEPS, headlineFigures, tornado, type TornadoInputs } from '../../src/solar/sensitivity.ts';

const energy = { annualAcKwh: 9_200_000, dcKw: 5000, acKw: 4000 };
const sectionsOf = (id: string) => builtinPresets.find((preset) => preset.id === id)!.assumptions as unknown as StudyAssumptions;

function inputsOf(sections: StudyAssumptions, p90AnnualKwh: number | null = null): TornadoInputs {
  return { energy, assumptions: financeAssumptionsOf(sections), terms: singleOwnerTermsOf(sections, energy.dcKw), p90AnnualKwh };
}

const usUtility = sectionsOf('builtin:us-utility');
const preTax: StudyAssumptions = { ...usUtility, finance: { ...usUtility.finance, structure: 'pre_tax' } };

describe('sensitivity tornado', () => {
  it('moves the pre-tax NPV by exactly the change in year-0 capex, and energy and price alike (revenue is their product)', () => {
    const inputs = inputsOf(preTax);
    const result = tornado(inputs);
    const capex = inputs.assumptions.capexPerWdc * energy.dcKw * 1000 + inputs.assumptions.fixedCapex;
    const capexSteps = result.drivers.find((d) => d.driver === 'capex')!.steps;
    expect(capexSteps.map((step) => step.change)).toEqual([...SENSITIVITY_STEPS]);
    for (const step of capexSteps) expect(step.figures.npv - result.base.npv).toBeCloseTo(-step.change * capex, 4);
    const energySteps = result.drivers.find((d) => d.driver === 'energy')!.steps;
    const priceSteps = result.drivers.find((d) => d.driver === 'ppa_price')!.steps;
    energySteps.forEach((step, k) => expect(step.figures.npv).toBeCloseTo(priceSteps[k]!.figures.npv, 6));
    // The pre-tax model has no debt or tax to move, and no credits or debt to take away.
    expect(result.notApplicable.map((entry) => entry.driver)).toEqual(['interest_rate', 'tax_rate']);
    expect(result.scenarios.filter((scenario) => scenario.applies)).toEqual([]);
  });

  it('sorts the drivers by NPV swing, and each moves the NPV the way it should', () => {
    const result = tornado(inputsOf(usUtility, energy.annualAcKwh * 0.92));
    const swings = result.drivers.map((d) => d.npvSwing);
    expect(swings).toEqual([...swings].sort((a, b) => b - a));
    const npvs = (driver: string) => result.drivers.find((d) => d.driver === driver)!.steps.map((step) => step.figures.npv);
    const increasing = (values: number[]) => values.every((value, k) => k === 0 || value > values[k - 1]!);
    expect(increasing(npvs('ppa_price'))).toBe(true);
    expect(increasing(npvs('energy'))).toBe(true);
    expect(increasing(npvs('capex').reverse())).toBe(true);
    expect(increasing(npvs('om').reverse())).toBe(true);
    expect(increasing(npvs('interest_rate').reverse())).toBe(true);
    // P90 energy is less energy: a lower NPV than the base, as the energy bar's −10 % step is.
    const p90 = result.scenarios.find((scenario) => scenario.scenario === 'p90')!;
    expect(p90.applies && p90.figures.npv < result.base.npv).toBe(true);
  });

  it('gives the single owner’s unlevered after-tax IRR without debt, and says why a scenario does not apply', () => {
    const inputs = inputsOf(usUtility);
    const result = tornado(inputs);
    const full = singleOwner(inputs.energy, inputs.assumptions, inputs.terms!);
    expect(result.base.npv).toBe(full.afterTaxNpv);
    const noDebt = result.scenarios.find((scenario) => scenario.scenario === 'no_debt')!;
    expect(noDebt.applies).toBe(true);
    if (noDebt.applies && full.projectIrrAfterTax.kind === 'unique') expect(noDebt.figures.irrPct).toBeCloseTo(full.projectIrrAfterTax.rate * 100, 10);
    expect(result.scenarios.find((scenario) => scenario.scenario === 'p90')).toEqual({ scenario: 'p90', applies: false, reason: 'The study has no P90 estimate.' });

    const noItc = tornado({ ...inputs, terms: { ...inputs.terms!, itcPct: 0 } });
    expect(noItc.scenarios.find((scenario) => scenario.scenario === 'itc_off')).toEqual({ scenario: 'itc_off', applies: false, reason: 'The study claims no ITC.' });
    const itcOn = tornado({ ...inputs, terms: { ...inputs.terms!, itcPct: 30 } });
    const itcOff = itcOn.scenarios.find((scenario) => scenario.scenario === 'itc_off')!;
    expect(itcOff.applies && itcOff.figures.npv).toBe(headlineFigures({ ...inputs, terms: { ...inputs.terms!, itcPct: 0 } }).npv);
    expect(itcOff.applies && itcOff.figures.npv < itcOn.base.npv).toBe(true);
  });
});
