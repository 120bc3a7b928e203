/**
 * Three real retail tariffs in OpenEI URDB's structure (0-based schedules, as readUrdbRate accepts), one per market the
 * product shows: a US commercial TOU rate with demand charges, an Indian residential slab tariff and a French flat
 * residential tariff, each with the export rule of its market. Every number carries its source and the date it is as
 * of; what a source did not give is an assumption and says so in `notes`. URDB's unit strings say '$' but the amounts
 * are in the preset's `currency`.
 */
import type { ExportUsed } from '../contract/behind-the-meter.ts';
import { flatRate } from './behind-the-meter.ts';
import type { EnergyTier, UrdbRate } from './bills/tariff.ts';

export interface TariffPreset {
  id: 'us-commercial-tou-demand' | 'in-residential-slab' | 'eu-residential-flat';
  name: string;
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

/** URDB's month rows: PG&E's winter is November–April (rows 0–3, 10–11), its summer May–October (rows 4–9). */
const bySeason = (winter: number[], summer: number[]) => Array.from({ length: 12 }, (_, month) => [...(month >= 4 && month <= 9 ? summer : winter)]);
const allDay = (period: number) => Array.from({ length: 24 }, () => period);
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

/** ₹/kWh on every slab: MSEDCL bills the wheeling charge per kWh next to the energy charge. */
const MSEDCL_WHEELING_FY2025 = 1.17;

export const TARIFF_PRESETS: TariffPreset[] = [
  {
    id: 'us-commercial-tou-demand',
    name: 'PG&E E-19 Medium General Demand TOU (Secondary) — TOU energy with maximum, part-peak and peak demand charges',
    currency: 'USD',
    country: 'US',
    rate: PGE_E19_SECONDARY_2019,
    escalation_pct: 1.66,
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
];
