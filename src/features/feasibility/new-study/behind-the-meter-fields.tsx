import { Button, HStack, Input, Stack, Text } from '@chakra-ui/react';
import type { Dispatch, SetStateAction } from 'react';
import { exportRules, type ExportRuleName } from '../../../contract/behind-the-meter.ts';
import type { Preset } from '../../../contract/settings.ts';
import { FormField } from '../../../components/ui/form-field.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import type { ApiClient } from '../../../lib/api-client.ts';
import { monthLongNames } from '../../../lib/months.ts';
import type { SessionStore } from '../../../lib/session-storage.ts';
import { exportRuleInfo, ownerNote, pmSuryaGhar, withTariffPreset, type BehindTheMeterChoices, type ExportChoices, type IncentiveChoices, type Owner } from './behind-the-meter-choices.ts';
import { FieldMessages } from './energy-model-fields.tsx';
import { otherMessages } from './form-values.ts';
import { LoadFields } from './load-fields.tsx';
import { RadioChoices } from './radio-choices.tsx';
import { SellRateFields } from './sell-rate-fields.tsx';
import { PriceField, RemoveButton, TariffFields } from './tariff-fields.tsx';

/** The contract's most subsidy steps. */
const maxSubsidySteps = 10;

interface BehindTheMeterFieldsProps {
  value: BehindTheMeterChoices;
  onChange: Dispatch<SetStateAction<BehindTheMeterChoices>>;
  preset: Preset;
  /** South of the equator the load shapes' seasons turn around. */
  southern: boolean;
  /** The server's messages, and the tariff reader's once the form was sent. */
  fields: Record<string, string[]> | undefined;
  api: ApiClient;
  store: SessionStore;
  /** The project's country (ISO 3166 alpha-2, '' when unknown): a country's own schemes are offered only there. */
  country: string;
  /** Told when the user picks an owner (the form moves a household to a rooftop's preset and array). */
  onOwner?: (owner: Owner) => void;
  /** What picking the owner changed elsewhere in the form, in a sentence. */
  ownerNotice?: string | null;
}

/** What a behind-the-meter study asks: the owner, the site's load, its tariff, the export rule and rooftop incentives. */
export function BehindTheMeterFields({ value, onChange, preset, southern, fields, api, store, country, onOwner, ownerNotice }: BehindTheMeterFieldsProps) {
  const currency = preset.assumptions.finance.currency;
  const update = <K extends keyof BehindTheMeterChoices>(key: K) => (change: Partial<BehindTheMeterChoices[K]>) =>
    onChange((current) => ({ ...current, [key]: { ...(current[key] as object), ...change } }));
  return (
    <Stack gap={6}>
      <Stack gap={2}>
        <Text fontWeight="semibold">Who owns the system</Text>
        <RadioChoices<Owner>
          label="Who owns the system"
          inline
          value={value.owner}
          onChange={(owner) => {
            onChange((current) => ({ ...current, owner }));
            onOwner?.(owner);
          }}
          choices={[
            ['household', 'A household'],
            ['business', 'A business'],
          ]}
        />
        <Text fontSize="sm" color="fg.muted">
          {ownerNote(value.owner, preset)}
        </Text>
        {ownerNotice && (
          <Text fontSize="sm" role="status">
            {ownerNotice}
          </Text>
        )}
      </Stack>
      <LoadFields value={value.load} onChange={update('load')} southern={southern} fields={fields} api={api} store={store} />
      <TariffFields value={value.tariff} onChange={update('tariff')} onPreset={(id) => onChange((current) => withTariffPreset(current, id))} currency={currency} fields={fields} />
      <ExportFields value={value.export} onChange={update('export')} currency={currency} fields={fields} />
      <IncentiveFields value={value.incentives} onChange={update('incentives')} currency={currency} fields={fields} offersIndia={country.toUpperCase() === 'IN' || (country === '' && currency === 'INR')} />
    </Stack>
  );
}

const exportKeys = new Set(['export.rule', 'export.sell_rate_per_kwh', 'export.true_up_month', 'export.year_end_rate_per_kwh', 'export.hourly_sell_rate_per_kwh']);

interface SectionProps<T> {
  value: T;
  onChange: (change: Partial<T>) => void;
  currency: string;
  fields: Record<string, string[]> | undefined;
}

/** The rule for energy the site does not use, in a sentence, with the fields it reads. */
function ExportFields({ value, onChange, currency, fields }: SectionProps<ExportChoices>) {
  const field = (key: string) => fields?.[`export.${key}`]?.[0];
  const info = exportRuleInfo[value.rule];
  const others = otherMessages(fields, 'export', (key) => exportKeys.has(key));
  return (
    <Stack gap={3}>
      <Text fontWeight="semibold">Exported energy</Text>
      <SelectField
        label="Export rule"
        size="sm"
        error={field('rule')}
        helper={info.sentence}
        value={value.rule}
        onChange={(rule) => onChange({ rule: rule as ExportRuleName })}
        options={exportRules.map((rule) => ({ value: rule, label: exportRuleInfo[rule].label }))}
      />
      <HStack gap={3} wrap="wrap" align="flex-start">
        {info.reads.includes('sellRate') && !(info.reads.includes('hourlySellRates') && value.hourlySellRates) && (
          <PriceField
            label={`Sell rate (${currency}/kWh)`}
            decimals="zeroOrMore"
            error={field('sell_rate_per_kwh')}
            helper="For exports in periods whose tariff gives no sell rate of its own; 0 when blank."
            maxW="32"
            value={value.sellRate}
            onChange={(sellRate) => onChange({ sellRate })}
          />
        )}
        {info.reads.includes('trueUpMonth') && (
          <SelectField
            label="True-up month"
            size="sm"
            error={field('true_up_month')}
            helper="When the year's credits are settled."
            value={value.trueUpMonth}
            onChange={(month) => onChange({ trueUpMonth: month })}
            options={monthLongNames.map((name, i) => ({ value: String(i + 1), label: name }))}
          />
        )}
        {info.reads.includes('yearEndRate') && (
          <PriceField
            label={`Year-end rate (${currency}/kWh)`}
            decimals="zeroOrMore"
            error={field('year_end_rate_per_kwh')}
            helper="What the kWh credits left at the true-up are paid; 0 when blank."
            maxW="32"
            value={value.yearEndRate}
            onChange={(yearEndRate) => onChange({ yearEndRate })}
          />
        )}
      </HStack>
      {info.reads.includes('hourlySellRates') && (
        <SellRateFields value={value.hourlySellRates} onChange={(hourlySellRates) => onChange({ hourlySellRates })} currency={currency} error={field('hourly_sell_rate_per_kwh')} />
      )}
      {others.length > 0 && <FieldMessages messages={others} />}
    </Stack>
  );
}

/** Capital subsidies by size, a cap, and rebates per kW or as a share of the cost; PM Surya Ghar in one click. */
/** `offersIndia`: the project is in India (or, of no known country, counts in rupees), so India's scheme is offered. */
function IncentiveFields({ value, onChange, currency, fields, offersIndia }: SectionProps<IncentiveChoices> & { offersIndia: boolean }) {
  const field = (key: string) => fields?.[`incentives.${key}`]?.[0];
  const setStep = (i: number, change: Partial<IncentiveChoices['steps'][number]>) => onChange({ steps: value.steps.map((step, j) => (j === i ? { ...step, ...change } : step)) });
  const shown = (key: string) => /^incentives\.(capital_subsidy_per_kw\.\d+\.(up_to_kw|per_kw)|capital_subsidy_cap|rebate_per_kw|rebate_pct)$/.test(key);
  const others = otherMessages(fields, 'incentives', shown);
  return (
    <Stack gap={3}>
      <Text fontWeight="semibold">Rooftop incentives</Text>
      <Text fontSize="sm" color="fg.muted">
        Paid at construction: they lower the installed cost. A subsidy by size pays each step's amount for every kW up to the step's end.
      </Text>
      {offersIndia && (
        <HStack gap={2} wrap="wrap">
          <Button size="xs" variant="outline" onClick={() => onChange(pmSuryaGhar.incentives)}>
            {pmSuryaGhar.label}
          </Button>
          <Text fontSize="xs" color="fg.muted">
            ₹30,000/kW up to 2 kW, ₹18,000/kW for the 3rd kW, at most ₹78,000. Source: {pmSuryaGhar.source}.
            {currency !== pmSuryaGhar.currency && ` Rupee amounts: this study counts in ${currency}.`}
          </Text>
        </HStack>
      )}
      {value.steps.map((step, i) => (
        <HStack key={i} gap={2} wrap="wrap" align="flex-end">
          <PriceField label={`Step ${i + 1} subsidy (${currency}/kW)`} decimals="twoDecimals" error={field(`capital_subsidy_per_kw.${i}.per_kw`)} w="32" value={step.perKw} onChange={(perKw) => setStep(i, { perKw })} />
          <FormField label={`Step ${i + 1} up to (kW)`} error={field(`capital_subsidy_per_kw.${i}.up_to_kw`)}>
            <Input size="sm" inputMode="decimal" w="24" placeholder="no end" value={step.upToKw} onChange={(event) => setStep(i, { upToKw: event.target.value })} />
          </FormField>
          <RemoveButton label={`Remove step ${i + 1}`} disabled={value.steps.length <= 1} onClick={() => onChange({ steps: value.steps.filter((_, j) => j !== i) })} />
        </HStack>
      ))}
      <Button size="xs" variant="outline" alignSelf="flex-start" disabled={value.steps.length >= maxSubsidySteps} onClick={() => onChange({ steps: [...value.steps, { upToKw: '', perKw: '' }] })}>
        Add a step
      </Button>
      <HStack gap={3} wrap="wrap" align="flex-start">
        <PriceField
          label={`Subsidy cap (${currency}, optional)`}
          decimals="twoDecimals"
          error={field('capital_subsidy_cap')}
          helper="The most the steps pay in all."
          maxW="32"
          value={value.cap}
          onChange={(cap) => onChange({ cap })}
        />
        <PriceField label={`Rebate (${currency}/kW, optional)`} decimals="twoDecimals" error={field('rebate_per_kw')} maxW="32" value={value.rebatePerKw} onChange={(rebatePerKw) => onChange({ rebatePerKw })} />
        <FormField label="Rebate (% of the installed cost, optional)" error={field('rebate_pct')}>
          <Input size="sm" inputMode="decimal" maxW="32" value={value.rebatePct} onChange={(event) => onChange({ rebatePct: event.target.value })} />
        </FormField>
      </HStack>
      {others.length > 0 && <FieldMessages messages={others} />}
    </Stack>
  );
}
