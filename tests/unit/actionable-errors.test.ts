import { validate, type Struct } from 'superstruct';
import { describe, expect, it } from 'vitest';
import type { SubscriptionsList } from '../../src/contract/billing.ts';
import { Assumptions } from '../../src/contract/settings.ts';
import { commaMessage } from '../../src/contract/validation.ts';
import { reachedLimits } from '../../src/features/billing/billing-format.ts';
import { assumptionFields, errorsOf, ruleWordsOf } from '../../src/lib/assumption-fields.ts';

describe('a number typed with a comma', () => {
  it('is named a decimal comma or thousands separators, and nothing else is', () => {
    expect(commaMessage('0,13')).toBe('Use a point for decimals: 0.13');
    expect(commaMessage(',5')).toBe('Use a point for decimals: .5');
    expect(commaMessage('0,035')).toBe('Use a point for decimals: 0.035');
    expect(commaMessage('1,250')).toBe('Leave out the thousands separators: 1250');
    expect(commaMessage('1,250,000')).toBe('Leave out the thousands separators: 1250000');
    for (const other of ['0.13', '13', '', 'a,b', '1,2,3', '1,,2', 13]) expect(commaMessage(other)).toBeUndefined();
  });

  it('is not said of twelve months typed with commas between them', () => {
    const soiling = { section: 'system', key: 'soiling_monthly_pct', label: 'Monthly soiling', kind: 'months' } as const;
    expect(errorsOf(soiling, 'Give 12 monthly values, January first.', '1,2')).toEqual(['Give 12 monthly values, January first.']);
  });
});

describe('the price fields of the settings form', () => {
  it('say the decimals the contract takes', () => {
    const prices = assumptionFields.filter((field) => field.unit === 'currency');
    expect(prices.length).toBeGreaterThan(5);
    for (const field of prices) {
      const struct = (Assumptions.schema[field.section].schema as Record<string, Struct<unknown, unknown>>)[field.key]!;
      const takesFour = validate('0.0001', struct, { coerce: true })[0] === undefined;
      expect(ruleWordsOf(field), field.key).toBe(takesFour ? '0 or more, at most four decimals' : '0 or more, at most two decimals');
    }
    expect(ruleWordsOf(assumptionFields.find((field) => field.key === 'gcr')!)).toBeUndefined();
  });
});

describe('the limits the plan page names', () => {
  const plans: SubscriptionsList['plans'] = [
    { id: 'free', name: 'Free', price: 'Free', paid: false, limits: { projects: 1, studies_per_project: 3 } },
    { id: 'pro', name: 'Pro', price: '$49 / month', paid: true, limits: { projects: 10, studies_per_project: 20 } },
    { id: 'team', name: 'Team', price: '$149 / month', paid: true, limits: { projects: 25, studies_per_project: null } },
  ];
  const on = (plan_id: string, projects: number, most_studies_in_a_project: number): SubscriptionsList => ({
    plans,
    current: { plan_id, status: 'active', current_period_end: null, cancel_at_period_end: false },
    usage: { projects, most_studies_in_a_project },
    publishable_key: 'pk_test',
    portal: false,
  });

  it('names the plan that lifts a limit, as the server’s refusal does', () => {
    expect(reachedLimits(on('free', 1, 3)).map(({ message, lifting }) => [message, lifting?.id])).toEqual([
      ['The Free plan allows 1 project. Upgrade to Pro for more, or delete a project first.', 'pro'],
      ['The Free plan allows 3 feasibility studies per project. Upgrade to Pro for more, or delete one first.', 'pro'],
    ]);
    expect(reachedLimits(on('pro', 10, 5)).map(({ message }) => message)).toEqual(['The Pro plan allows 10 projects. Upgrade to Team for more, or delete a project first.']);
  });

  it('on the highest plan, says the limit and that deleting makes room', () => {
    expect(reachedLimits(on('team', 25, 400))).toEqual([{ limit: 'projects', message: 'The Team plan allows 25 projects. Delete a project before creating another.', lifting: null }]);
    expect(reachedLimits(on('team', 24, 400))).toEqual([]);
  });
});
