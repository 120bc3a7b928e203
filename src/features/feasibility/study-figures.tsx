import { Box, HStack, Icon, SimpleGrid, Stack, Stat, Text } from '@chakra-ui/react';
import { isAfterTax } from '../../contract/settings.ts';
import { Activity, CalendarClock, Coins, Gauge, Handshake, Landmark, Percent, PiggyBank, PlugZap, Receipt, ShieldCheck, Sun, Target, Zap, type LucideIcon } from 'lucide-react';
import type { FeasibilityStudy, StudyHeadline } from '../../contract/feasibility.ts';
import { isUrdbTariff, tariffLabels } from '../../contract/behind-the-meter.ts';
import type { WhatIfFigures } from '../../solar/what-if.ts';
import { formatDecimal, formatInteger, formatPercent } from '../../lib/number-format.ts';
import { energyPriceUnit, formatEnergyPrice, formatMoney, formatMw, formatMwh, formatPct, paybackText } from './study-format.ts';
import { exportRuleInfo } from './new-study/behind-the-meter-choices.ts';
import { withBills, type HeadlineBills } from './headline-bills.ts';

type Card = [LucideIcon, string, string, string?];

/** A what-if's figures as a headline: P90 keeps the saved study's ratio to P50 (the uncertainty is the same). */
function headlineOf(figures: WhatIfFigures, saved: StudyHeadline): StudyHeadline {
  return withBills({
    ...saved,
    dc_kw: figures.dc_kw,
    ac_kw: figures.ac_kw,
    annual_ac_kwh: figures.annual_ac_kwh,
    specific_yield_kwh_per_kwp: figures.specific_yield_kwh_per_kwp,
    capacity_factor_ac: figures.capacity_factor_ac,
    performance_ratio: figures.performance_ratio,
    p50_annual_kwh: figures.annual_ac_kwh,
    p90_annual_kwh: saved.p50_annual_kwh > 0 ? (figures.annual_ac_kwh * saved.p90_annual_kwh) / saved.p50_annual_kwh : 0,
    capex: figures.capex,
    npv: figures.npv,
    irr_pct: figures.irr_pct,
    lcoe_per_kwh: figures.lcoe_per_kwh,
    simple_payback_years: figures.simple_payback_years,
    discounted_payback_years: figures.discounted_payback_years,
    monthly_ac_kwh: figures.monthly_ac_kwh,
    min_dscr: figures.min_dscr,
    breakeven_ppa_per_kwh: figures.breakeven_ppa_per_kwh,
  }, figures);
}

/**
 * The study's headline figures: energy, yield and the finance results, P50 beside P90, and the price it assumed. A
 * rooftop's speak bills (before and after, year-1 savings, NPV, payback), not coverage or a PPA. With a what-if, its
 * figures take the cards' place, each marked and with the saved study's figure under it where the two differ.
 * `savedBills` fills the bills of a study saved before its headline carried them.
 */
export function StudyFigures({
  study,
  whatIf = null,
  whatIfAssumptions = study.assumptions,
  savedBills = null,
}: {
  study: FeasibilityStudy;
  whatIf?: WhatIfFigures | null;
  /** The what-if's inputs, for the price it assumed. */
  whatIfAssumptions?: FeasibilityStudy['assumptions'];
  savedBills?: HeadlineBills | null;
}) {
  const sigmaPct = study.uncertainty.combined_sigma_pct;
  const headline = study.headline.bill_without_solar_year1 === undefined ? withBills(study.headline, savedBills) : study.headline;
  const saved = cardsOf(headline, sigmaPct, study.assumptions);
  const savedValue = new Map(saved.map(([, label, value]) => [label, value]));
  const figures = whatIf ? cardsOf(headlineOf(whatIf, headline), sigmaPct, whatIfAssumptions) : saved;
  return (
    <SimpleGrid columns={{ base: 2, md: 3, xl: 5 }} gap={{ base: 2, md: 3 }} data-testid="study-figures" data-what-if={whatIf ? 'true' : undefined}>
      {figures.map(([icon, label, value, help]) => {
        const before = savedValue.get(label);
        const moved = whatIf !== null && before !== undefined && before !== value;
        return (
          <Stat.Root key={label} borderWidth="1px" borderColor={moved ? 'brand.emphasized' : undefined} rounded="lg" p={{ base: 3, md: 4 }} bg="bg.panel" boxShadow="xs" gap={1} minW={0} data-moved={moved ? 'true' : undefined}>
            <HStack asChild gap={2} color="fg.muted">
              <Stat.Label>
                <FigureIcon icon={icon} />
                {label}
              </Stat.Label>
            </HStack>
            <Stat.ValueText fontSize={{ base: 'lg', md: '2xl' }} fontVariantNumeric="tabular-nums" overflowWrap="anywhere">
              {value}
            </Stat.ValueText>
            {/* A <dd>: a bare <span> directly in the stat's <dl> is not allowed there (axe definition-list). */}
            {moved ? (
              <Stat.HelpText as="dd" color="brand.fg">
                what-if; saved {before}
              </Stat.HelpText>
            ) : (
              help && <Stat.HelpText as="dd">{help}</Stat.HelpText>
            )}
          </Stat.Root>
        );
      })}
    </SimpleGrid>
  );
}

function cardsOf(h: StudyHeadline, sigmaPct: number, assumptions: FeasibilityStudy['assumptions']): Card[] {
  const payback = paybackText(h.simple_payback_years, h.discounted_payback_years);
  const energy: Card[] = [
    [Zap, 'Annual energy (P50)', formatMwh(h.annual_ac_kwh), `${formatMw(h.dc_kw)}dc / ${formatMw(h.ac_kw)}ac`],
    [ShieldCheck, 'P90 (one year)', formatMwh(h.p90_annual_kwh), `σ ${formatPercent(sigmaPct, 1)} combined`],
    [Sun, 'Specific yield', `${formatInteger(h.specific_yield_kwh_per_kwp)} kWh/kWp`],
    [Gauge, 'Capacity factor', formatPct(h.capacity_factor_ac), 'AC'],
  ];
  if (h.structure === 'behind_the_meter') return [...energy, ...billCards(h, assumptions), [CalendarClock, 'Payback', payback.value, payback.help]];
  const afterTax = isAfterTax(h.structure);
  const unit = energyPriceUnit(h.structure, h.currency);
  const { price_per_kwh: price, escalation_pct: escalation } = assumptions.tariff;
  return [
    ...energy,
    [Activity, 'Performance ratio', formatPct(h.performance_ratio)],
    [Handshake, 'PPA price', formatEnergyPrice(price, h.currency, unit), escalation ? `year 1, rising ${formatPercent(escalation, 2, { minDigits: 0 })} a year` : 'flat, all years'],
    ...(afterTax
      ? ([
          [PiggyBank, 'After-tax NPV', formatMoney(h.npv, h.currency), `equity; capex ${formatMoney(h.capex, h.currency)}`],
          [Percent, 'Equity IRR', h.irr_pct === null ? 'none' : formatPercent(h.irr_pct, 2), 'after tax'],
          [Landmark, 'Min DSCR', h.min_dscr === null || h.min_dscr === undefined ? 'no debt' : formatDecimal(h.min_dscr, 2)],
          [Coins, 'LCOE', formatEnergyPrice(h.lcoe_per_kwh, h.currency, unit), 'nominal, after incentives'],
        ] as Card[])
      : ([
          [PiggyBank, 'NPV', formatMoney(h.npv, h.currency), `capex ${formatMoney(h.capex, h.currency)}`],
          [Percent, 'IRR', h.irr_pct === null ? 'none' : formatPercent(h.irr_pct, 2)],
          [Coins, 'LCOE', formatEnergyPrice(h.lcoe_per_kwh, h.currency, unit), 'discounted'],
        ] as Card[])),
    ...(h.breakeven_ppa_per_kwh !== undefined && h.breakeven_ppa_per_kwh !== null
      ? ([[Target, 'PPA price needed', formatEnergyPrice(h.breakeven_ppa_per_kwh, h.currency, unit), afterTax ? 'for the target equity IRR' : 'for NPV = 0']] as Card[])
      : []),
    [CalendarClock, 'Payback', payback.value, payback.help],
  ];
}

/** A rooftop's money cards: the tariff it ran on, year 1's bills without and with solar, the savings and the NPV. */
function billCards(h: StudyHeadline, assumptions: FeasibilityStudy['assumptions']): Card[] {
  const { tariff } = assumptions;
  const labels = isUrdbTariff(tariff) ? tariffLabels(tariff) : null;
  const rule = assumptions.export ? exportRuleInfo[assumptions.export.rule].label : undefined;
  const tariffCard: Card = labels
    ? [PlugZap, 'Tariff', labels.name ?? 'A rate structure', [labels.utility, rule].filter(Boolean).join('; ') || undefined]
    : [PlugZap, 'Electricity price', formatEnergyPrice(tariff.price_per_kwh, h.currency, 'kWh'), rule ?? 'flat, every hour'];
  const bills: Card[] =
    h.bill_without_solar_year1 === undefined
      ? []
      : [
          [Receipt, 'Bill without solar', formatMoney(h.bill_without_solar_year1, h.currency), 'year 1'],
          [Receipt, 'Bill with solar', formatMoney(h.bill_with_solar_year1 ?? 0, h.currency), (h.bill_with_solar_year1 ?? 0) < 0 ? 'year 1; owed to the customer' : 'year 1'],
          [Coins, 'Savings, year 1', formatMoney(h.savings_year1 ?? 0, h.currency), 'the two bills’ difference'],
        ];
  const household = assumptions.finance.owner === 'residential';
  return [tariffCard, ...bills, [PiggyBank, 'NPV', formatMoney(h.npv, h.currency), `${household ? 'of the savings' : 'after tax, of the savings'}; capex ${formatMoney(h.capex, h.currency)}`]];
}

function FigureIcon({ icon: Glyph }: { icon: LucideIcon }) {
  return (
    <Box as="span" display="inline-flex" p={1} rounded="md" bg="brand.subtle" color="brand.fg">
      <Icon asChild boxSize="3.5">
        <Glyph aria-hidden />
      </Icon>
    </Box>
  );
}

/** What P90 assumed: each uncertainty term with its source, combined as independent normals. */
export function UncertaintyNote({ study }: { study: FeasibilityStudy }) {
  const u = study.uncertainty;
  return (
    <Box fontSize="sm" color="fg.muted" borderWidth="1px" rounded="lg" p={4} bg="bg.subtle">
      <Text>
        P50 is the simulated typical year; P90 is the energy exceeded in 9 years out of 10, P50 × (1 − 1.2816 σ) with σ = {formatPercent(u.combined_sigma_pct, 1)} from these independent terms:
      </Text>
      <Stack as="ul" gap={1} mt={1} ps={5} listStyleType="disc">
        {u.terms.map((term) => (
          <li key={term.key}>
            {term.label}: {formatPercent(term.sigma_pct, 2, { minDigits: 0 })} (1σ). <Text as="span" fontStyle="italic">{term.source}</Text>
          </li>
        ))}
      </Stack>
    </Box>
  );
}
