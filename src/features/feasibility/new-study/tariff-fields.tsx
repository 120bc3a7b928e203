import { Box, Button, HStack, IconButton, Input, Stack, Text, Textarea, type InputProps } from '@chakra-ui/react';
import { X } from 'lucide-react';
import { FilePicker } from '../../../components/ui/file-picker.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { commaMessage, priceRuleWords } from '../../../contract/validation.ts';
import type { UrdbRate } from '../../../solar/bills/tariff.ts';
import { TARIFF_PRESETS, type TariffPreset } from '../../../solar/tariff-presets.ts';
import { exportRuleInfo } from './behind-the-meter-choices.ts';
import { FieldMessages } from './energy-model-fields.tsx';
import { otherMessages } from './form-values.ts';
import { RadioChoices } from './radio-choices.tsx';
import { ScheduleGrid } from './schedule-grid.tsx';
import { maxTouPeriods, readTariff, tariffPresetById, withoutPeriod, type EnergyKind, type HandTariff, type TariffChoices, type TariffWay } from './tariff-choices.ts';

const tariffWays = [
  ['preset', 'A cited utility tariff'],
  ['urdb', 'An OpenEI Utility Rate Database rate (paste or upload its JSON)'],
  ['hand', 'Build it by hand'],
] as const;

/** An OpenEI answer with a few rates is tens of kB; anything near this is not one. */
const maxUrdbFileBytes = 2 * 1024 * 1024;

interface TariffFieldsProps {
  value: TariffChoices;
  onChange: (change: Partial<TariffChoices>) => void;
  /** A preset brings its escalation and export rule along. */
  onPreset: (id: TariffPreset['id']) => void;
  /** The study's currency (the assumptions preset's). */
  currency: string;
  /** The server's messages, and the reader's once the form was sent, by the API's keys (`tariff.energyratestructure.0.1.rate`). */
  fields: Record<string, string[]> | undefined;
}

/** A URDB field as OpenEI users know it: 'tariff.energyweekdayschedule.3.14' → 'energyweekdayschedule[3][14]'. */
function urdbName(key: string) {
  const name = key
    .split('.')
    .slice(1)
    .map((part, i) => (/^\d+$/.test(part) ? `[${part}]` : i === 0 ? part : `.${part}`))
    .join('');
  return name || 'The pasted text';
}

/** What an OpenEI rate holds, in a line. */
function rateSummary(rate: UrdbRate, labels: Record<string, unknown>) {
  const named = [labels.name, labels.utility].filter((part) => typeof part === 'string' && part.trim() !== '').join(', ');
  const parts = [
    `${rate.energyratestructure.length} energy ${rate.energyratestructure.length === 1 ? 'period' : 'periods'}`,
    rate.demandratestructure?.length ? 'time-of-use demand charges' : null,
    rate.flatdemandstructure?.length ? 'a monthly demand charge' : null,
    rate.fixedchargefirstmeter ? 'a fixed charge' : null,
    rate.mincharge ? 'a minimum charge' : null,
  ].filter(Boolean);
  return `Read ${named || 'the rate'}: ${parts.join(', ')}.`;
}

/** The tariff: a cited preset, an OpenEI URDB rate pasted or uploaded, or one built by hand; and its escalation. */
export function TariffFields({ value, onChange, onPreset, currency, fields }: TariffFieldsProps) {
  const field = (key: string) => fields?.[`tariff.${key}`]?.[0];
  const preset = tariffPresetById(value.presetId);
  const hand = value.hand;
  const setHand = (change: Partial<HandTariff>) => onChange({ hand: { ...hand, ...change } });
  // A pasted rate is read as it is typed: its problems show before anything is sent.
  const pasted = value.way === 'urdb' && value.urdbText.trim() !== '' ? readTariff(value) : null;
  const pastedProblems = pasted && 'problems' in pasted ? Object.entries(pasted.problems).flatMap(([key, messages]) => messages.map((message) => `${urdbName(key)}: ${message}`)) : [];
  const shown = (key: string) => value.way === 'hand' && handKeys(hand).has(key);
  const others = pastedProblems.length > 0 ? [] : otherMessages(fields, 'tariff', (key) => key === 'tariff.escalation_pct' || shown(key));
  // A pasted rate's problems are listed under it: the box is marked wrong, for the cursor to go to it after a send.
  const urdbInvalid = value.way === 'urdb' && (pastedProblems.length > 0 || others.length > 0);

  return (
    <Stack gap={3}>
      <Text fontWeight="semibold">Tariff</Text>
      <RadioChoices<TariffWay> label="How the tariff is given" value={value.way} onChange={(way) => onChange({ way })} choices={tariffWays} />

      {value.way === 'preset' && (
        <Stack gap={2} ps={{ base: 0, sm: 6 }}>
          <SelectField label="Utility tariff" size="sm" value={preset.id} onChange={(id) => onPreset(id as TariffPreset['id'])} options={TARIFF_PRESETS.map((p) => ({ value: p.id, label: p.name }))} />
          <Text fontSize="xs" color="fg.muted">
            Source: {preset.source}. As of {preset.retrieved}.
          </Text>
          <Text fontSize="sm">
            Prices in {preset.currency}. Its export rule, set below: {exportRuleInfo[preset.export.rule].label.toLowerCase()}.
          </Text>
          {preset.currency !== currency && (
            <Text fontSize="sm" color="fg.warning">
              This tariff is in {preset.currency} and the assumptions preset counts in {currency}: choose a preset in {preset.currency}, or the bills and the costs will be in two currencies.
            </Text>
          )}
          <Box as="details" fontSize="xs" color="fg.muted">
            <summary>What the preset simplifies or assumes</summary>
            <Stack as="ul" gap={1} ps={4} mt={1}>
              {preset.notes.map((note) => (
                <li key={note}>{note}</li>
              ))}
            </Stack>
          </Box>
        </Stack>
      )}

      {value.way === 'urdb' && (
        <Stack gap={2} ps={{ base: 0, sm: 6 }}>
          <FormField label="OpenEI URDB JSON" helper={`One rate item as OpenEI's API gives it, or its whole answer {"items": [...]}: the first item is taken. Its prices are read in ${currency}.`}>
            <Textarea size="sm" rows={6} fontFamily="mono" fontSize="xs" aria-invalid={urdbInvalid || undefined} value={value.urdbText} onChange={(event) => onChange({ urdbText: event.target.value })} />
          </FormField>
          <FilePicker label="Or upload a URDB JSON file" typesLabel="JSON from apps.openei.org or api.openei.org/utility_rates" accept={['.json', 'application/json']} maxBytes={maxUrdbFileBytes} onFile={(file) => void file.text().then((text) => onChange({ urdbText: text }))} />
          {pastedProblems.length > 0 && <FieldMessages messages={pastedProblems} />}
          {pasted && 'rate' in pasted && (
            <Text fontSize="sm" color="fg.success" role="status">
              {rateSummary(pasted.rate, pasted.labels)}
            </Text>
          )}
        </Stack>
      )}

      {value.way === 'hand' && <HandFields hand={hand} onChange={setHand} currency={currency} field={field} fields={fields} />}

      <FormField label="Tariff escalation (% a year)" error={field('escalation_pct')} helper="Every rate and charge changes by this much a year, nominal.">
        <Input size="sm" inputMode="decimal" maxW="28" value={value.escalationPct} onChange={(event) => onChange({ escalationPct: event.target.value })} />
      </FormField>
      {others.length > 0 && <FieldMessages messages={others} />}
    </Stack>
  );
}

/** The API keys the hand-built fields show at themselves. */
function handKeys(hand: HandTariff): Set<string> {
  const rows = hand.kind === 'slabs' ? hand.slabs.length : hand.kind === 'tou' ? hand.periods.length : 1;
  return new Set([
    ...Array.from({ length: rows }, (_, i) =>
      hand.kind === 'slabs' ? [`tariff.energyratestructure.0.${i}.rate`, `tariff.energyratestructure.0.${i}.max`] : [`tariff.energyratestructure.${i}.0.rate`, `tariff.demandratestructure.${i}.0.rate`],
    ).flat(),
    'tariff.flatdemandstructure.0.0.rate',
    'tariff.fixedchargefirstmeter',
    'tariff.mincharge',
  ]);
}

const kindLabels: [EnergyKind, string][] = [
  ['flat', 'One price for every kWh'],
  ['slabs', 'Monthly kWh slabs (as Indian residential tariffs)'],
  ['tou', 'Time of use (periods by month and hour)'],
];

interface HandFieldsProps {
  hand: HandTariff;
  onChange: (change: Partial<HandTariff>) => void;
  currency: string;
  field: (key: string) => string | undefined;
  fields: Record<string, string[]> | undefined;
}

/** A tariff built by hand: its energy prices one of three ways, then demand, fixed and minimum charges. */
function HandFields({ hand, onChange, currency, field, fields }: HandFieldsProps) {
  const perKwh = `${currency}/kWh`;
  const setSlab = (i: number, change: Partial<HandTariff['slabs'][number]>) => onChange({ slabs: hand.slabs.map((slab, j) => (j === i ? { ...slab, ...change } : slab)) });
  const setPeriod = (i: number, change: Partial<HandTariff['periods'][number]>) => onChange({ periods: hand.periods.map((period, j) => (j === i ? { ...period, ...change } : period)) });
  const invalidCells = new Set(
    Object.keys(fields ?? {}).flatMap((key) => {
      const cell = /^tariff\.(?:energy|demand)(weekday|weekend)schedule\.(\d+)\.(\d+)$/.exec(key);
      return cell ? [`${cell[1]}.${cell[2]}.${cell[3]}`] : [];
    }),
  );

  return (
    <Stack gap={3} ps={{ base: 0, sm: 6 }}>
      <SelectField label="Energy prices" size="sm" value={hand.kind} onChange={(kind) => onChange({ kind: kind as EnergyKind })} options={kindLabels.map(([kind, label]) => ({ value: kind, label }))} />
      {hand.kind === 'flat' && (
        <PriceField label={`Price (${perKwh})`} decimals="zeroOrMore" error={field('energyratestructure.0.0.rate')} maxW="32" value={hand.flatPrice} onChange={(flatPrice) => onChange({ flatPrice })} />
      )}
      {hand.kind === 'slabs' && (
        <Stack gap={2}>
          <Text fontSize="sm" color="fg.muted">
            Each slab's price applies to the month's kWh within it (telescopic); leave the last slab's end blank.
          </Text>
          {hand.slabs.map((slab, i) => (
            <HStack key={i} gap={2} wrap="wrap" align="flex-end">
              <FormField label={`Slab ${i + 1} up to (kWh a month)`} error={field(`energyratestructure.0.${i}.max`)}>
                <Input size="sm" inputMode="decimal" w="32" placeholder={i === hand.slabs.length - 1 ? 'no end' : undefined} value={slab.upToKwh} onChange={(event) => setSlab(i, { upToKwh: event.target.value })} />
              </FormField>
              <PriceField label={`Slab ${i + 1} price (${perKwh})`} decimals="zeroOrMore" error={field(`energyratestructure.0.${i}.rate`)} w="32" value={slab.price} onChange={(price) => setSlab(i, { price })} />
              <RemoveButton label={`Remove slab ${i + 1}`} disabled={hand.slabs.length <= 1} onClick={() => onChange({ slabs: hand.slabs.filter((_, j) => j !== i) })} />
            </HStack>
          ))}
          <Button size="xs" variant="outline" alignSelf="flex-start" onClick={() => onChange({ slabs: [...hand.slabs, { upToKwh: '', price: '' }] })}>
            Add a slab
          </Button>
        </Stack>
      )}
      {hand.kind === 'tou' && (
        <Stack gap={3}>
          <Stack gap={2} as="fieldset">
            <Text as="legend" fontSize="sm" fontWeight="medium" mb={1}>
              Time-of-use periods
            </Text>
            {hand.periods.map((period, i) => (
              <HStack key={i} gap={2} wrap="wrap" align="flex-end">
                <FormField label={`Period ${i + 1} name`}>
                  <Input size="sm" w="32" value={period.name} onChange={(event) => setPeriod(i, { name: event.target.value })} />
                </FormField>
                <PriceField label={`Period ${i + 1} price (${perKwh})`} decimals="zeroOrMore" error={field(`energyratestructure.${i}.0.rate`)} w="28" value={period.price} onChange={(price) => setPeriod(i, { price })} />
                <PriceField
                  label={`Period ${i + 1} demand (${currency}/kW, optional)`}
                  decimals="zeroOrMore"
                  error={field(`demandratestructure.${i}.0.rate`)}
                  w="28"
                  value={period.demandPerKw}
                  onChange={(demandPerKw) => setPeriod(i, { demandPerKw })}
                />
                <RemoveButton label={`Remove period ${i + 1}`} disabled={hand.periods.length <= 1} onClick={() => onChange(withoutPeriod(hand, i))} />
              </HStack>
            ))}
            <Button
              size="xs"
              variant="outline"
              alignSelf="flex-start"
              disabled={hand.periods.length >= maxTouPeriods}
              onClick={() => onChange({ periods: [...hand.periods, { name: `Period ${hand.periods.length + 1}`, price: '', demandPerKw: '' }] })}
            >
              Add a period
            </Button>
            <Text fontSize="xs" color="fg.muted">
              A period's demand charge is per kW of the month's highest demand in its hours.
            </Text>
          </Stack>
          <ScheduleGrid periods={hand.periods.map((period) => period.name)} weekday={hand.weekday} weekend={hand.weekend} invalid={invalidCells} onChange={onChange} />
        </Stack>
      )}
      <HStack gap={3} wrap="wrap" align="flex-start">
        <PriceField
          label={`Monthly demand charge (${currency}/kW, optional)`}
          decimals="zeroOrMore"
          error={field('flatdemandstructure.0.0.rate')}
          helper="Per kW of the month's highest demand at any hour."
          maxW="32"
          value={hand.flatDemandPerKw}
          onChange={(flatDemandPerKw) => onChange({ flatDemandPerKw })}
        />
        <PriceField label={`Fixed charge (${currency} a month, optional)`} decimals="zeroOrMore" error={field('fixedchargefirstmeter')} maxW="32" value={hand.fixedPerMonth} onChange={(fixedPerMonth) => onChange({ fixedPerMonth })} />
        <PriceField
          label={`Minimum charge (${currency} a month, optional)`}
          decimals="zeroOrMore"
          error={field('mincharge')}
          helper="A month's bill is at least this."
          maxW="32"
          value={hand.minimumPerMonth}
          onChange={(minimumPerMonth) => onChange({ minimumPerMonth })}
        />
      </HStack>
    </Stack>
  );
}

/** A number field's message, and after it, for text typed with a comma, what the comma is taken for. */
export function withCommaMessage(error: string | undefined, text: string): string | string[] | undefined {
  const comma = error ? commaMessage(text.trim()) : undefined;
  return error && comma ? [error, comma] : error;
}

interface PriceFieldProps {
  label: string;
  /** As the app quotes prices: per kWh to four decimals (fractions of a cent), other money (per kW, a month) to two. */
  decimals: keyof typeof priceRuleWords;
  /** The server's message, or the tariff reader's. */
  error: string | undefined;
  helper?: string;
  value: string;
  onChange: (text: string) => void;
  w?: InputProps['w'];
  maxW?: InputProps['maxW'];
}

/**
 * A price of the new-study form: its rule in plain words under it, and beside a message for it, what a comma typed in
 * it is taken for ("0,13": a decimal comma; "1,250": thousands separators), which the message itself does not say.
 */
export function PriceField({ label, decimals, error, helper, value, onChange, w, maxW }: PriceFieldProps) {
  return (
    <FormField label={label} error={withCommaMessage(error, value)} helper={helper} rule={priceRuleWords[decimals]}>
      <Input size="sm" inputMode="decimal" w={w} maxW={maxW} value={value} onChange={(event) => onChange(event.target.value)} />
    </FormField>
  );
}

export function RemoveButton({ label, disabled, onClick }: { label: string; disabled?: boolean; onClick: () => void }) {
  return (
    <IconButton size="sm" variant="ghost" aria-label={label} disabled={disabled} onClick={onClick}>
      <X aria-hidden />
    </IconButton>
  );
}
