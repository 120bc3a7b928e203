import { Badge, Box, DataList, Drawer, Heading, HStack, IconButton, Portal, Stack, Text } from '@chakra-ui/react';
import { X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { ScreenedParcel } from '../../contract/gis.ts';
import { formatArea } from '../../lib/map/area.ts';
import { ParcelReasons, type AddTaskFromReason } from './parcel-reasons.tsx';
import { buildableText, verdictLabels, verdictPalettes, verdictSummary } from './screening-format.ts';

interface ParcelPanelProps {
  parcel: ScreenedParcel;
  onClose: () => void;
  onAddTask?: AddTaskFromReason;
}

/** The parcel's facts: area, buildable area beside the verdict, land use and source. */
function ParcelFacts({ parcel: { properties: p } }: { parcel: ScreenedParcel }) {
  return (
    <DataList.Root orientation="horizontal" size="sm" gap={2}>
      <DataList.Item>
        <DataList.ItemLabel>Verdict</DataList.ItemLabel>
        <DataList.ItemValue>
          <Stack gap={1}>
            <Badge colorPalette={verdictPalettes[p.verdict]} alignSelf="flex-start">
              {verdictLabels[p.verdict]}
            </Badge>
            <Text fontSize="xs" color="fg.muted">
              {verdictSummary(p)}
            </Text>
          </Stack>
        </DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel>Area</DataList.ItemLabel>
        <DataList.ItemValue>{formatArea({ ha: p.area_ha, acres: p.area_acres })}</DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel>Buildable</DataList.ItemLabel>
        <DataList.ItemValue>{buildableText(p)}</DataList.ItemValue>
      </DataList.Item>
      {p.land_use && (
        <DataList.Item>
          <DataList.ItemLabel>Land use</DataList.ItemLabel>
          <DataList.ItemValue>{p.land_use}</DataList.ItemValue>
        </DataList.Item>
      )}
      <DataList.Item>
        <DataList.ItemLabel>Source</DataList.ItemLabel>
        <DataList.ItemValue>
          {p.source}
          {p.source_date && ` (${p.source_date})`}
        </DataList.ItemValue>
      </DataList.Item>
    </DataList.Root>
  );
}

function ParcelBody({ parcel, onAddTask }: Omit<ParcelPanelProps, 'onClose'>) {
  return (
    <Stack gap={4}>
      <ParcelFacts parcel={parcel} />
      <Stack gap={2}>
        <Heading as="h3" size="sm">
          Reasons
        </Heading>
        <ParcelReasons parcelId={parcel.id} apn={parcel.properties.apn} reasons={parcel.properties.reasons} onAddTask={onAddTask} />
      </Stack>
    </Stack>
  );
}

/** The selected parcel beside the map (wide screens): its facts and every reason, with "Add task". */
export function ParcelAside({ parcel, onClose, onAddTask }: ParcelPanelProps) {
  const apn = parcel.properties.apn;
  // Focus moves to the panel's title as a parcel opens, which also scrolls the panel into view when the parcel was
  // picked in the table far below it.
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), [parcel.id]);
  return (
    <Box as="aside" aria-labelledby="parcel-panel-title" borderWidth="1px" borderColor="border" borderRadius="md" bg="bg.panel" p={4} h="full" overflowY="auto">
      <Stack gap={3}>
        <HStack justify="space-between" align="flex-start" gap={2}>
          <Heading as="h2" size="md" id="parcel-panel-title" wordBreak="break-word" ref={title} tabIndex={-1} outline="none">
            Parcel {apn}
          </Heading>
          <IconButton aria-label="Close the parcel panel" size="sm" variant="ghost" onClick={onClose}>
            <X />
          </IconButton>
        </HStack>
        <ParcelBody parcel={parcel} onAddTask={onAddTask} />
      </Stack>
    </Box>
  );
}

/** The selected parcel in a drawer from the bottom (phones), the same content as the panel beside the map. */
export function ParcelDrawer({ parcel, onClose, onAddTask }: ParcelPanelProps) {
  return (
    <Drawer.Root open placement="bottom" onOpenChange={({ open }) => !open && onClose()}>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content maxH="85dvh" roundedTop="l3">
            <Drawer.Header>
              <Drawer.Title>Parcel {parcel.properties.apn}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body pb={6}>
              <ParcelBody parcel={parcel} onAddTask={onAddTask} />
            </Drawer.Body>
            <Drawer.CloseTrigger asChild position="absolute" top={3} insetEnd={3}>
              <IconButton aria-label="Close the parcel panel" size="sm" variant="ghost">
                <X />
              </IconButton>
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
