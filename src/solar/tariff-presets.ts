/**
 * Real retail tariffs in OpenEI URDB's structure (0-based schedules, as readUrdbRate accepts), for the markets the
 * product shows: a US commercial TOU rate with demand charges, two US residential TOU rates (PG&E and SCE), an Indian
 * residential slab tariff and a French flat residential tariff, each with the export rule of its market and the sector
 * (URDB's `sector`) of the customers it serves. Every number carries its source and the date it is as of; what a source
 * did not give is an assumption and says so in `notes`. URDB's unit strings say '$' but the amounts are in the
 * preset's `currency`.
 */
import type { ExportUsed } from '../contract/behind-the-meter.ts';
import { flatRate } from './behind-the-meter.ts';
import type { EnergyTier, UrdbRate } from './bills/tariff.ts';

export interface TariffPreset {
  id: 'us-commercial-tou-demand' | 'us-residential-pge-e-tou-c' | 'us-residential-sce-tou-d-4-9pm' | 'in-residential-slab' | 'eu-residential-flat';
  name: string;
  /** The customers the tariff serves, as OpenEI URDB's `sector` names them. */
  sector: 'Residential' | 'Commercial';
  currency: 'USD' | 'INR' | 'EUR';
  /** ISO 3166-1 alpha-2. */
  country: string;
  rate: UrdbRate;
  /** Nominal change of every rate and charge a year, percent (the API's tariff.escalation_pct). */
  escalation_pct: number;
  /** The export rule suggested for this market, as the API's `export` takes it. */
  export: ExportUsed;
  /** Issuer, document, URL and effective date of the numbers. */
  source: string;
  /** The date the numbers are as of (YYYY-MM or YYYY-MM-DD). */
  retrieved: string;
  /** What was simplified or assumed. */
  notes: string[];
}

/** One energy period every hour of the year, with the given tier ladder. */
const allYear = (tiers: EnergyTier[]): UrdbRate => ({ ...flatRate(0), energyratestructure: [tiers] });

/** URDB's month rows: the `summer` row in months `first`–`last` (0-based, both in), the `winter` row in the others. */
const seasonal = (first: number, last: number) => (winter: number[], summer: number[]) => Array.from({ length: 12 }, (_, month) => [...(month >= first && month <= last ? summer : winter)]);
/** E-19's winter is November–April (rows 0–3, 10–11), its summer May–October (rows 4–9). */
const bySeason = seasonal(4, 9);
/** The residential TOU schedules' summer is June–September (rows 5–8): PG&E E-TOU-C, SCE TOU-D. */
const byResidentialSeason = seasonal(5, 8);
const allDay = (period: number) => Array.from({ length: 24 }, () => period);
/** A day's 24 hours (hour 0 first): `evening` from 16:00 to 21:00, `midday` from 8:00 to 16:00, `other` the rest. */
const fourToNine = (evening: number, other: number, midday = other) => Array.from({ length: 24 }, (_, hour) => (hour >= 16 && hour < 21 ? evening : hour >= 8 && hour < 16 ? midday : other));

/**
 * A residential rate with a baseline credit, as URDB writes one: the month's first baseline kWh (a daily allowance ×
 * the days of the month, all periods together) cost `credit` less.
 */
const withBaseline = (rate: number, adj: number, baselineKwhPerDay: number, credit: number): EnergyTier[] => [
  { max: baselineKwhPerDay, unit: 'kWh daily', rate, adj: adj - credit },
  { unit: 'kWh daily', rate, ...(adj === 0 ? {} : { adj }) },
];
// URDB's weekday rows for E-19 (hour 0 first): winter part-peak 8:00–21:00, for energy and demand alike; summer
// part-peak 8:00–12:00 and 18:00–21:00, peak 12:00–18:00.
const E19_WINTER_WEEKDAY = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0];
const E19_ENERGY_SUMMER_WEEKDAY = [2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 3, 3, 3, 2, 2, 2];
const E19_DEMAND_SUMMER_WEEKDAY = [0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 2, 2, 2, 0, 0, 0];

/** OpenEI URDB item 5cef0a415457a33576f60fe2, its rate fields exactly as URDB gives them. */
const PGE_E19_SECONDARY_2019: UrdbRate = {
  // Winter off-peak, winter part-peak, summer off-peak, summer part-peak, summer peak.
  energyratestructure: [[{ rate: 0.09593, unit: 'kWh' }], [{ rate: 0.11253, unit: 'kWh' }], [{ rate: 0.08837, unit: 'kWh' }], [{ rate: 0.11883, unit: 'kWh' }], [{ rate: 0.16484, unit: 'kWh' }]],
  energyweekdayschedule: bySeason(E19_WINTER_WEEKDAY, E19_ENERGY_SUMMER_WEEKDAY),
  energyweekendschedule: bySeason(allDay(0), allDay(2)),
  // $/kW of the month's highest demand in the period: none off-peak, winter part-peak, summer part-peak, summer peak.
  demandratestructure: [[{ rate: 0 }], [{ rate: 0.13 }], [{ rate: 5.81 }], [{ rate: 20.97 }]],
  demandweekdayschedule: bySeason(E19_WINTER_WEEKDAY, E19_DEMAND_SUMMER_WEEKDAY),
  demandweekendschedule: bySeason(allDay(0), allDay(0)),
  // $/kW of the month's highest demand at any hour (PG&E's "maximum demand" charge), winter and summer.
  flatdemandstructure: [[{ rate: 19.53 }], [{ rate: 19.53 }]],
  flatdemandmonths: [0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 0, 0],
  fixedchargefirstmeter: 19.71253,
  fixedchargeunits: '$/day',
};

/** PG&E E-TOU-C from 1 March 2026: $/kWh, the baseline credit, and territory T's basic allowances (kWh a day). */
const ETOUC = { winterOffPeak: 0.36757, winterPeak: 0.39757, summerOffPeak: 0.3994, summerPeak: 0.5224, baselineCredit: 0.0814, winterBaseline: 7.5, summerBaseline: 6.5 };
const etoucTiers = (rate: number, baseline: number) => withBaseline(rate, 0, baseline, ETOUC.baselineCredit);

/** E-TOU-C, bundled service: peak 16:00–21:00 every day, the rest off-peak; summer June–September. */
const PGE_E_TOU_C_2026: UrdbRate = {
  // Winter off-peak, winter peak, summer off-peak, summer peak.
  energyratestructure: [
    etoucTiers(ETOUC.winterOffPeak, ETOUC.winterBaseline),
    etoucTiers(ETOUC.winterPeak, ETOUC.winterBaseline),
    etoucTiers(ETOUC.summerOffPeak, ETOUC.summerBaseline),
    etoucTiers(ETOUC.summerPeak, ETOUC.summerBaseline),
  ],
  energyweekdayschedule: byResidentialSeason(fourToNine(1, 0), fourToNine(3, 2)),
  energyweekendschedule: byResidentialSeason(fourToNine(1, 0), fourToNine(3, 2)),
  // The Base Services Charge, standard (non-CARE, non-FERA) customers.
  fixedchargefirstmeter: 0.79343,
  fixedchargeunits: '$/day',
};

/**
 * SCE Schedule TOU-D, Option 4-9 PM from 1 June 2026, $/kWh: delivery and generation by period, the Fixed Recovery
 * Charge on every kWh, the baseline credit, and baseline region 9's basic allocations (kWh a day).
 */
const TOUD = {
  delivery: { summerOn: 0.33156, summerMid: 0.33156, summerOff: 0.2727, winterMid: 0.33156, winterOff: 0.2727, winterSuperOff: 0.25153 },
  generation: { summerOn: 0.25321, summerMid: 0.13326, summerOff: 0.07396, winterMid: 0.17956, winterOff: 0.10245, winterSuperOff: 0.08452 },
  fixedRecovery: 0.00619,
  baselineCredit: 0.10099,
  summerBaseline: 16.9,
  winterBaseline: 12,
};
type ToudPeriod = keyof typeof TOUD.delivery;
const toudTiers = (period: ToudPeriod, baseline: number) => withBaseline(TOUD.delivery[period] + TOUD.generation[period], TOUD.fixedRecovery, baseline, TOUD.baselineCredit);

/**
 * TOU-D-4-9PM, bundled service: summer (June–September) on-peak 16:00–21:00 on weekdays, mid-peak then on weekends
 * (and holidays), off-peak the rest; winter mid-peak 16:00–21:00, super off-peak 8:00–16:00, off-peak the rest.
 */
const SCE_TOU_D_4_9PM_2026: UrdbRate = {
  // Summer on-peak, mid-peak, off-peak; winter mid-peak, off-peak, super off-peak.
  energyratestructure: [
    toudTiers('summerOn', TOUD.summerBaseline),
    toudTiers('summerMid', TOUD.summerBaseline),
    toudTiers('summerOff', TOUD.summerBaseline),
    toudTiers('winterMid', TOUD.winterBaseline),
    toudTiers('winterOff', TOUD.winterBaseline),
    toudTiers('winterSuperOff', TOUD.winterBaseline),
  ],
  energyweekdayschedule: byResidentialSeason(fourToNine(3, 4, 5), fourToNine(0, 2)),
  energyweekendschedule: byResidentialSeason(fourToNine(3, 4, 5), fourToNine(1, 2)),
  // The Base Services Charge, per meter per day.
  fixedchargefirstmeter: 0.794,
  fixedchargeunits: '$/day',
};

/** REopt's default annual nominal electricity cost escalation (REopt.jl Financial.elec_cost_escalation_rate_fraction). */
const REOPT_ESCALATION_PCT = 1.66;

/** ₹/kWh on every slab: MSEDCL bills the wheeling charge per kWh next to the energy charge. */
const MSEDCL_WHEELING_FY2025 = 1.17;

export const TARIFF_PRESETS: TariffPreset[] = [
  {
    id: 'us-commercial-tou-demand',
    name: 'PG&E E-19 Medium General Demand TOU (Secondary) — TOU energy with maximum, part-peak and peak demand charges',
    sector: 'Commercial',
    currency: 'USD',
    country: 'US',
    rate: PGE_E19_SECONDARY_2019,
    escalation_pct: REOPT_ESCALATION_PCT,
    export: { rule: 'net_metering', sell_rate_per_kwh: 0, true_up_month: 12, year_end_rate_per_kwh: 0.04 },
    source:
      'OpenEI Utility Rate Database, label 5cef0a415457a33576f60fe2, utility "Pacific Gas & Electric Co" (EIA 14328), name "E-19 Medium General Demand TOU (Secondary)", ' +
      'startdate 2019-05-01 (1556690400), enddate 2019-06-30, sector Commercial, service Bundled, dgrules "Net Metering", its source PG&E Electric Schedule E-19 ' +
      '(http://www.pge.com/tariffs/tm2/pdf/ELEC_SCHEDS_E-19.pdf); https://openei.org/apps/IURDB/rate/view/5cef0a415457a33576f60fe2, read from the copy of the item in ' +
      'NREL REopt_API test data (reo/tests/posts/test_cold_POST.json)',
    retrieved: '2019-05-01',
    notes: [
      'A 2019 rate: PG&E has since moved E-19 customers to Schedule B-19 (other prices, peak 4–9 pm); the preset keeps this URDB item for its complete provenance.',
      'Rate fields exactly as URDB gives them; the item\'s other fields (attributes, description, revisions) are left out.',
      'Mandatory for maximum demand 500–999 kW (URDB peakkwcapacitymin 500 and max 999), voluntary below.',
      'URDB\'s hourly schedule: holidays bill as weekdays; Peak Day Pricing event charges and credits, the power-factor adjustment and the optional voluntary-TOU meter charge are left out.',
      'Fixed charge: the mandatory customer charge, $19.71253 a day (URDB: $19.71253 × 365 / 12 a month).',
      'Escalation: an assumption, REopt\'s default annual nominal electricity cost escalation (REopt.jl Financial.elec_cost_escalation_rate_fraction = 0.0166), not a PG&E forecast.',
      'Export: NEM 2.0-style monthly netting by TOU period with an annual true-up (PG&E NEM customers\' true-up month is their anniversary month; December here). NEM 2.0 values a period\'s surplus in dollars at its retail rate, less non-bypassable charges that are not deducted here; SAM\'s kWh roll-over by period is the closest rule that needs no sell rates. Solar interconnected since April 2023 takes the Net Billing Tariff with hourly avoided-cost export values, which one sell rate cannot represent.',
      'Year-end (net surplus compensation) rate: about $0.04/kWh as PG&E\'s AB 920 net surplus compensation FAQ put it; the rate floats monthly with a 12-month average of spot prices, so this is an approximation.',
    ],
  },
  {
    id: 'in-residential-slab',
    name: 'MSEDCL LT-I(B) Residential, single phase — monthly telescopic slabs, FY 2024-25',
    sector: 'Residential',
    currency: 'INR',
    country: 'IN',
    rate: {
      ...allYear([
        { max: 100, unit: 'kWh', rate: 4.71, adj: MSEDCL_WHEELING_FY2025 },
        { max: 300, unit: 'kWh', rate: 10.29, adj: MSEDCL_WHEELING_FY2025 },
        { max: 500, unit: 'kWh', rate: 14.55, adj: MSEDCL_WHEELING_FY2025 },
        { unit: 'kWh', rate: 16.64, adj: MSEDCL_WHEELING_FY2025 },
      ]),
      fixedchargefirstmeter: 128,
      fixedchargeunits: '$/month',
    },
    escalation_pct: 3,
    export: { rule: 'net_metering', sell_rate_per_kwh: 0, true_up_month: 3, year_end_rate_per_kwh: 3.3 },
    source:
      'Maharashtra Electricity Regulatory Commission, Mid-Term Review Order in Case No. 226 of 2022 (31 March 2023), tariff schedule for MSEDCL FY 2024-25, LT-I(B) Residential, ' +
      'effective 1 April 2024 (implemented by MSEDCL Commercial Circular No. 341, 28 April 2023; https://www.merc.gov.in, https://www.mahadiscom.in). The order itself was not read here: ' +
      'energy charges 0–100 / 101–300 / 301–500 / above 500 kWh of ₹4.71 / 10.29 / 14.55 / 16.64 and the per-kWh totals with wheeling of ₹5.88 / 11.46 / 15.72 / 17.81 are as reported by ' +
      'India TV Hindi (2024-04-01, "Electricity price hike in Maharashtra", republished by edules.com) and The Hitavada (2025-06-26, "Power tariff set to rise by 5 per cent as MERC ' +
      'admits errors in MYT order", which prints ₹16.54 for the top slab where ₹17.81 less the wheeling charge gives ₹16.64); ' +
      'single-phase fixed charge ₹128/month per Lokmat Times (2025-06-28, "MSEDCL revises power tariff"). Year-end rate: MERC generic tariff for surplus rooftop solar energy, FY 2024-25, ' +
      '₹3.30/kWh (MERC suo motu draft order, reported by Mercom India, September 2024, "Maharashtra Proposes ₹3.30/kWh as Generic Tariff for Rooftop Solar Projects")',
    retrieved: '2024-04-01',
    notes: [
      'Wheeling charge ₹1.17/kWh is the tier\'s `adj` on every slab (rate = MERC energy charge, rate + adj = what a kWh costs); it is the difference between the reported totals and energy charges, the same on all four slabs.',
      'Slabs are telescopic: each slab\'s kWh at its own price (URDB tiers). 501–1000 and above 1000 kWh are one slab at the same reported price.',
      'Left out: the fuel adjustment charge (varies monthly), electricity duty and tax on sale of electricity (state levies on the bill), the three-phase fixed charge (single-phase ₹128/month used) and the additional fixed charge above 10 kW of load.',
      'Superseded on paper from 1 July 2025 by MERC\'s review order of 25 June 2025 (Case No. 75 of 2025), which the Bombay High Court quashed and the Supreme Court remanded to MERC in November 2025; press figures for it conflict, so the preset keeps FY 2024-25, the last tariff whose figures agree across sources.',
      'Escalation: an assumption (3 % a year nominal), between MERC\'s planned reductions of the 2025 multi-year order and the 5.4 % rise of the 0–100 kWh slab from FY 2023-24 (₹5.58 with wheeling) to FY 2024-25 (₹5.88).',
      'Export: net metering under the MERC (Grid Interactive Rooftop Renewable Energy Generating Systems) Regulations, 2019: surplus kWh carry to the next bill, and those left at the end of the financial year (March) are bought at MERC\'s generic rooftop tariff. ₹3.30/kWh is the FY 2024-25 figure of MERC\'s draft order; the final figure was not confirmed here, and MERC has since set ₹2.82/kWh for later years (Nagpur Today, 2026-03-02; The Hitavada, 2026-01-06). The 2023 amendment\'s treatment of credits that keep growing over three financial years is not modelled.',
      'The PM Surya Ghar rooftop subsidy is a capital incentive, not part of the tariff.',
    ],
  },
  {
    id: 'eu-residential-flat',
    name: 'EDF Tarif Bleu (regulated tariff, TRVE), option Base 6 kVA, France — flat price with a yearly subscription',
    sector: 'Residential',
    currency: 'EUR',
    country: 'FR',
    rate: { ...flatRate(0.1952), fixedchargefirstmeter: 185.64, fixedchargeunits: '$/year' },
    escalation_pct: 2,
    export: { rule: 'net_billing', sell_rate_per_kwh: 0.04, true_up_month: 12, year_end_rate_per_kwh: 0 },
    source:
      'Tarifs réglementés de vente d\'électricité (EDF Tarif Bleu), option Base, 6 kVA, residential, all taxes included, in force from 1 August 2025 (set by the government on the proposal of ' +
      'the Commission de régulation de l\'énergie, https://www.cre.fr; EDF, https://particulier.edf.fr): €0.1952/kWh and €185.64 a year, as listed by JeChange ' +
      '(https://www.jechange.fr/energie/edf/tarifs/tarifs-reglementes, checked 2025-08-07) and commentaider.fr ("Tarifs abonnement EDF 2025"). Export: EDF OA purchase obligation for the surplus of ' +
      'self-consumption installations ≤ 9 kWp, €0.04/kWh, from the amended S21 tariff order published 27 March 2025, as reported by windpress.info (2025-04-09, "Baisse historique du tarif de rachat EDF OA")',
    retrieved: '2025-08-01',
    notes: [
      'Prices include VAT (20 % on both parts since 1 August 2025), the excise on electricity and the CTA network contribution.',
      'Chosen over Eurostat\'s household averages (nrg_pc_204): those fold the standing charges into one price per kWh, so a fixed charge beside them would count it twice.',
      'The 1 February 2026 movement (about −0.7 % on average, a higher subscription and lower kWh price: CRE deliberation of January 2026, order published 30 January 2026) is not applied.',
      'Escalation: an assumption (2 % a year nominal, about the euro area\'s inflation target), not a forecast.',
      'Export: self-consumption with surplus sale, each hour\'s surplus paid at €0.04/kWh (SAM\'s net billing). EDF OA pays yearly, here credited in the month it is earned; the OA price is fixed for the 20-year contract, while the engine escalates sell rates with the tariff. The self-consumption premium (€80/kWp up to 9 kWp under the same order) is a capital incentive, not part of the tariff.',
    ],
  },
  {
    id: 'us-residential-pge-e-tou-c',
    name: 'PG&E E-TOU-C Residential Time-of-Use (peak 4–9 p.m. every day), baseline territory T — March 2026',
    sector: 'Residential',
    currency: 'USD',
    country: 'US',
    rate: PGE_E_TOU_C_2026,
    escalation_pct: REOPT_ESCALATION_PCT,
    export: { rule: 'net_metering', sell_rate_per_kwh: 0, true_up_month: 12, year_end_rate_per_kwh: 0 },
    source:
      'Pacific Gas and Electric Company, Electric Schedule E-TOU-C (Residential Time-of-Use, Peak Pricing 4–9 p.m. Every Day), total bundled rates in force from 1 March 2026 ' +
      '(Advice Letter 7846-E, https://www.pge.com/tariffs/assets/pdf/adviceletter/ELEC_7846-E.pdf; PG&E residential rates table https://www.pge.com/assets/rates/tariffs/res-inclu-tou-current.xlsx). ' +
      'The workbook itself was not read here: peak / off-peak $0.52240 / $0.39940 a kWh in summer and $0.39757 / $0.36757 in winter, baseline credit $0.08140 a kWh and Base Services Charge ' +
      '$0.79343 a day are as transcribed from PG&E\'s Res_Inclu_TOU workbooks and the March 2026 filing in two public GitHub sources read through the code index (a household\'s ' +
      'E-TOU-C solar-savings model checked against its bills, and an E-1 / E-TOU-C comparison script citing sheets 61096-E and 61125-E), and agree with an OpenEI URDB item summarised ' +
      'in a third ("E-TOU-C Residential Time of Use Baseline Region X", sector Residential: tiers 0.31617 / 0.39757 and 0.28617 / 0.36757, i.e. the rates less the baseline credit, fixed charge ' +
      '$0.79343 a day). The URDB label was not given in full there and was not found. Baseline quantities of territory T, code B (basic electric): 6.5 kWh a day in summer and 7.5 in winter, ' +
      'from PG&E\'s baseline workbook (sheet ElecBaselineEffec220601, unchanged since 1 June 2022) as transcribed in the first of those sources',
    retrieved: '2026-03-01',
    notes: [
      'URDB structure: four periods (winter and summer, peak and off-peak), each with two daily tiers: the baseline allowance (kWh a day × the days of the month, all periods together) at the rate less the $0.08140 baseline credit (`adj`), and the rest at the rate. Baseline allowances differ by territory (P to Z) and for all-electric homes: territory T, basic, is an assumption; edit the tariff (paste the URDB item of your territory) for another.',
      'Peak is 4–9 p.m. every day, weekends and holidays included; summer is June–September.',
      'Left out: CARE, FERA and medical-baseline discounts (the Base Services Charge is the standard tier\'s), the California Climate Credit (a bill credit twice a year), local taxes and a community choice aggregator\'s generation rates (bundled service assumed).',
      'Escalation: an assumption, REopt\'s default annual nominal electricity cost escalation (REopt.jl Financial.elec_cost_escalation_rate_fraction = 0.0166), not a PG&E forecast.',
      'Export: NEM 2.0-style monthly netting by TOU period with a December true-up (a customer\'s true-up month is the anniversary of interconnection). PG&E\'s net surplus compensation rate was not found in a source read here, so kWh left at the true-up are paid nothing: an understatement where the system makes more than the home uses.',
      'Solar interconnected since April 2023 takes the Net Billing Tariff: choose net billing with carry-over and give PG&E\'s hourly export credit values for the system\'s vintage as hourly sell rates (export.hourly_sell_rate_per_kwh).',
    ],
  },
  {
    id: 'us-residential-sce-tou-d-4-9pm',
    name: 'SCE TOU-D-4-9PM Domestic Time-of-Use (Schedule TOU-D, Option 4-9 PM), baseline region 9 — June 2026',
    sector: 'Residential',
    currency: 'USD',
    country: 'US',
    rate: SCE_TOU_D_4_9PM_2026,
    escalation_pct: REOPT_ESCALATION_PCT,
    export: { rule: 'net_metering', sell_rate_per_kwh: 0, true_up_month: 12, year_end_rate_per_kwh: 0 },
    source:
      'Southern California Edison, Schedule TOU-D (Time-of-Use Domestic), Option 4-9 PM, bundled service, Cal. P.U.C. Sheet No. 91197-E and following, in force from 1 June 2026 ' +
      '(SCE tariff book, https://www.sce.com); baseline allocations from SCE Preliminary Statement Part H. The tariff sheets were not read here: the figures are as quoted, passage by ' +
      'passage, from the tariff text in a public GitHub project\'s rate notes read through the code index (a bill explainer\'s session report of 2026-10-01): delivery $0.33156 / $0.33156 / ' +
      '$0.27270 a kWh (summer on-, mid- and off-peak) and $0.33156 / $0.27270 / $0.25153 (winter mid-, off- and super off-peak), generation $0.25321 / $0.13326 / $0.07396 and $0.17956 / ' +
      '$0.10245 / $0.08452, Fixed Recovery Charge $0.00619 a kWh, baseline credit $0.10099 a kWh, Base Services Charge $0.794 a meter a day; baseline region 9, basic: 16.9 kWh a day in ' +
      'summer, 12.0 in winter. SCE\'s Base Services Charge of $24.15 a month (CPUC Decision 24-05-028, as recorded in another public source) agrees: 0.794 × 365 / 12 = 24.15. ' +
      'No OpenEI URDB item of this edition was found',
    retrieved: '2026-06-01',
    notes: [
      'URDB structure: six periods (summer on-, mid- and off-peak; winter mid-, off- and super off-peak). A period\'s `rate` is its delivery plus generation charge, its `adj` the Fixed Recovery Charge; the first daily tier (the baseline allocation × the days of the month, all periods together) takes the $0.10099 baseline credit off, up to 100 % of the allocation whatever the period, as the schedule says.',
      'Summer (1 June – 1 October): on-peak 4–9 p.m. on weekdays, mid-peak 4–9 p.m. on weekends; holidays, mid-peak in the schedule, bill as weekdays here. Winter: mid-peak 4–9 p.m., super off-peak 8 a.m.–4 p.m., off-peak the rest.',
      'Baseline region 9 is an assumption (the region is on the bill); SCE\'s other basic allocations (kWh a day, summer / winter): region 5 17.0 / 18.4, 6 11.4 / 11.0, 8 12.8 / 10.3, 10 19.3 / 12.1, 13 22.2 / 12.2, 14 19.2 / 11.9.',
      'Left out: the California Climate Credit ($36.00 twice a year), CARE, FERA and medical-baseline rates, all-electric and heat-pump allocations, the CPP option, local taxes and a community choice aggregator\'s generation rates (bundled service assumed).',
      'Escalation: an assumption, REopt\'s default annual nominal electricity cost escalation (REopt.jl Financial.elec_cost_escalation_rate_fraction = 0.0166), not an SCE forecast.',
      'Export: NEM 2.0-style monthly netting by TOU period with a December true-up. SCE\'s net surplus compensation rate was not found in a source read here, so kWh left at the true-up are paid nothing. Solar interconnected since April 2023 takes the Solar Billing Plan (net billing): choose net billing with carry-over and give SCE\'s hourly export credit values as hourly sell rates (export.hourly_sell_rate_per_kwh).',
    ],
  },
];
