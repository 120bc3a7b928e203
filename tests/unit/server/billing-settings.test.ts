import { describe, expect, it } from 'vitest';
import { loadSettings, SettingsError } from '../../../server/env.ts';

const pro = { id: 'pro', name: 'Pro', price_id: 'price_pro', price: '$49 / month', projects: 25, studies_per_project: null };
const stripe = { STRIPE_SECRET_KEY: 'sk_test_secret_value_123', STRIPE_PUBLISHABLE_KEY: 'pk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' };

const messageOf = (env: Record<string, string>) => {
  try {
    loadSettings(env);
  } catch (error) {
    expect(error).toBeInstanceOf(SettingsError);
    return (error as Error).message;
  }
  throw new Error('the settings were accepted');
};

describe('billing settings', () => {
  it('are off by default: no plans, Free limits of 3 projects and 5 studies', () => {
    expect(loadSettings({})).toMatchObject({ FREE_PROJECTS: 3, FREE_STUDIES_PER_PROJECT: 5 });
    expect(loadSettings({}).BILLING_PLANS).toBeUndefined();
  });

  it('read BILLING_PLANS as JSON, null meaning unlimited', () => {
    const settings = loadSettings({ ...stripe, BILLING_PLANS: JSON.stringify([pro]), STRIPE_API_URL: 'http://127.0.0.1:12111', FREE_PROJECTS: '1' });
    expect(settings.BILLING_PLANS).toEqual([pro]);
    expect(settings).toMatchObject({ STRIPE_API_URL: 'http://127.0.0.1:12111', FREE_PROJECTS: 1 });
  });

  it('name every key billing still needs once STRIPE_SECRET_KEY is set, without echoing the key', () => {
    const message = messageOf({ STRIPE_SECRET_KEY: stripe.STRIPE_SECRET_KEY });
    for (const key of ['STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET', 'BILLING_PLANS']) expect(message).toContain(key);
    expect(message).not.toContain(stripe.STRIPE_SECRET_KEY);
    expect(messageOf({ ...stripe })).toBe('Invalid settings: STRIPE_SECRET_KEY is set (billing is on), so BILLING_PLANS must be set too.');
  });

  it.each([
    ['not JSON', '[{id: pro}]', 'BILLING_PLANS must be a JSON array of plans'],
    ['an object, not a list', JSON.stringify(pro), 'BILLING_PLANS must be a JSON array of plans'],
    ['no plan', '[]', 'BILLING_PLANS must list at least one paid plan'],
    ['a field missing', JSON.stringify([{ ...pro, price_id: undefined }]), 'BILLING_PLANS.0.price_id is missing'],
    ['an empty name', JSON.stringify([{ ...pro, name: ' ' }]), 'BILLING_PLANS.0.name must not be empty'],
    ['a limit as text', JSON.stringify([{ ...pro, projects: '25' }]), 'BILLING_PLANS.0.projects must be an integer'],
    ['a limit of 0', JSON.stringify([{ ...pro, studies_per_project: 0 }]), 'BILLING_PLANS.0.studies_per_project must be a whole number of at least 1, or null for unlimited'],
    ['a field it does not know', JSON.stringify([{ ...pro, currency: 'usd' }]), 'BILLING_PLANS.0.currency is not a plan field'],
    ['the free plan’s id', JSON.stringify([{ ...pro, id: 'free' }]), 'BILLING_PLANS.0.id must be 1-64 lower-case letters'],
    ['an id twice', JSON.stringify([pro, { ...pro, price_id: 'price_other' }]), 'BILLING_PLANS lists the plan id "pro" twice'],
    ['a price twice', JSON.stringify([pro, { ...pro, id: 'max' }]), 'BILLING_PLANS gives two plans the same price_id'],
  ])('refuse BILLING_PLANS with %s, naming the problem', (_case, plans, expected) => {
    expect(messageOf({ ...stripe, BILLING_PLANS: plans })).toContain(expected);
  });

  it('refuse a STRIPE_API_URL that is not http(s) and a FREE_PROJECTS that is not a count', () => {
    const message = messageOf({ STRIPE_API_URL: 'ftp://stripe.test', FREE_PROJECTS: '0' });
    expect(message).toContain('STRIPE_API_URL must be an http:// or https:// URL');
    expect(message).toContain('FREE_PROJECTS must be an integer from 1 to 100000');
  });
});
