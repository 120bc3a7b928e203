import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { FilePicker } from '../../../components/ui/file-picker.tsx';
import { sellRateWords } from '../../../solar/behind-the-meter.ts';
import { readSellRates, type HourlySellRates } from './behind-the-meter-choices.ts';
import { FieldMessages } from './energy-model-fields.tsx';

/** A year of 35,040 rates written out is under 400 kB; a file past 2 MB is not one column of prices. */
const maxSellRateFileBytes = 2 * 1024 * 1024;

interface SellRateFieldsProps {
  value: HourlySellRates | null | undefined;
  onChange: (rates: HourlySellRates | null) => void;
  currency: string;
  /** The server's word on export.hourly_sell_rate_per_kwh. */
  error: string | undefined;
}

/**
 * Hourly (or quarter-hourly) sell rates from a CSV of one column, read in the browser and sent with the study: the
 * file's figures (how many, lowest, mean, highest), never its values, and its problems line by line.
 */
export function SellRateFields({ value, onChange, currency, error }: SellRateFieldsProps) {
  const [problems, setProblems] = useState<string[]>([]);
  const take = async (file: File) => {
    const read = readSellRates(file.name, await file.text());
    if ('problems' in read) {
      setProblems(read.problems);
      return;
    }
    setProblems([]);
    onChange(read);
  };

  return (
    <Stack gap={2}>
      <Text fontSize="sm" color="fg.muted">
        Hourly sell rates (optional): export prices that change hour by hour, such as a net billing tariff&apos;s export credits, in place of the single sell rate.
      </Text>
      {value ? (
        <HStack gap={3} wrap="wrap">
          <Text fontSize="sm">
            {value.fileName}: {sellRateWords(value.summary, `${currency}/kWh`)}.
          </Text>
          <Button size="xs" variant="outline" onClick={() => onChange(null)}>
            Remove the hourly sell rates
          </Button>
        </HStack>
      ) : (
        <FilePicker
          label="Upload hourly sell rates"
          typesLabel={`CSV of one column: 8,760 hourly or 35,040 quarter-hourly sell rates in ${currency}/kWh, January 1st first; a header row is fine`}
          accept={['.csv', '.txt', 'text/csv', 'text/plain']}
          maxBytes={maxSellRateFileBytes}
          onFile={(file) => void take(file)}
        />
      )}
      {(problems.length > 0 || error) && <FieldMessages messages={problems.length > 0 ? problems : [error!]} />}
    </Stack>
  );
}
