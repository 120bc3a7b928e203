import { Box, Button, chakra, HStack, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { monthLongNames } from '../../../lib/months.ts';
import { monthNames } from '../study-format.ts';
import { fillSchedule, type DayKind, type ScheduleRange } from './tariff-choices.ts';

/** One colour a period, the digit beside it for those who do not tell them apart. */
const periodColors = ['gray.muted', 'orange.emphasized', 'red.emphasized', 'blue.emphasized', 'green.emphasized', 'purple.emphasized'];
const periodColor = (period: number) => periodColors[period % periodColors.length]!;

/**
 * The cells are plain buttons styled once from the table (288 of them re-render on every change): their period's
 * colour by `data-period`, a red outline when invalid.
 */
const gridCss = {
  '& td': { padding: 0 },
  '& td > button': { display: 'block', width: '100%', height: '5', fontSize: '2xs', lineHeight: '1', color: 'fg', rounded: '2px', cursor: 'pointer', touchAction: 'none' },
  '& td > button[aria-invalid=true]': { outline: '2px solid', outlineColor: 'border.error' },
  ...Object.fromEntries(periodColors.map((color, period) => [`& td > button[data-period="${period}"]`, { bg: color }])),
};

const dayKindLabels: Record<DayKind, string> = { weekday: 'weekdays', weekend: 'weekends' };
const hourText = (hour: number) => `${String(hour).padStart(2, '0')}:00`;
/** A cell's accessible name: "July, 14:00–15:00 weekdays: Peak". */
const cellName = (month: number, hour: number, day: DayKind, period: string) => `${monthLongNames[month]}, ${hourText(hour)}–${hourText(hour + 1)} ${dayKindLabels[day]}: ${period}`;

interface ScheduleGridProps {
  periods: readonly string[];
  weekday: number[][];
  weekend: number[][];
  onChange: (change: Partial<Record<DayKind, number[][]>>) => void;
  /** Cells the server or the reader found wrong, as `weekday.3.14`. */
  invalid: ReadonlySet<string>;
}

/**
 * The month × hour grid of a time-of-use tariff, weekdays or weekends: choose a period, then click or drag over the
 * hours (each cell is a button named by its month, hour and period), or set a range of months and hours at once.
 */
export function ScheduleGrid({ periods, weekday, weekend, onChange, invalid }: ScheduleGridProps) {
  const [day, setDay] = useState<DayKind>('weekday');
  const [paint, setPaint] = useState(periods.length > 1 ? 1 : 0);
  const painting = useRef(false);
  const schedule = day === 'weekday' ? weekday : weekend;
  const brush = Math.min(paint, periods.length - 1);
  useEffect(() => {
    const stop = () => (painting.current = false);
    window.addEventListener('pointerup', stop);
    return () => window.removeEventListener('pointerup', stop);
  }, []);

  const paintCell = (month: number, hour: number) => {
    if (schedule[month]![hour] !== brush) onChange({ [day]: fillSchedule(schedule, { fromMonth: month, toMonth: month, fromHour: hour, toHour: hour + 1 }, brush) });
  };
  // A touch keeps its pointer on the cell it began on: the cell under the finger is found by position.
  const dragOver = (event: PointerEvent) => {
    if (!painting.current) return;
    const cell = document.elementFromPoint(event.clientX, event.clientY)?.closest<HTMLElement>('[data-month]');
    if (cell) paintCell(Number(cell.dataset.month), Number(cell.dataset.hour));
  };

  return (
    <Stack gap={3}>
      <Stack gap={2} as="fieldset">
        <Text as="legend" fontSize="sm" fontWeight="medium" mb={1}>
          The hours of each period
        </Text>
        <HStack gap={1} wrap="wrap" role="group" aria-label="Period to set">
          {periods.map((name, i) => (
            <Button key={i} size="xs" variant={brush === i ? 'solid' : 'outline'} aria-pressed={brush === i} onClick={() => setPaint(i)}>
              <Box as="span" boxSize="3" rounded="xs" bg={periodColor(i)} borderWidth="1px" aria-hidden />
              {i + 1}. {name || `Period ${i + 1}`}
            </Button>
          ))}
        </HStack>
        <HStack gap={1} role="group" aria-label="Days shown">
          {(['weekday', 'weekend'] as const).map((kind) => (
            <Button key={kind} size="xs" variant={day === kind ? 'subtle' : 'ghost'} aria-pressed={day === kind} onClick={() => setDay(kind)}>
              {kind === 'weekday' ? 'Weekdays' : 'Weekends'}
            </Button>
          ))}
        </HStack>
        {/* An inline-size container: the grid scrolls here rather than widening the form. */}
        <Box overflowX="auto" containerType="inline-size">
          <chakra.table w="full" minW="30rem" css={gridCss} style={{ tableLayout: 'fixed', borderCollapse: 'separate', borderSpacing: 1 }} onPointerMove={dragOver}>
            <caption>
              <VisuallyHidden>Time-of-use periods on {dayKindLabels[day]}, by month and hour</VisuallyHidden>
            </caption>
            <thead>
              <tr>
                <chakra.th w="8" />
                {schedule[0]!.map((_, hour) => (
                  <chakra.th key={hour} scope="col" fontSize="2xs" fontWeight="normal" color="fg.muted" aria-label={hourText(hour)}>
                    {hour % 3 === 0 ? hour : ''}
                  </chakra.th>
                ))}
              </tr>
            </thead>
            <tbody>
              {schedule.map((row, month) => (
                <tr key={month}>
                  <chakra.th scope="row" fontSize="2xs" fontWeight="normal" textAlign="start" color="fg.muted">
                    {monthNames[month]}
                  </chakra.th>
                  {row.map((period, hour) => (
                    <td key={hour}>
                      <button
                        type="button"
                        data-month={month}
                        data-hour={hour}
                        data-period={period % periodColors.length}
                        aria-invalid={invalid.has(`${day}.${month}.${hour}`) || undefined}
                        aria-label={cellName(month, hour, day, periods[period] || `Period ${period + 1}`)}
                        onPointerDown={() => {
                          painting.current = true;
                          paintCell(month, hour);
                        }}
                        onClick={() => paintCell(month, hour)}
                      >
                        {period + 1}
                      </button>
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </chakra.table>
        </Box>
      </Stack>
      <RangeFill periods={periods} onApply={(days, range, period) => onChange(Object.fromEntries(days.map((kind) => [kind, fillSchedule(kind === 'weekday' ? weekday : weekend, range, period)])))} />
    </Stack>
  );
}

const monthOptions = monthLongNames.map((name, i) => ({ value: String(i), label: name }));
const hourOptions = (from: number) => Array.from({ length: 24 }, (_, i) => ({ value: String(i + from), label: hourText(i + from) }));
const dayChoices = { weekday: ['weekday'], weekend: ['weekend'], both: ['weekday', 'weekend'] } as const satisfies Record<string, readonly DayKind[]>;

/** Months and hours set to a period in one step: "June to September, 16:00 to 21:00, weekdays: Peak". */
function RangeFill({ periods, onApply }: { periods: readonly string[]; onApply: (days: readonly DayKind[], range: ScheduleRange, period: number) => void }) {
  const [range, setRange] = useState({ fromMonth: '0', toMonth: '11', fromHour: '16', toHour: '21', days: 'weekday' as keyof typeof dayChoices, period: '1' });
  const set = (key: keyof typeof range) => (value: string) => setRange((current) => ({ ...current, [key]: value }));
  const period = Math.min(Number(range.period), periods.length - 1);
  return (
    <Stack gap={2} as="fieldset" borderWidth="1px" rounded="md" p={2}>
      <Text as="legend" fontSize="sm" px={1}>
        Or set a range of hours (a range past December or midnight wraps)
      </Text>
      <HStack gap={2} wrap="wrap" align="flex-end">
        <SelectField label="Months from" size="xs" value={range.fromMonth} onChange={set('fromMonth')} options={monthOptions} />
        <SelectField label="Months to" size="xs" value={range.toMonth} onChange={set('toMonth')} options={monthOptions} />
        <SelectField label="Hours from" size="xs" value={range.fromHour} onChange={set('fromHour')} options={hourOptions(0)} />
        <SelectField label="Hours to" size="xs" value={range.toHour} onChange={set('toHour')} options={hourOptions(1)} />
        <SelectField
          label="Days"
          size="xs"
          value={range.days}
          onChange={set('days')}
          options={[
            { value: 'weekday', label: 'Weekdays' },
            { value: 'weekend', label: 'Weekends' },
            { value: 'both', label: 'Every day' },
          ]}
        />
        <SelectField label="Set to period" size="xs" value={String(period)} onChange={set('period')} options={periods.map((name, i) => ({ value: String(i), label: `${i + 1}. ${name || `Period ${i + 1}`}` }))} />
        <Button
          size="xs"
          variant="outline"
          onClick={() => onApply(dayChoices[range.days], { fromMonth: Number(range.fromMonth), toMonth: Number(range.toMonth), fromHour: Number(range.fromHour), toHour: Number(range.toHour) }, period)}
        >
          Set these hours
        </Button>
      </HStack>
    </Stack>
  );
}
