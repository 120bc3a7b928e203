import { Badge, Button, HStack, List, Stack, Text } from '@chakra-ui/react';
import { ClipboardPlus } from 'lucide-react';
import { criterionLabel, type Reason } from '../../contract/gis.ts';
import { formatValue, layerText, verdictLabels, verdictPalettes } from './screening-format.ts';

export type AddTaskFromReason = (parcelId: string, apn: string, reason: Reason) => void;

interface ParcelReasonsProps {
  parcelId: string;
  apn: string;
  reasons: readonly Reason[];
  /** Turns a failing or unknown reason into a task on the project's board; absent while the board cannot take one. */
  onAddTask?: AddTaskFromReason;
}

/**
 * Every reason of one parcel: criterion, rule, verdict, measured value against the threshold, the layer and its date,
 * and "Add task" for a reason that fails or cannot be told. Shared by the reasons table and the parcel panel.
 */
export function ParcelReasons({ parcelId, apn, reasons, onAddTask }: ParcelReasonsProps) {
  return (
    <List.Root listStyle="none" display="grid" gridTemplateColumns="repeat(auto-fill, minmax(min(15rem, 100%), 1fr))" gap={2} aria-label={`Reasons for ${apn}`}>
      {reasons.map((reason) => (
        <List.Item key={reason.criterion} borderWidth="1px" borderColor="border" borderRadius="md" bg="bg" p={3}>
          <Stack gap={1} w="full" fontSize="sm">
            <Text fontWeight="semibold">{criterionLabel(reason.criterion)}</Text>
            <Text>{reason.rule}</Text>
            <HStack gap={2} wrap="wrap">
              <Badge colorPalette={verdictPalettes[reason.verdict]}>{verdictLabels[reason.verdict]}</Badge>
              <Text color="fg.muted">
                measured {formatValue(reason.measured, reason.unit)}, threshold {formatValue(reason.threshold, reason.unit)}
              </Text>
            </HStack>
            {reason.note && (
              <Text fontSize="xs" color="fg.muted">
                {reason.note}
              </Text>
            )}
            <Text fontSize="xs" color="fg.muted">
              Layer: {layerText(reason.layer)}
            </Text>
            {reason.verdict !== 'pass' && (
              <Button
                size="xs"
                variant="outline"
                alignSelf="flex-start"
                mt={1}
                disabled={!onAddTask}
                onClick={() => onAddTask?.(parcelId, apn, reason)}
                aria-label={`Add a task for ${apn}: ${criterionLabel(reason.criterion)}`}
              >
                <ClipboardPlus aria-hidden />
                {/* The visible words begin the accessible name, as speech input expects (WCAG 2.5.3). */}
                Add a task
              </Button>
            )}
          </Stack>
        </List.Item>
      ))}
    </List.Root>
  );
}
