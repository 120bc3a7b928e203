/**
 * Agreement with NREL SAM's utility-rate module on its own published cases (NREL/ssc
 * test/ssc_test/cmod_utilityrate5_test.cpp, BSD-3): each test is named after SAM's and checks SAM's expected figures,
 * within $0.10 (the tolerance) or SAM's own tolerance where it is tighter. Year n is SAM's row n of its
 * year × month matrices. The inputs are SAM's, read by tests/solar/bills/sam-cases.ts; nothing is fetched.
 */
import { describe, expect, it } from 'vitest';
import type { MonthBill, YearBill } from '../../../src/solar/bills/bill.ts';
import { billYear } from '../../../src/solar/bills/bill.ts';
import { runSamCase, samCase, samRate, samRule } from './sam-cases.ts';

const near = (actual: number, expected: number, tolerance = 0.1) => expect(Math.abs(actual - expected), `${actual} vs SAM's ${expected}`).toBeLessThanOrEqual(tolerance);
const month = (bills: YearBill[], year: number, m: number): MonthBill => bills[year - 1]!.months[m - 1]!;
/** SAM's nm_dollars_applied_ym, net_billing_credits_ym or two_meter_sales_ym: the credits other than the true-up. */
const applied = (m: MonthBill) => m.with.credits - m.with.trueUp;

/** SAM's ensure_outputs_line_up: every month's bill is its charges less its credits, and the year is its months. */
function linesUp(bills: YearBill[]) {
  for (const year of bills) {
    for (const m of year.months) {
      near(m.with.total, m.with.energy + m.with.demand + m.with.fixed + m.with.minimum - m.with.credits, 1e-9);
      near(m.without.total, m.without.energy + m.without.demand + m.without.fixed + m.without.minimum, 1e-9);
    }
    near(year.withTotal, year.months.reduce((sum, m) => sum + m.with.total, 0), 1e-6);
    near(year.savings, year.withoutTotal - year.withTotal, 1e-9);
  }
}

function run(name: string, years = 1, meteringOption?: number): YearBill[] {
  const bills = runSamCase(name, years, meteringOption);
  linesUp(bills);
  return bills;
}

/** Runs a case for `years` and checks year 1's bill with the system, and without it where SAM checks it (not null). */
function checked(name: string, without: number | null, withSystem: number, { years = 1, tolerance = 0.1 } = {}): YearBill[] {
  const bills = run(name, years);
  if (without !== null) near(bills[0]!.withoutTotal, without);
  near(bills[0]!.withTotal, withSystem, tolerance);
  return bills;
}

describe('net metering, kWh rollover (SAM metering option 0)', () => {
  it('Test_Residential_TOU_Rates: $771.8 without, −$11.9 with, December true-up $75.9', () => {
    const bills = checked('Test_Residential_TOU_Rates', 771.8, -11.9);
    near(month(bills, 1, 12).with.trueUp, 75.9);
  });

  it('Test_Residential_net_metering_credits_in_may: true-up of $50.28 in May', () => {
    const bills = checked('Test_Residential_net_metering_credits_in_may', 771.8, 36.6);
    near(month(bills, 1, 5).with.trueUp, 50.28);
    near(month(bills, 1, 5).with.total, -50.28);
  });

  it('Test_Residential_net_metering_credits_in_may_with_rollover: the true-up pays later bills, year 2 included', () => {
    const bills = checked('Test_Residential_net_metering_credits_in_may_with_rollover', 771.8, 36.6, { years: 2 });
    near(bills[1]!.withTotal, 13.8);
    near(bills[1]!.withoutTotal, 791.1);
    near(month(bills, 1, 5).with.trueUp, 0);
    near(applied(month(bills, 1, 6)), 11.37);
    near(month(bills, 1, 5).with.total, 0);
  });

  it('Test_Residential_TOU_Rates_subhourly_gen: 15-minute generation against hourly load', () => {
    checked('Test_Residential_TOU_Rates_subhourly_gen', 771.8, -27.94);
  });

  it('Test_Residential_TOU_Rates_subhourly_gen_and_load: 15-minute generation and load', () => {
    checked('Test_Residential_TOU_Rates_subhourly_gen_and_load', 771.8, -27.94);
  });

  it('Test_Residential_TOU_Rates_no_credit: no year-end rate, $64.03', () => {
    checked('Test_Residential_TOU_Rates_no_credit', null, 64.03);
  });

  it('Test_Residential_TOU_Rates_annual_minimum: the $100 annual minimum', () => {
    checked('Test_Residential_TOU_Rates_annual_minimum', 771.8, 100);
  });

  it('Test_Residential_TOU_Rates_w_tiers: daily kWh tiers, $1,839.7 without and $286.2 with', () => {
    checked('Test_Residential_TOU_Rates_w_tiers', 1839.7, 286.2);
  });

  it('Test_Commercial_Demand_Charges: tiered TOU demand charges and a $30 fixed charge', () => {
    checked('Test_Commercial_Demand_Charges', 104614.5, 92538.1);
  });
});

describe('net metering, dollar credits (SAM metering option 1)', () => {
  it('Test_Residential_TOU_Rates_net_metering_credits: no sell rate, no credits, the bills go to zero', () => {
    const bills = checked('Test_Residential_TOU_Rates_net_metering_credits', 771.8, 0, { years: 2 });
    near(bills[1]!.withTotal, 0);
    near(bills[1]!.withoutTotal, 791.1);
    near(applied(month(bills, 1, 12)), 0);
  });

  it('Test_Residential_TOU_Rates_net_metering_credits_w_sell_rates_and_rollover: SAM pays the December credit and carries it into January', () => {
    const bills = checked('Test_Residential_TOU_Rates_net_metering_credits_w_sell_rates_and_rollover', 771.8, -19600.58, { years: 2 });
    near(bills[1]!.withTotal, -37439.55);
    near(bills[1]!.withoutTotal, 791.1);
    near(applied(month(bills, 1, 12)), 0);
  });
});

describe('net billing (SAM metering option 2)', () => {
  it('Test_Residential_TOU_Rates_net_billing: 15-minute generation, no sell rate, $441.4', () => {
    const bills = checked('Test_Residential_TOU_Rates_net_billing', 771.8, 441.4);
    near(applied(month(bills, 1, 12)), 0);
  });

  it('Test_Residential_TOU_Rates_net_billing_w_sell_rates: −$150.02, December credits $34.47', () => {
    const bills = checked('Test_Residential_TOU_Rates_net_billing_w_sell_rates', 771.8, -150.02);
    near(applied(month(bills, 1, 12)), 34.47);
  });

  it('Test_Residential_TOU_Rates_net_billing_subhourly_gen_and_load: $441.4', () => {
    checked('Test_Residential_TOU_Rates_net_billing_subhourly_gen_and_load', 771.8, 441.4);
  });

  it('Test_Residential_TOU_Rates_net_billing_subhourly_gen_and_load_w_sell_rates: −$156.95', () => {
    checked('Test_Residential_TOU_Rates_net_billing_subhourly_gen_and_load_w_sell_rates', null, -156.95);
  });

  it('Test_Residential_TOU_Rates_w_36_periods: 36 TOU periods, $475.56 without and −$173.25 with', () => {
    checked('Test_Residential_TOU_Rates_w_36_periods', 475.56, -173.25);
  });

  it('Test_Commercial_Energy_Tiers_net_billing: April without the system fills five 10,000 kWh tiers and 3,014.93 kWh of the sixth', () => {
    // SAM checks the kWh of each tier; at the tiers' prices they are this energy charge.
    const expected = 10000 * (0.05 + 0.1 + 0.15 + 0.2 + 0.25) + 3014.93 * 0.3;
    for (const option of [2, 0]) near(month(run('Test_Commercial_Energy_Tiers_net_billing', 1, option), 1, 4).without.energy, expected, 0.001);
  });

  it('Test_Commercial_kWh_per_kW_charges: July without the system is $16,774.68 on kWh/kW block tiers, in kWh as SAM splits them', () => {
    const rates = [0.132655, 0.120303, 0.102607, 0.013627, 0.010275];
    const cost = (kwh: number[]) => kwh.reduce((sum, e, t) => sum + e * rates[t]!, 0);
    for (const option of [0, 2]) near(month(run('Test_Commercial_kWh_per_kW_charges', 1, option), 1, 7).without.total, 16774.68, 0.01);
    const netBilling = month(run('Test_Commercial_kWh_per_kW_charges', 1, 2), 1, 7);
    near(netBilling.without.energy, cost([3000, 7000, 121603.13, 131603.13, 120963.36]), 0.01);
    near(netBilling.with.energy, cost([3000, 7000, 121603.13, 131603.13, 103255.44]), 0.01);
  });
});

describe('net billing with carry-over (SAM metering option 3)', () => {
  it('Test_Residential_TOU_Rates_net_billing_carryover: December true-up $181.77, January of year 2 $32.54', () => {
    const bills = checked('Test_Residential_TOU_Rates_net_billing_carryover', 771.8, -150.02, { years: 2, tolerance: 0.01 });
    near(month(bills, 2, 1).with.total, 32.54);
    near(month(bills, 1, 12).with.trueUp, 181.77);
    near(applied(month(bills, 2, 1)), 0);
  });

  it('Test_Residential_TOU_Rates_net_billing_carryover_april_reset: true-up in April', () => {
    const bills = checked('Test_Residential_TOU_Rates_net_billing_carryover_april_reset', null, -57.12, { years: 2 });
    near(month(bills, 1, 4).with.total, -122.19);
    near(month(bills, 2, 1).with.total, 0);
    near(applied(month(bills, 1, 12)), 32.21);
    near(applied(month(bills, 2, 1)), 32.54);
    near(month(bills, 1, 4).with.trueUp, 122.19);
  });

  it('Test_Residential_TOU_Rates_net_billing_carryover_jan_reset: true-up in January, one year of generation repeated', () => {
    const bills = checked('Test_Residential_TOU_Rates_net_billing_carryover_jan_reset', null, 19.12, { years: 2 });
    near(month(bills, 2, 1).with.total, -175.92);
    near(applied(month(bills, 1, 4)), 24.65);
    near(applied(month(bills, 1, 12)), 32.21);
    near(month(bills, 2, 1).with.trueUp, 175.92);
  });

  it('Test_Residential_TOU_Rates_net_billing_carryover_lower_sell_rate: sell rates below buy rates, $136.77', () => {
    const bills = checked('Test_Residential_TOU_Rates_net_billing_carryover_lower_sell_rate', null, 136.77, { years: 2, tolerance: 0.01 });
    near(month(bills, 2, 1).with.total, 32.54);
    near(applied(month(bills, 2, 1)), 0);
    near(month(bills, 1, 12).with.trueUp, 21.8);
  });

  it('Test_Residential_TOU_Rates_net_billing_carryover_monthly_min: a $10 monthly minimum', () => {
    const bills = checked('Test_Residential_TOU_Rates_net_billing_carryover_monthly_min', null, -40.02, { years: 2, tolerance: 0.01 });
    near(month(bills, 1, 4).with.total, 10);
    near(month(bills, 2, 1).with.total, 32.54);
    near(month(bills, 1, 12).with.trueUp, 181.77);
    near(applied(month(bills, 2, 1)), 0);
    near(month(bills, 1, 4).with.minimum, 10, 0.001);
  });

  it('Test_Residential_TOU_Rates_net_billing_carryover_annual_min: a $100 annual minimum, charged in December', () => {
    const bills = checked('Test_Residential_TOU_Rates_net_billing_carryover_annual_min', null, -81.77, { years: 2, tolerance: 0.01 });
    near(month(bills, 1, 4).with.total, 0);
    near(month(bills, 2, 1).with.total, 32.54);
    near(month(bills, 1, 12).with.trueUp, 181.77);
    near(applied(month(bills, 2, 1)), 0);
    near(month(bills, 1, 4).with.minimum, 0, 0.001);
    near(month(bills, 1, 12).with.minimum, 68.25, 0.001);
  });

  it('Test_Residential_TOU_Rates_net_billing_carryover_inflow_outflow_expire: credits spent within the year and lost at its end', () => {
    const bills = checked('Test_Residential_TOU_Rates_net_billing_carryover_inflow_outflow_expire', 771.8, 0, { years: 2, tolerance: 0.01 });
    near(month(bills, 2, 1).with.total, 0);
    near(month(bills, 1, 12).with.trueUp, 0);
    near(applied(month(bills, 2, 1)), 32.55);
  });

  for (const name of ['Test_Residential_TOU_Rates_net_billing_carryover_inflow_outflow_apply_no_expire', 'Test_Residential_TOU_Rates_net_billing_carryover_inflow_outflow_expire_no_apply'])
    it(`${name}: credits spent within the year, the rest paid in December`, () => {
      const bills = checked(name, null, -150.02, { years: 2, tolerance: 0.01 });
      near(month(bills, 2, 1).with.total, 0);
      near(month(bills, 1, 12).with.trueUp, 150.02);
      near(applied(month(bills, 2, 1)), 32.54);
    });
});

describe('buy all – sell all (SAM metering option 4)', () => {
  it('Test_Residential_TOU_Rates_buyall_sellall: −$157.0, December sales $45.49', () => {
    const bills = checked('Test_Residential_TOU_Rates_buyall_sellall', 771.8, -157.0);
    near(applied(month(bills, 1, 12)), 45.49);
  });
});

describe('inputs SAM refuses', () => {
  const refuses = (name: string, message: RegExp) => {
    const c = samCase(name);
    expect(() => billYear({ rate: samRate(c), exportRule: samRule(c), loadKwh: new Float64Array(8760), generationKwh: new Float64Array(8760) })).toThrow(message);
  };

  it('Test_Residential_TOU_Rates_net_billing_carryover_incorrect_month: a true-up month that does not exist', () =>
    refuses('Test_Residential_TOU_Rates_net_billing_carryover_incorrect_month', /trueUpMonth must be 1 to 12, not 13/));

  it('Test_Residential_TOU_Rates_w_tiers_exception: periods of one month with different tier maxima', () =>
    refuses('Test_Residential_TOU_Rates_w_tiers_exception', /energyratestructure\[1\]\[0\]\.max must equal tier 0's max and unit in period 0/));

  it('Test_Commercial_Demand_Charges_exception: demand periods of one month with different tier maxima', () =>
    refuses('Test_Commercial_Demand_Charges_exception', /demandratestructure\[1\]\[0\]\.max must equal tier 0's max/));
});
