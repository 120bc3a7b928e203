import { describe, expect, it } from 'vitest';
import { creditRates, federalCredits, isIsoDate, storagePhaseDownPct, type CreditCase } from '../../src/solar/tax-credits.ts';

const business = (begin: string, inService: string, more: Partial<CreditCase> = {}): CreditCase => ({
  country: 'US',
  owner: 'commercial',
  technology: 'pv',
  beginConstructionDate: begin,
  placedInServiceDate: inService,
  itcPct: 30,
  ptcPerKwh: 0,
  ...more,
});
const section = (credits: ReturnType<typeof federalCredits>, name: string) => credits.find((credit) => credit.section === name)!;

describe('US federal credits as Public Law 119-21 leaves them', () => {
  it('solar begun by 4 July 2026 keeps §48E whenever it is placed in service; begun after, only if in service by 31 December 2027', () => {
    expect(section(federalCredits(business('2026-07-04', '2029-06-30')), '48E')).toMatchObject({ applies: true, rate_pct: 30 });
    expect(section(federalCredits(business('2026-07-05', '2027-12-31')), '48E')).toMatchObject({ applies: true, rate_pct: 30 });
    const late = section(federalCredits(business('2026-07-05', '2028-01-01')), '48E');
    expect(late).toMatchObject({ applies: false, rate_pct: 0 });
    expect(late.reason).toContain('after 4 July 2026');
    expect(late.reason).toContain('after 31 December 2027');
    expect(late.reason).toContain('Public Law 119-21');
  });

  it('the rate entered carries its adders; the PTC follows the same dates and is listed only when one is entered', () => {
    expect(section(federalCredits(business('2026-01-10', '2027-03-01', { itcPct: 40 })), '48E').rate_pct).toBe(40);
    expect(federalCredits(business('2026-01-10', '2027-03-01')).map((credit) => credit.section)).toEqual(['48E']);
    const withPtc = federalCredits(business('2026-09-01', '2028-06-01', { ptcPerKwh: 0.0275 }));
    expect(section(withPtc, '45Y')).toMatchObject({ applies: false, rate_pct: 0 });
    expect(creditRates(withPtc, 'pv')).toEqual({ itcPct: 0, ptcShare: 0 });
    expect(creditRates(federalCredits(business('2026-01-10', '2027-03-01', { ptcPerKwh: 0.0275 })), 'pv')).toEqual({ itcPct: 30, ptcShare: 1 });
  });

  it('placed in service before 2025: the old §48 and §45', () => {
    const credits = federalCredits(business('2023-02-01', '2024-11-30', { ptcPerKwh: 0.0275 }));
    expect(credits.map((credit) => [credit.section, credit.applies])).toEqual([
      ['48', true],
      ['45', true],
    ]);
  });

  it('beyond the four-year continuity safe harbour the credit stays and the reason says what the owner must show', () => {
    const credit = section(federalCredits(business('2026-06-01', '2031-02-01')), '48E');
    expect(credit.applies).toBe(true);
    expect(credit.reason).toContain('continuity safe harbour');
    expect(section(federalCredits(business('2026-06-01', '2030-12-31')), '48E').reason).not.toContain('continuity');
  });

  it('a household buying its system: §25D ends for installations completed after 2025; §48E is not for households', () => {
    const household = (inService: string) => federalCredits({ ...business('2025-01-01', inService), owner: 'residential' });
    const after = household('2026-03-15');
    expect(section(after, '25D')).toMatchObject({ applies: false, rate_pct: 0 });
    expect(section(after, '25D').reason).toContain('§70506');
    expect(section(after, '25D').reason).toContain('31 December 2025');
    expect(section(after, '48E')).toMatchObject({ applies: false, rate_pct: 0 });
    expect(section(after, '48E').reason).toContain('third party');
    expect(creditRates(after, 'pv').itcPct).toBe(0);
    expect(section(household('2025-12-31'), '25D')).toMatchObject({ applies: true, rate_pct: 30 });
    expect(section(household('2021-06-01'), '25D')).toMatchObject({ applies: true, rate_pct: 26 });
    // The statutory rate, not the one a business would enter.
    expect(section(federalCredits({ ...business('2025-01-01', '2025-06-01', { itcPct: 50 }), owner: 'residential' }), '25D').rate_pct).toBe(30);
  });

  it('storage keeps §48E: in full for construction begun by 2033, 75 % in 2034, 50 % in 2035, none after', () => {
    expect([2026, 2033, 2034, 2035, 2036].map((year) => storagePhaseDownPct(`${year}-06-01`))).toEqual([100, 100, 75, 50, 0]);
    const battery = (begin: string, inService: string) => federalCredits(business(begin, inService, { technology: 'storage' }))[0]!;
    // After the solar deadlines, the battery still earns it.
    expect(battery('2026-08-01', '2028-06-01')).toMatchObject({ section: '48E', technology: 'storage', applies: true, rate_pct: 30 });
    expect(battery('2034-03-01', '2035-06-01')).toMatchObject({ applies: true, rate_pct: 22.5 });
    expect(battery('2035-03-01', '2036-06-01')).toMatchObject({ applies: true, rate_pct: 15 });
    expect(battery('2036-01-02', '2037-06-01')).toMatchObject({ applies: false, rate_pct: 0 });
  });

  it('no federal credits outside the US', () => {
    expect(federalCredits({ ...business('2026-08-01', '2028-06-01'), country: 'IN' })).toEqual([]);
  });

  it('reads only real calendar dates', () => {
    expect(['2026-07-04', '2024-02-29'].every(isIsoDate)).toBe(true);
    expect(['2026-02-30', '2025-02-29', '2026-7-4', '04/07/2026', 20260704, null].some(isIsoDate)).toBe(false);
  });
});
