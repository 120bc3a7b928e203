/**
 * Which US federal tax credits a study gets, from its dates, its technology and its owner, as the law stands after
 * Public Law 119-21 (4 July 2025). Each rule cites the statute; docs/finance.md "Federal tax credits" lists the sources
 * and how each date was checked. The rates a business enters (`incentives.itc_pct`, with its prevailing-wage and
 * domestic-content adders, and `incentives.ptc_per_kwh`) stay inputs: the rules decide whether, and at what share, they
 * apply. Foreign-entity-of-concern (material assistance) rules are an assumption, not modelled: the project is taken
 * to meet them.
 */

import { monthLongNames } from '../lib/months.ts';

export type CreditTechnology = 'pv' | 'storage';
/** Who owns the system: a household that buys it, or a business (a utility plant, a commercial site, a third party). */
export type CreditOwner = 'residential' | 'commercial';
export const creditOwners = ['residential', 'commercial'] as const;

export interface CreditCase {
  /** ISO 3166 alpha-2; only 'US' has federal rules here. */
  country: string;
  owner: CreditOwner;
  technology: CreditTechnology;
  /** ISO dates (YYYY-MM-DD). */
  beginConstructionDate: string;
  placedInServiceDate: string;
  /** The ITC the business entered, with its adders, percent of the eligible basis. */
  itcPct: number;
  /** The PTC the business entered, per kWh in year 1. */
  ptcPerKwh: number;
}

export interface FederalCredit {
  /** The Internal Revenue Code section: '48E', '45Y', '25D', or the pre-2025 '48' and '45'. */
  section: string;
  technology: CreditTechnology;
  applies: boolean;
  /**
   * Investment credits (48E, 48, 25D): percent of the eligible basis. Production credits (45Y, 45): percent of the PTC
   * entered that is allowed.
   */
  rate_pct: number;
  reason: string;
}

/** The day Public Law 119-21 was enacted, and its dates for wind and solar (IRC §45Y and §48E as amended by its §§70512-70513). */
export const LAW_DATES = {
  enacted: '2025-07-04',
  /** Construction begun after this day: the facility must be placed in service by `windSolarPlacedInServiceBy`. */
  windSolarBeginConstructionBy: '2026-07-04',
  windSolarPlacedInServiceBy: '2027-12-31',
  /** §25D: no credit for expenditures made after this day (an expenditure is made when the installation is complete). */
  residentialLastDay: '2025-12-31',
  /** §45Y and §48E apply to facilities placed in service after 2024; §45 and §48 before. */
  techNeutralFrom: '2025-01-01',
} as const;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `text` is a real calendar date written YYYY-MM-DD. */
export function isIsoDate(text: unknown): text is string {
  if (typeof text !== 'string') return false;
  const match = ISO_DATE.exec(text);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === text;
}

const yearOf = (date: string) => Number(date.slice(0, 4));

/**
 * Storage (and every technology but wind and solar) keeps §48E in full for construction begun by 2033, then 75 % in
 * 2034, 50 % in 2035 and nothing after (IRC §48E(e), the phase-out, as amended by Pub. L. 119-21 §70513).
 */
export function storagePhaseDownPct(beginConstructionDate: string): number {
  const year = yearOf(beginConstructionDate);
  if (year <= 2033) return 100;
  if (year === 2034) return 75;
  if (year === 2035) return 50;
  return 0;
}

/** §25D's rate by the year the installation is complete: 30 % to 2019, 26 % in 2020-2021, 30 % in 2022-2025, none after. */
function residentialRatePct(placedInServiceDate: string): number {
  const year = yearOf(placedInServiceDate);
  if (year < 2006 || placedInServiceDate > LAW_DATES.residentialLastDay) return 0;
  return year === 2020 || year === 2021 ? 26 : 30;
}

/** 4 July 2026, as the statute writes dates. */
const fmtDate = (iso: string) => `${Number(iso.slice(8, 10))} ${monthLongNames[Number(iso.slice(5, 7)) - 1]} ${iso.slice(0, 4)}`;

/** The US federal credits of one technology of a study; none outside the US. */
export function federalCredits(c: CreditCase): FederalCredit[] {
  if (c.country.toUpperCase() !== 'US') return [];
  if (c.owner === 'residential') return residentialCredits(c);
  return c.technology === 'storage' ? [storageCredit(c)] : solarCredits(c);
}

function residentialCredits(c: CreditCase): FederalCredit[] {
  const rate = residentialRatePct(c.placedInServiceDate);
  const residential: FederalCredit = {
    section: '25D',
    technology: c.technology,
    applies: rate > 0,
    rate_pct: rate,
    reason:
      rate > 0
        ? `A household's own ${c.technology === 'pv' ? 'solar' : 'battery'} system completed on ${fmtDate(c.placedInServiceDate)}: IRC §25D gives ${rate} % of its cost, claimed against the household's income tax for that year (booked in year 1).`
        : c.placedInServiceDate > LAW_DATES.residentialLastDay
          ? `No §25D credit: Public Law 119-21 §70506 (IRC §25D(h)) ends the residential clean energy credit for expenditures made after 31 December 2025, and a system's cost counts as spent when its installation is complete (IRC §25D(e)(8)); this one is completed on ${fmtDate(c.placedInServiceDate)}.`
          : `No §25D credit: the residential credit began with systems completed in 2006.`,
  };
  const business: FederalCredit = {
    section: '48E',
    technology: c.technology,
    applies: false,
    rate_pct: 0,
    reason:
      "No §48E credit: a household's own system is not used in a trade or business. A third party that owns the system and leases it or sells its power to the household (third-party ownership) can claim §48E.",
  };
  return [residential, business];
}

function solarCredits(c: CreditCase): FederalCredit[] {
  if (c.placedInServiceDate < LAW_DATES.techNeutralFrom) {
    const credits: FederalCredit[] = [
      {
        section: '48',
        technology: 'pv',
        applies: true,
        rate_pct: c.itcPct,
        reason: `Placed in service on ${fmtDate(c.placedInServiceDate)}, before 2025: the energy credit of IRC §48 at the ${c.itcPct} % entered (base rate with its prevailing-wage and domestic-content adders).`,
      },
    ];
    if (c.ptcPerKwh > 0) {
      credits.push({ section: '45', technology: 'pv', applies: true, rate_pct: 100, reason: 'Placed in service before 2025: the production credit of IRC §45 at the rate entered.' });
    }
    return credits;
  }
  const begunInTime = c.beginConstructionDate <= LAW_DATES.windSolarBeginConstructionBy;
  const inServiceInTime = c.placedInServiceDate <= LAW_DATES.windSolarPlacedInServiceBy;
  const applies = begunInTime || inServiceInTime;
  const why = begunInTime
    ? `construction began on ${fmtDate(c.beginConstructionDate)}, by 4 July 2026, so the facility keeps the credit whenever it is placed in service${continuityNote(c)}`
    : inServiceInTime
      ? `construction began on ${fmtDate(c.beginConstructionDate)}, after 4 July 2026, but the facility is placed in service on ${fmtDate(c.placedInServiceDate)}, by 31 December 2027`
      : `construction began on ${fmtDate(c.beginConstructionDate)}, after 4 July 2026, and the facility is placed in service on ${fmtDate(c.placedInServiceDate)}, after 31 December 2027`;
  const law = 'IRC §45Y and §48E as amended by Public Law 119-21 §§70512-70513; beginning of construction per IRS Notice 2025-42';
  const credits: FederalCredit[] = [
    {
      section: '48E',
      technology: 'pv',
      applies,
      rate_pct: applies ? c.itcPct : 0,
      reason: applies
        ? `§48E at the ${c.itcPct} % entered (base rate with its prevailing-wage and domestic-content adders): ${why} (${law}).`
        : `No §48E credit for a solar facility whose ${why} (${law}).`,
    },
  ];
  if (c.ptcPerKwh > 0) {
    credits.push({
      section: '45Y',
      technology: 'pv',
      applies,
      rate_pct: applies ? 100 : 0,
      reason: applies ? `§45Y at the rate entered: ${why} (${law}). A facility claims §45Y or §48E, not both.` : `No §45Y credit for a solar facility whose ${why} (${law}).`,
    });
  }
  return credits;
}

/** IRS Notice 2025-42's continuity safe harbour: placed in service by the end of the fourth calendar year after the start. */
function continuityNote(c: CreditCase): string {
  if (yearOf(c.placedInServiceDate) <= yearOf(c.beginConstructionDate) + 4) return '';
  return `; placed in service after the end of ${yearOf(c.beginConstructionDate) + 4}, beyond the four-year continuity safe harbour of IRS Notice 2025-42, the owner must show continuous work`;
}

function storageCredit(c: CreditCase): FederalCredit {
  const share = storagePhaseDownPct(c.beginConstructionDate);
  const year = yearOf(c.beginConstructionDate);
  const law = 'IRC §48E(e) as amended by Public Law 119-21 §70513';
  return {
    section: '48E',
    technology: 'storage',
    applies: share > 0,
    rate_pct: (c.itcPct * share) / 100,
    reason:
      share === 100
        ? `Energy storage is not a wind or solar facility: it keeps §48E in full for construction begun by 2033 (${law}); begun in ${year}, ${c.itcPct} % as entered.`
        : share > 0
          ? `Construction begun in ${year}: storage's §48E is phased down to ${share} % of the ${c.itcPct} % entered (${law}).`
          : `No §48E credit: storage whose construction begins after 2035 gets none (${law}).`,
  };
}

/** The ITC percent and PTC per kWh the cash flows book, from the credits that apply. */
export function creditRates(credits: readonly FederalCredit[], technology: CreditTechnology): { itcPct: number; ptcShare: number } {
  const mine = credits.filter((credit) => credit.technology === technology && credit.applies);
  const investment = mine.find((credit) => ['48E', '48', '25D'].includes(credit.section));
  const production = mine.find((credit) => ['45Y', '45'].includes(credit.section));
  return { itcPct: investment?.rate_pct ?? 0, ptcShare: (production?.rate_pct ?? 0) / 100 };
}
