import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { ChevronDown, ChevronUp } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { useMediaQuery } from '../../lib/use-media-query.ts';
import { verdictColors, verdictLabels } from './screening-format.ts';

/** Below Chakra's `md` breakpoint (48rem) the legend starts folded: open, it covers a third of a phone's map. */
export const foldedLegendQuery = '(max-width: 47.99rem)';

/** The screening map's key (verdict colours, then whatever it is given, e.g. the constraint toggles), foldable. */
export function MapLegend({ children }: { children?: ReactNode }) {
  const small = useMediaQuery(foldedLegendQuery);
  // null: as the screen's width suggests, until the user folds or opens it.
  const [chosen, setChosen] = useState<boolean | null>(null);
  const open = chosen ?? !small;
  const contentId = useId();
  const Chevron = open ? ChevronUp : ChevronDown;
  return (
    <Stack gap={1} bg="bg.panel" color="fg" borderRadius="md" px={2} py={1} fontSize="xs" boxShadow="sm" role="group" aria-label="Legend">
      <Button size="2xs" variant="ghost" alignSelf="flex-end" px={1} aria-expanded={open} aria-controls={open ? contentId : undefined} onClick={() => setChosen(!open)}>
        {open ? 'Hide legend' : 'Legend'}
        <Chevron aria-hidden />
      </Button>
      {open && (
        <Stack gap={1} id={contentId}>
          {(['pass', 'fail', 'unknown'] as const).map((verdict) => (
            <HStack key={verdict} gap={1}>
              <Box w={3} h={3} borderRadius="sm" bg={verdictColors[verdict]} />
              <Text>{verdictLabels[verdict]}</Text>
            </HStack>
          ))}
          {children}
        </Stack>
      )}
    </Stack>
  );
}
