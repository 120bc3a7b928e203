/**
 * After-tax, levered cash flows of a project's single owner, following the conventions of NREL SAM's Single Owner
 * model (SSC cmod_singleowner, BSD-3; our own code, written from its conventions). docs/finance.md states each
 * convention and works one example by hand; tests/solar/single-owner-sam.test.ts reproduces SAM's published case.
 *
 * Year 0 is construction: the total installed cost (capex, financing costs and the initial reserves, less capital
 * subsidies) is paid by the debt and the owner's equity. Years 1..N book energy, revenue, costs, debt service,
 * reserves and taxes at their end. Taxes are the owner's: a loss is a tax benefit in the same year (the owner has
 * other income to offset, as SAM assumes); state tax is deductible from federal income.
 */
import type { IrrResult } from './cash-flow.ts';
import { internalRatesOfReturn, netPresentValue, paybackYears } from './cash-flow.ts';
import { DEPRECIATION_CLASSES, depreciationFractions, takesBonus, type DepreciationClass, type DepreciationSchedule, type ScheduleKey } from './depreciation.ts';
import { revenueOf, type FinanceAssumptions, type FinanceEnergy } from './finance.ts';

export type DepreciationAllocation = Partial<Record<DepreciationClass, number>>;

export type DebtSizing =
  /** A share of the total installed cost, as SAM's "debt percent" option. */
  | { kind: 'fraction'; fractionPct: number }
  /** As much debt as the cash available for debt service carries at this coverage each year, as SAM's DSCR option. */
  | { kind: 'dscr'; minDscr: number };

export interface EquipmentReserve {
  /** Cost of one replacement per watt of DC capacity, in year-1 money; inflates with `inflationPct`. */
  costPerWdc: number;
  everyYears: number;
  depreciation: ScheduleKey;
}

/** Everything the after-tax model needs beyond the pre-tax model's assumptions. Rates in percent. */
export interface SingleOwnerTerms {
  federalTaxPct: number;
  stateTaxPct: number;
  /** Nominal; discounts the equity cash flows (after-tax NPV) and, deflated by inflation, the real LCOE. */
  equityDiscountRatePct: number;
  inflationPct: number;
  targetIrrPct: number;
  /** The year at which the target IRR is to be met (SAM's flip year). */
  targetIrrYear: number;
  insurancePct: number;
  propertyTaxPct: number;
  propertyAssessedPct: number;
  propertyAssessedDeclinePct: number;
  omFixedPerYear: number;
  omPerMwh: number;
  constructionFinancing: number;
  salvagePct: number;
  itcPct: number;
  /** The depreciation classes whose basis earns the ITC; null: the whole basis of a named schedule, or macrs_5. */
  itcClasses: ScheduleKey[] | null;
  ptcPerKwh: number;
  ptcYears: number;
  ptcEscalationPct: number;
  /** Received at construction: lowers the installed cost, taxable in year 1, does not lower the depreciable basis. */
  capitalSubsidy: number;
  depreciation: DepreciationSchedule | DepreciationAllocation;
  /** Years of the `straight_line` schedule. */
  depreciationYears: number;
  bonusDepreciationPct: number;
  debt: DebtSizing;
  debtRatePct: number;
  debtTenorYears: number;
  debtUpfrontFeePct: number;
  debtClosingCosts: number;
  workingCapitalMonths: number;
  debtServiceMonths: number;
  reserveInterestPct: number;
  equipment: EquipmentReserve[];
}

export interface SingleOwnerYear {
  year: number;
  energyKwh: number;
  /** PPA revenue. */
  revenue: number;
  salvage: number;
  om: number;
  insurance: number;
  propertyTax: number;
  /** Year 0: the total installed cost. */
  capex: number;
  /** Revenue and salvage less O&M, insurance and property tax, less equipment reserve funding. */
  cfads: number;
  interest: number;
  principal: number;
  /** Cash available for debt service over debt service; null in a year without debt service. */
  dscr: number | null;
  depreciation: number;
  taxableIncome: number;
  /** Tax paid; negative is a benefit. */
  stateTax: number;
  federalTax: number;
  itc: number;
  ptc: number;
  reserveFunding: number;
  reserveRelease: number;
  reserveInterest: number;
  equityCashFlow: number;
}

export interface SingleOwnerResult {
  capex: number;
  totalInstalledCost: number;
  debtAmount: number;
  equityAmount: number;
  years: SingleOwnerYear[];
  equityIrr: IrrResult;
  irrAtTargetYear: IrrResult;
  /** The owner's after-tax IRR with no debt (no debt fee, no debt service reserve). */
  projectIrrAfterTax: IrrResult;
  afterTaxNpv: number;
  lcoeRealPerKwh: number;
  lcoeNominalPerKwh: number;
  minDscr: number | null;
  avgDscr: number | null;
  lifetimeEnergyKwh: number;
  simplePaybackYears: number | null;
  discountedPaybackYears: number | null;
}

/** The single-owner model with every figure; the solvers call `equityCashFlows` instead. */
export function singleOwner(energy: FinanceEnergy, assumptions: FinanceAssumptions, terms: SingleOwnerTerms): SingleOwnerResult {
  const problems = singleOwnerProblems(assumptions, terms);
  if (problems.length > 0) throw new RangeError(`Invalid single-owner terms: ${problems.join('; ')}`);
  const flows = cashFlows(energy, assumptions, terms);
  const unlevered = cashFlows(energy, assumptions, { ...terms, debt: { kind: 'fraction', fractionPct: 0 }, debtUpfrontFeePct: 0, debtClosingCosts: 0 });
  const n = assumptions.analysisYears;
  const nominal = terms.equityDiscountRatePct / 100;
  const real = (1 + nominal) / (1 + terms.inflationPct / 100) - 1;
  const equity = flows.years.map((y) => y.equityCashFlow);
  const energies = flows.years.map((y) => y.energyKwh);
  const ppaRevenue = flows.years.map((y) => y.revenue);
  // SAM's LCOE: the present value of every cost net of incentives (the equity flows less PPA revenue, negated)
  // over the present value of energy, at the nominal rate, and with energy at the real rate for the real LCOE.
  const costs = -netPresentValue(nominal, equity.map((flow, t) => flow - (ppaRevenue[t] ?? 0)));
  const dscrs = flows.years.flatMap((y) => (y.dscr === null ? [] : [y.dscr]));
  const discounted = equity.map((flow, t) => flow / (1 + nominal) ** t);
  return {
    capex: flows.capex,
    totalInstalledCost: flows.totalInstalledCost,
    debtAmount: flows.debtAmount,
    equityAmount: flows.totalInstalledCost - flows.debtAmount,
    years: flows.years,
    equityIrr: internalRatesOfReturn(equity),
    irrAtTargetYear: internalRatesOfReturn(equity.slice(0, Math.min(terms.targetIrrYear, n) + 1)),
    projectIrrAfterTax: internalRatesOfReturn(unlevered.years.map((y) => y.equityCashFlow)),
    afterTaxNpv: netPresentValue(nominal, equity),
    lcoeRealPerKwh: costs / netPresentValue(real, energies),
    lcoeNominalPerKwh: costs / netPresentValue(nominal, energies),
    minDscr: dscrs.length > 0 ? Math.min(...dscrs) : null,
    avgDscr: dscrs.length > 0 ? dscrs.reduce((sum, value) => sum + value, 0) / dscrs.length : null,
    lifetimeEnergyKwh: energies.reduce((sum, value) => sum + value, 0),
    simplePaybackYears: paybackYears(equity),
    discountedPaybackYears: paybackYears(discounted),
  };
}

/** The owner's after-tax equity cash flows, years 0..N: what the solvers search over. */
export function equityCashFlows(energy: FinanceEnergy, assumptions: FinanceAssumptions, terms: SingleOwnerTerms): number[] {
  return cashFlows(energy, assumptions, terms).years.map((y) => y.equityCashFlow);
}

interface CashFlows {
  capex: number;
  totalInstalledCost: number;
  debtAmount: number;
  years: SingleOwnerYear[];
}

const zeros = (n: number) => Array<number>(n + 1).fill(0);
const pct = (value: number) => value / 100;

function cashFlows(energy: FinanceEnergy, a: FinanceAssumptions, t: SingleOwnerTerms): CashFlows {
  const n = a.analysisYears;
  const watts = energy.dcKw * 1000;
  const capex = a.capexPerWdc * watts + a.fixedCapex;
  const inflation = pct(t.inflationPct);
  const omCapacityKw = a.omBasis === 'dc' ? energy.dcKw : energy.acKw;

  // Operations: energy degrades from year 2; the PPA price and O&M escalate from year 1's values.
  const energyKwh = zeros(n);
  const revenue = zeros(n);
  const om = zeros(n);
  const insurance = zeros(n);
  const propertyTax = zeros(n);
  const salvage = zeros(n);
  for (let y = 1; y <= n; y++) {
    const omGrowth = (1 + pct(a.omEscalationPct)) ** (y - 1);
    const kwh = energy.annualAcKwh * (1 - pct(a.degradationPctPerYear)) ** (y - 1);
    energyKwh[y] = kwh;
    revenue[y] = revenueOf(a, y, kwh);
    om[y] = (a.omPerKwYear * omCapacityKw + t.omFixedPerYear) * omGrowth + (t.omPerMwh / 1000) * kwh * omGrowth;
    insurance[y] = capex * pct(t.insurancePct) * (1 + inflation) ** (y - 1);
    const assessedShare = Math.max(0, 100 - (y - 1) * t.propertyAssessedDeclinePct) / 100;
    propertyTax[y] = capex * pct(t.propertyAssessedPct) * assessedShare * pct(t.propertyTaxPct);
  }
  salvage[n] = capex * pct(t.salvagePct);
  const operatingExpenses = om.map((value, y) => value + (insurance[y] ?? 0) + (propertyTax[y] ?? 0));
  const ebitda = revenue.map((value, y) => value + (salvage[y] ?? 0) - (operatingExpenses[y] ?? 0));

  // Major equipment reserves: each replacement is funded in equal parts over the years before it, in the money of
  // its own year, then spent from the reserve and depreciated on its own schedule.
  const equipmentFunding = zeros(n);
  const equipmentBalance = zeros(n);
  const equipmentDepreciation = zeros(n);
  for (const item of t.equipment) {
    if (item.everyYears <= 0 || item.costPerWdc === 0) continue;
    const fractions = depreciationFractions(item.depreciation, n, t.depreciationYears);
    for (let spendYear = item.everyYears; spendYear <= n; spendYear += item.everyYears) {
      const cost = item.costPerWdc * watts * (1 + inflation) ** (spendYear - 1);
      for (let y = spendYear - item.everyYears + 1; y <= spendYear; y++) equipmentFunding[y]! += cost / item.everyYears;
      for (let y = spendYear; y <= n; y++) equipmentDepreciation[y]! += cost * (fractions[y - spendYear] ?? 0);
      equipmentBalance[spendYear]! -= cost;
    }
  }
  for (let y = 1; y <= n; y++) equipmentBalance[y]! += equipmentBalance[y - 1]! + equipmentFunding[y]!;

  // Working-capital reserve: `months` of next year's operating expenses, held from construction to the last year.
  const workingReserve = zeros(n);
  const workingFunding = zeros(n);
  for (let y = 0; y < n; y++) {
    workingReserve[y] = (t.workingCapitalMonths / 12) * operatingExpenses[y + 1]!;
    workingFunding[y] = workingReserve[y]! - (y > 0 ? workingReserve[y - 1]! : 0);
  }
  const workingRelease = zeros(n);
  workingRelease[n] = n > 0 ? workingReserve[n - 1]! : 0;

  // Cash available for debt service in the debt's years; after the tenor it is shown but not needed.
  const cfads = ebitda.map((value, y) => (y === 0 ? 0 : value - equipmentFunding[y]!));
  const debt = debtSchedule(t, n, cfads, capex, workingReserve[0]!);

  // Tax basis: capex and construction financing (SAM: reserves and debt fees are not depreciable), allocated to
  // classes; an ITC-earning class loses half the ITC it earns; bonus depreciation comes off the rest in year 1.
  const basis = capex + t.constructionFinancing;
  const allocation = allocationOf(t.depreciation);
  const itcClasses = t.itcClasses ?? (typeof t.depreciation === 'string' ? [t.depreciation] : ['macrs_5']);
  const itcBasis = t.depreciation === 'none' && t.itcClasses === null ? basis : allocation.filter(([key]) => itcClasses.includes(key)).reduce((sum, [, share]) => sum + share * basis, 0);
  const itc = pct(t.itcPct) * itcBasis;
  const depreciation = zeros(n);
  for (const [key, share] of allocation) {
    const earnsItc = itcClasses.includes(key);
    const afterItc = share * basis * (1 - (earnsItc ? pct(t.itcPct) / 2 : 0));
    const bonus = takesBonus(key) ? afterItc * pct(t.bonusDepreciationPct) : 0;
    const fractions = depreciationFractions(key, n, t.depreciationYears);
    for (let y = 1; y <= n; y++) depreciation[y]! += (afterItc - bonus) * fractions[y - 1]!;
    if (n >= 1) depreciation[1]! += bonus;
  }
  for (let y = 1; y <= n; y++) depreciation[y]! += equipmentDepreciation[y]!;

  const financingCosts = t.debtClosingCosts + pct(t.debtUpfrontFeePct) * debt.amount + debt.reserve[0]! + t.constructionFinancing + workingReserve[0]!;
  const totalInstalledCost = capex + financingCosts - t.capitalSubsidy;
  const reserveTotal = debt.reserve.map((value, y) => value + workingReserve[y]! + equipmentBalance[y]!);

  const years: SingleOwnerYear[] = [];
  for (let y = 0; y <= n; y++) {
    const reserveInterest = y === 0 ? 0 : pct(t.reserveInterestPct) * reserveTotal[y - 1]!;
    const taxableSubsidy = y === 1 ? t.capitalSubsidy : 0;
    const ptc = y >= 1 && y <= t.ptcYears ? (energyKwh[y]! / 1000) * roundIrs(1000 * t.ptcPerKwh * (1 + pct(t.ptcEscalationPct)) ** (y - 1)) : 0;
    const yearItc = y === 1 ? itc : 0;
    const beforeTax = y === 0 ? 0 : ebitda[y]! + reserveInterest - debt.interest[y]! - depreciation[y]! + taxableSubsidy;
    const stateTax = pct(t.stateTaxPct) * beforeTax;
    const taxableIncome = beforeTax - stateTax;
    const federalTax = pct(t.federalTaxPct) * taxableIncome;
    const reserveFunding = y === 0 ? debt.funding[0]! + workingFunding[0]! : debt.funding[y]! + workingFunding[y]! + equipmentFunding[y]!;
    const reserveRelease = debt.release[y]! + workingRelease[y]!;
    const equityCashFlow =
      y === 0
        ? -(totalInstalledCost - debt.amount)
        : ebitda[y]! + reserveInterest - debt.interest[y]! - debt.principal[y]! - reserveFunding + reserveRelease - stateTax - federalTax + ptc + yearItc;
    const service = debt.interest[y]! + debt.principal[y]!;
    years.push({
      year: y,
      energyKwh: energyKwh[y]!,
      revenue: revenue[y]!,
      salvage: salvage[y]!,
      om: om[y]!,
      insurance: insurance[y]!,
      propertyTax: propertyTax[y]!,
      capex: y === 0 ? totalInstalledCost : 0,
      cfads: cfads[y]!,
      interest: debt.interest[y]!,
      principal: debt.principal[y]!,
      dscr: service !== 0 && y <= t.debtTenorYears ? cfads[y]! / service : null,
      depreciation: depreciation[y]!,
      taxableIncome: y === 0 ? 0 : taxableIncome,
      stateTax,
      federalTax,
      itc: yearItc,
      ptc,
      reserveFunding,
      reserveRelease,
      reserveInterest,
      equityCashFlow,
    });
  }
  return { capex, totalInstalledCost, debtAmount: debt.amount, years };
}

/** IRS rounding of the PTC rate to a tenth of a cent (0.5 away from zero), as SAM applies it. */
function roundIrs(value: number): number {
  return value >= 0 ? Math.trunc(value + 0.5) : Math.trunc(value - 0.5);
}

function allocationOf(depreciation: SingleOwnerTerms['depreciation']): Array<[ScheduleKey, number]> {
  if (typeof depreciation === 'string') return depreciation === 'none' ? [] : [[depreciation, 1]];
  return DEPRECIATION_CLASSES.flatMap((key) => {
    const share = depreciation[key] ?? 0;
    return share > 0 ? [[key, share / 100] as [ScheduleKey, number]] : [];
  });
}

interface DebtSchedule {
  amount: number;
  interest: number[];
  principal: number[];
  /** Debt service reserve held at the end of each year, its funding (year 0 at construction) and its release. */
  reserve: number[];
  funding: number[];
  release: number[];
}

function debtSchedule(t: SingleOwnerTerms, n: number, cfads: number[], capex: number, workingReserve0: number): DebtSchedule {
  const rate = pct(t.debtRatePct);
  const tenor = Math.min(t.debtTenorYears, n);
  const interest = zeros(n);
  const principal = zeros(n);
  let amount = 0;
  if (tenor > 0 && t.debt.kind === 'dscr') {
    // Each year's debt service is that year's CFADS over the DSCR; the debt is what those payments repay at the rate.
    const dscr = t.debt.minDscr;
    amount = cfads.slice(1, tenor + 1).reduce((sum, value, index) => sum + value / (1 + rate) ** (index + 1), 0) / dscr;
    if (amount > 0) {
      let balance = amount;
      for (let y = 1; y <= tenor; y++) {
        interest[y] = balance * rate;
        principal[y] = cfads[y]! / dscr - interest[y]!;
        balance -= principal[y]!;
      }
    } else amount = 0;
  } else if (tenor > 0 && t.debt.kind === 'fraction') {
    // SAM's debt-percent option: the debt is a share of a cost that holds the debt service reserve and the fee;
    // the reserve depends on the payment, so the two are iterated (SAM stops after 10 rounds or at 0.001).
    const share = pct(t.debt.fractionPct);
    const fee = pct(t.debtUpfrontFeePct);
    const baseCost = (serviceReserve: number) => capex + t.constructionFinancing + t.debtClosingCosts + serviceReserve + workingReserve0 - t.capitalSubsidy;
    let cost = baseCost(0) * (1 + share * fee);
    amount = share * cost;
    let reserve = 0;
    for (let round = 0; round < 10; round++) {
      const previous = reserve;
      reserve = (t.debtServiceMonths / 12) * levelPayment(rate, tenor, amount);
      cost = baseCost(reserve) * (1 + share * fee);
      amount = share * cost;
      if (Math.abs(reserve - previous) <= 1e-3) break;
    }
    const payment = levelPayment(rate, tenor, amount);
    let balance = amount;
    for (let y = 1; y <= tenor; y++) {
      interest[y] = balance * rate;
      principal[y] = payment - interest[y]!;
      balance -= principal[y]!;
    }
  }
  const reserve = zeros(n);
  const funding = zeros(n);
  const release = zeros(n);
  if (amount > 0) {
    for (let y = 1; y <= tenor; y++) {
      reserve[y - 1] = (t.debtServiceMonths / 12) * (principal[y]! + interest[y]!);
      funding[y - 1] = reserve[y - 1]! - (y > 1 ? reserve[y - 2]! : 0);
    }
    release[tenor] = reserve[tenor - 1]!;
  }
  return { amount, interest, principal, reserve, funding, release };
}

/** The level yearly payment that repays `amount` over `years` at `rate`. */
function levelPayment(rate: number, years: number, amount: number): number {
  return rate === 0 ? amount / years : (rate * amount) / (1 - (1 + rate) ** -years);
}

export function singleOwnerProblems(a: FinanceAssumptions, t: SingleOwnerTerms): string[] {
  const problems: string[] = [];
  const check = (ok: boolean, message: string) => {
    if (!ok) problems.push(message);
  };
  const nonNegative = (value: number) => Number.isFinite(value) && value >= 0;
  const percent = (value: number) => nonNegative(value) && value <= 100;
  for (const [value, label] of [
    [t.federalTaxPct, 'federal tax rate'],
    [t.stateTaxPct, 'state tax rate'],
    [t.insurancePct, 'insurance'],
    [t.propertyTaxPct, 'property tax'],
    [t.propertyAssessedPct, 'assessed share'],
    [t.propertyAssessedDeclinePct, 'assessed decline'],
    [t.salvagePct, 'salvage'],
    [t.itcPct, 'ITC'],
    [t.bonusDepreciationPct, 'bonus depreciation'],
    [t.debtRatePct, 'debt rate'],
    [t.debtUpfrontFeePct, 'debt fee'],
    [t.reserveInterestPct, 'reserve interest'],
  ] as const) {
    check(percent(value), `${label} must be a percentage from 0 to 100`);
  }
  for (const [value, label] of [
    [t.omFixedPerYear, 'fixed O&M'],
    [t.omPerMwh, 'O&M per MWh'],
    [t.constructionFinancing, 'construction financing'],
    [t.ptcPerKwh, 'PTC'],
    [t.capitalSubsidy, 'capital subsidy'],
    [t.debtClosingCosts, 'closing costs'],
    [t.workingCapitalMonths, 'working capital months'],
    [t.debtServiceMonths, 'debt service months'],
  ] as const) {
    check(nonNegative(value), `${label} must be zero or more`);
  }
  check(Number.isFinite(t.equityDiscountRatePct) && t.equityDiscountRatePct > -100 && t.equityDiscountRatePct <= 100, 'equity discount rate must be above -100 and at most 100');
  check(Number.isFinite(t.inflationPct) && t.inflationPct > -100 && t.inflationPct <= 100, 'inflation must be above -100 and at most 100');
  check(Number.isFinite(t.targetIrrPct) && t.targetIrrPct > -100 && t.targetIrrPct <= 100, 'target IRR must be above -100 and at most 100');
  check(Number.isFinite(t.ptcEscalationPct) && t.ptcEscalationPct > -100 && t.ptcEscalationPct <= 100, 'PTC escalation must be above -100 and at most 100');
  check(Number.isInteger(t.targetIrrYear) && t.targetIrrYear >= 1 && t.targetIrrYear <= a.analysisYears, 'target IRR year must be within the analysis period');
  check(Number.isInteger(t.ptcYears) && t.ptcYears >= 0 && t.ptcYears <= a.analysisYears, 'PTC years must be within the analysis period');
  check(Number.isInteger(t.debtTenorYears) && t.debtTenorYears >= 0 && t.debtTenorYears <= a.analysisYears, 'debt tenor must be within the analysis period');
  check(Number.isInteger(t.depreciationYears) && t.depreciationYears >= 1 && t.depreciationYears <= 60, 'depreciation years must be 1 to 60');
  if (t.debt.kind === 'fraction') check(percent(t.debt.fractionPct) && t.debt.fractionPct < 100, 'debt fraction must be from 0 to below 100 %');
  else check(Number.isFinite(t.debt.minDscr) && t.debt.minDscr > 0 && t.debt.minDscr <= 100, 'DSCR must be above 0');
  if (typeof t.depreciation !== 'string') {
    const shares = Object.values(t.depreciation);
    check(shares.every(percent) && shares.reduce((sum, value) => sum + value, 0) <= 100 + 1e-9, 'depreciation allocation must be percentages adding up to 100 at most');
  }
  for (const item of t.equipment) {
    check(nonNegative(item.costPerWdc) && Number.isInteger(item.everyYears) && item.everyYears >= 1, 'equipment reserves need a cost of zero or more and a whole number of years');
  }
  return problems;
}
