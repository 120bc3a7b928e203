import { Box, SimpleGrid, Stack, Stat, Text } from '@chakra-ui/react';
import type { FeasibilityStudy } from '../../contract/feasibility.ts';
import { formatMoney, formatMw, formatMwh, formatPct, formatPerKwh, formatYears } from './study-format.ts';

/** The study's headline figures: energy, yield and the finance results, P50 beside P90. */
export function StudyFigures({ study }: { study: FeasibilityStudy }) {
  const h = study.headline;
  const figures: [string, string, string?][] = [
    ['Annual energy (P50)', formatMwh(h.annual_ac_kwh), `${formatMw(h.dc_kw)}dc / ${formatMw(h.ac_kw)}ac`],
    ['P90 (one year)', formatMwh(h.p90_annual_kwh), `σ ${study.uncertainty.combined_sigma_pct.toFixed(1)} % combined`],
    ['Specific yield', `${Math.round(h.specific_yield_kwh_per_kwp).toLocaleString('en-US')} kWh/kWp`],
    ['Capacity factor', formatPct(h.capacity_factor_ac), 'AC'],
    ['Performance ratio', formatPct(h.performance_ratio)],
    ['NPV', formatMoney(h.npv, h.currency), `capex ${formatMoney(h.capex, h.currency)}`],
    ['IRR', h.irr_pct === null ? 'none' : `${h.irr_pct.toFixed(2)} %`],
    ['LCOE', formatPerKwh(h.lcoe_per_kwh, h.currency), 'discounted'],
    ['Payback', formatYears(h.simple_payback_years), `discounted ${formatYears(h.discounted_payback_years)}`],
  ];
  return (
    <SimpleGrid columns={{ base: 2, md: 3, lg: 5 }} gap={3} data-testid="study-figures">
      {figures.map(([label, value, help]) => (
        <Stat.Root key={label} borderWidth="1px" rounded="md" p={3} bg="bg">
          <Stat.Label>{label}</Stat.Label>
          <Stat.ValueText fontSize={{ base: 'lg', md: 'xl' }}>{value}</Stat.ValueText>
          {/* A <dd>: a bare <span> directly in the stat's <dl> is not allowed there (axe definition-list). */}
          {help && <Stat.HelpText as="dd">{help}</Stat.HelpText>}
        </Stat.Root>
      ))}
    </SimpleGrid>
  );
}

/** What P90 assumed: each uncertainty term with its source, combined as independent normals. */
export function UncertaintyNote({ study }: { study: FeasibilityStudy }) {
  const u = study.uncertainty;
  return (
    <Box fontSize="sm" color="fg.muted">
      <Text>
        P50 is the simulated typical year; P90 is the energy exceeded in 9 years out of 10, P50 × (1 − 1.2816 σ) with σ = {u.combined_sigma_pct.toFixed(1)} % from these independent terms:
      </Text>
      <Stack as="ul" gap={1} mt={1} ps={5} listStyleType="disc">
        {u.terms.map((term) => (
          <li key={term.key}>
            {term.label}: {term.sigma_pct} % (1σ). <Text as="span" fontStyle="italic">{term.source}</Text>
          </li>
        ))}
      </Stack>
    </Box>
  );
}
