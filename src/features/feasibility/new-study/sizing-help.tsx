import { Button, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { FormField } from '../../../components/ui/form-field.tsx';
import { formatDecimal, formatInteger, formatPercent, formatEnergy } from '../../../lib/number-format.ts';
import { approximateYield, dcKwForLoadShare, dcKwForRoof, yieldRuleSource } from './load-sizing.ts';

/** Sizes are typed to a tenth of a kW. */
const tenth = (kw: number) => Math.round(kw * 10) / 10;

interface SizingHelpProps {
  annualLoadKwh: number | null;
  /** The specific yield a study of the project simulated, and which study. */
  simulated: { kwhPerKwp: number; study: string } | null;
  latitude: number | null;
  moduleWPerM2: number;
  onUse: (dcKw: number) => void;
}

/** Two ways to a rooftop's DC size: cover a share of the yearly load, or fill the roof area the modules may use. */
export function SizingHelp({ annualLoadKwh, simulated, latitude, moduleWPerM2, onUse }: SizingHelpProps) {
  const [sharePct, setSharePct] = useState('100');
  const [roofM2, setRoofM2] = useState('');
  const share = Number(sharePct);
  const roof = Number(roofM2);
  const yieldUsed = simulated
    ? { kwhPerKwp: simulated.kwhPerKwp, says: `the ${formatInteger(simulated.kwhPerKwp)} kWh/kWp ${simulated.study} simulated here` }
    : latitude !== null
      ? {
        kwhPerKwp: approximateYield(latitude),
        says: `about ${formatInteger(approximateYield(latitude))} kWh/kWp, a rule of thumb for ${formatInteger(Math.abs(latitude))}° latitude (${yieldRuleSource}): approximate, the study's own simulation will differ`,
      }
      : null;
  const forLoad = annualLoadKwh !== null && yieldUsed && share > 0 ? tenth(dcKwForLoadShare(annualLoadKwh, share, yieldUsed.kwhPerKwp)) : null;
  const forRoof = roof > 0 && moduleWPerM2 > 0 ? tenth(dcKwForRoof(roof, moduleWPerM2)) : null;

  return (
    <Stack gap={3} borderWidth="1px" rounded="md" p={3}>
      <Text fontSize="sm" fontWeight="medium">
        Size it to the site
      </Text>
      <SizeTo label="Cover this share of the yearly load (%)" value={sharePct} onChange={setSharePct} kw={forLoad} what="the load" onUse={onUse} />
      <Text fontSize="xs" color="fg.muted" data-testid="load-sizing">
        {annualLoadKwh === null
          ? 'Give the yearly consumption, or choose a load file, to size the array to it.'
          : yieldUsed === null
            ? "The project has no location and no study yet: the yield per kWp is unknown, so type the size."
            : `${formatPercent(share, 4, { minDigits: 0 })} × ${formatEnergy(annualLoadKwh, 'kWh')} a year ÷ ${yieldUsed.says}.`}
      </Text>
      <SizeTo
        label="Roof area the modules may cover (m²)"
        helper={`× ${formatInteger(moduleWPerM2)} W/m² of module (the preset's module efficiency × 10).`}
        value={roofM2}
        onChange={setRoofM2}
        kw={forRoof}
        what="the roof"
        onUse={onUse}
      />
    </Stack>
  );
}

interface SizeToProps {
  label: string;
  helper?: string;
  value: string;
  onChange: (value: string) => void;
  /** The size it gives, when it gives one. */
  kw: number | null;
  what: string;
  onUse: (dcKw: number) => void;
}

/** One way to a size: what it is typed from, and the button that takes the size it gives. */
function SizeTo({ label, helper, value, onChange, kw, what, onUse }: SizeToProps) {
  return (
    <HStack gap={3} wrap="wrap" align="flex-end">
      <FormField label={label} helper={helper}>
        <Input size="sm" inputMode="decimal" w="28" value={value} onChange={(event) => onChange(event.target.value)} />
      </FormField>
      {kw !== null && (
        <Button size="sm" variant="outline" onClick={() => onUse(kw)}>
          Use {formatDecimal(kw, 1)} kW for {what}
        </Button>
      )}
    </HStack>
  );
}
