import { Box, SimpleGrid, Text } from '@chakra-ui/react';
import { isAfterTax } from '../../contract/settings.ts';
import type { FinanceResult } from '../../contract/energy.ts';
import type { StudyAssumptions } from '../../solar/answers.ts';
import { formatPercent } from '../../lib/number-format.ts';
import { energyPriceUnit, formatEnergyPrice, formatPerW } from './study-format.ts';

/** The solvers' answers (src/solar/breakeven.ts) as a study or a what-if gives them. */
export type BreakevenFigures = Pick<FinanceResult, 'currency' | 'breakeven_ppa_per_kwh' | 'breakeven_ppa_note' | 'max_capex_per_wdc' | 'max_capex_note'>;

export interface BreakevenText {
  label: string;
  value: string;
  /** Why there is no value. */
  note: string | null;
}

const percent = (value: number) => formatPercent(value, 2, { minDigits: 0 });

/**
 * The breakeven sentences: the year-1 PPA price that meets the study's own target and the highest installed cost that
 * still does; a rooftop, which earns the bills it saves and sells at no PPA, has the installed cost's alone. The target is the single owner's equity IRR at its target year, or pre-tax the project IRR equal to
 * the discount rate (NPV = 0), as the solvers take it (docs/finance.md, Solvers).
 */
export function breakevenText(figures: BreakevenFigures, assumptions: StudyAssumptions): BreakevenText[] {
  const { finance } = assumptions;
  const afterTax = isAfterTax(finance.structure);
  const target = afterTax ? finance.target_irr_pct! : finance.discount_rate_pct;
  const targetYear = afterTax && finance.target_irr_year !== null && finance.target_irr_year !== undefined && finance.target_irr_year !== finance.analysis_years ? ` at year ${finance.target_irr_year}` : '';
  const goal = afterTax ? `${percent(target)} equity IRR${targetYear}` : `${percent(target)} IRR (NPV = 0)`;
  const { currency } = figures;
  const ppa: BreakevenText = {
    label: `PPA needed for ${goal}`,
    value: formatEnergyPrice(figures.breakeven_ppa_per_kwh, currency, energyPriceUnit(finance.structure, currency)),
    note: figures.breakeven_ppa_per_kwh === null ? (figures.breakeven_ppa_note ?? 'No price meets the target.') : null,
  };
  return [
    ...(finance.structure === 'behind_the_meter' ? [] : [ppa]),
    {
      label: `Capex that still reaches ${percent(target)}${targetYear}`,
      value: figures.max_capex_per_wdc === null ? 'none' : formatPerW(figures.max_capex_per_wdc, currency),
      note: figures.max_capex_per_wdc === null ? (figures.max_capex_note ?? 'No installed cost meets the target.') : null,
    },
  ];
}

/** The breakeven beside the headline: what the PPA and the installed cost may be for the study to meet its target. */
export function BreakevenLine({ figures, assumptions, whatIf }: { figures: BreakevenFigures; assumptions: StudyAssumptions; whatIf: boolean }) {
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap={{ base: 2, md: 3 }} data-testid="breakeven" aria-label="Breakeven" role="group">
      {breakevenText(figures, assumptions).map((line) => (
        <Box key={line.label} borderWidth="1px" borderColor={whatIf ? 'brand.emphasized' : 'border'} rounded="lg" px={4} py={3} bg="bg.subtle">
          <Text fontSize="sm" color="fg.muted">
            {line.label}:{' '}
            <Text as="span" fontSize="lg" fontWeight="semibold" color="fg" fontVariantNumeric="tabular-nums" whiteSpace="nowrap">
              {line.value}
            </Text>
            {whatIf && (
              <Text as="span" fontSize="xs" color="brand.fg" ms={2}>
                what-if
              </Text>
            )}
          </Text>
          {line.note && (
            <Text fontSize="sm" color="fg.muted" mt={1}>
              {line.note}
            </Text>
          )}
        </Box>
      ))}
    </SimpleGrid>
  );
}
