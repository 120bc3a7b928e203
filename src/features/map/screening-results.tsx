import { Alert, Badge, Button, HStack, IconButton, Stack, Table, Text, Wrap } from '@chakra-ui/react';
import { ChevronDown, ChevronRight, Download } from 'lucide-react';
import { useState } from 'react';
import type { ReasonedParcels, ScreenedParcel } from '../../contract/gis.ts';
import { formatArea } from '../../lib/map/area.ts';
import { TableScroll } from '../../components/ui/table-scroll.tsx';
import { saveFile } from '../../lib/save-file.ts';
import { coverageNotes } from './coverage-notes.ts';
import { ParcelReasons, type AddTaskFromReason } from './parcel-reasons.tsx';
import { buildableText, screeningCsv, screeningGeoJson, verdictLabels, verdictPalettes, verdictSummary } from './screening-format.ts';

const shownParcels = 200;
/** A screening of this many parcels or fewer opens every parcel's reasons at once; a larger one lists a line each. */
const openUpTo = 10;
const scopeWords = { project: '(attached or inside the boundary)', view: 'in the visible map area' } as const;

interface ScreeningResultsProps {
  result: ReasonedParcels;
  /** What was screened: the project's parcels (the figure the project page and the report give) or the visible map area. */
  scope: 'project' | 'view';
  /** Whether the project has a boundary drawn: what to say when no parcel is screened depends on it. */
  boundary: boolean;
  fileName: string;
  /** The parcel shown in the parcel panel, marked in the table. */
  selected: string | null;
  onSelect: (parcelId: string) => void;
  onAddTask?: AddTaskFromReason;
}

/** Which parcels' reasons are open; it starts again for each new screening. */
function useOpenRows(result: ReasonedParcels) {
  const initial = () => ({ result, open: new Set(result.features.length <= openUpTo ? result.features.map((feature) => feature.id) : []) });
  const [state, setState] = useState(initial);
  if (state.result !== result) setState(initial());
  const toggle = (id: string) =>
    setState(({ open }) => {
      const next = new Set(open);
      if (!next.delete(id)) next.add(id);
      return { result, open: next };
    });
  return { open: state.result === result ? state.open : initial().open, toggle };
}

/** The tally, the exports, and one row per parcel (APN, verdict, buildable area, area, why) that opens onto its reasons. */
export function ScreeningResults({ result, scope, boundary, fileName, selected, onSelect, onAddTask }: ScreeningResultsProps) {
  const { open, toggle } = useOpenRows(result);
  const parcels = result.features;
  const notes = coverageNotes(result, { scope, boundary });
  return (
    <Stack gap={3} as="section" aria-labelledby="screening-results-title">
      <HStack justify="space-between" wrap="wrap" gap={2}>
        <Stack gap={1}>
          <Text as="h2" id="screening-results-title" fontWeight="semibold" fontSize="lg">
            Screening results
          </Text>
          <Wrap gap={2} aria-label="Screening summary" align="center">
            <Text>
              {result.screened} {result.screened === 1 ? 'parcel' : 'parcels'} screened {scopeWords[scope]}:
            </Text>
            {(['pass', 'fail', 'unknown'] as const).map((verdict) => (
              <Badge key={verdict} colorPalette={verdictPalettes[verdict]}>
                {result.summary[verdict]} {verdictLabels[verdict].toLowerCase()}
              </Badge>
            ))}
          </Wrap>
        </Stack>
        <HStack gap={2}>
          <Button size="xs" variant="outline" onClick={() => saveFile(screeningGeoJson(result), `${fileName}.geojson`, 'application/geo+json')}>
            <Download aria-hidden />
            Export GeoJSON
          </Button>
          <Button size="xs" variant="outline" onClick={() => saveFile(screeningCsv(result), `${fileName}.csv`, 'text/csv;charset=utf-8')}>
            <Download aria-hidden />
            Export CSV
          </Button>
        </HStack>
      </HStack>
      {(notes.parcels || notes.layers) && (
        <Alert.Root status="info" role="note" aria-label="What data covers this place">
          <Alert.Indicator />
          <Alert.Content gap={2}>
            {notes.parcels && <Alert.Description>{notes.parcels}</Alert.Description>}
            {notes.layers && <Alert.Description>{notes.layers}</Alert.Description>}
          </Alert.Content>
        </Alert.Root>
      )}
      {parcels.length === 0 ? (
        !notes.parcels && <Text color="fg.muted">No parcels to show. Attach a parcel, draw a boundary, or screen the visible map area.</Text>
      ) : (
        <TableScroll label="Screening reasons, scrollable">
          <Table.Root size="sm" aria-label="Screening reasons">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>APN</Table.ColumnHeader>
                <Table.ColumnHeader>Verdict</Table.ColumnHeader>
                <Table.ColumnHeader>Buildable</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Area</Table.ColumnHeader>
                <Table.ColumnHeader>Why</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {parcels.slice(0, shownParcels).map((parcel) => (
                <ParcelRows key={parcel.id} parcel={parcel} open={open.has(parcel.id)} onToggle={() => toggle(parcel.id)} selected={parcel.id === selected} onSelect={onSelect} onAddTask={onAddTask} />
              ))}
            </Table.Body>
          </Table.Root>
        </TableScroll>
      )}
      {parcels.length > shownParcels && (
        <Text fontSize="sm" color="fg.muted">
          Showing {shownParcels} of {parcels.length} parcels: export the CSV for all of them, or click a parcel on the map.
        </Text>
      )}
    </Stack>
  );
}

interface ParcelRowsProps {
  parcel: ScreenedParcel;
  open: boolean;
  onToggle: () => void;
  selected: boolean;
  onSelect: (parcelId: string) => void;
  onAddTask?: AddTaskFromReason;
}

/** A parcel's line and, when open, the row below it with every reason. */
function ParcelRows({ parcel, open, onToggle, selected, onSelect, onAddTask }: ParcelRowsProps) {
  const p = parcel.properties;
  const detailsId = `reasons-${parcel.id}`;
  return (
    <>
      <Table.Row data-selected={selected || undefined} bg={selected ? 'brand.subtle' : undefined}>
        <Table.Cell whiteSpace="nowrap" ps={1}>
          <IconButton size="xs" variant="ghost" aria-expanded={open} aria-controls={open ? detailsId : undefined} aria-label={`Reasons for ${p.apn}`} onClick={onToggle}>
            {open ? <ChevronDown /> : <ChevronRight />}
          </IconButton>
          <Button size="xs" variant="plain" px={0} textDecoration="underline" aria-pressed={selected} onClick={() => onSelect(parcel.id)}>
            {p.apn}
          </Button>
        </Table.Cell>
        <Table.Cell>
          <Badge colorPalette={verdictPalettes[p.verdict]}>{verdictLabels[p.verdict]}</Badge>
        </Table.Cell>
        <Table.Cell minW="10rem" whiteSpace="normal">
          {buildableText(p)}
        </Table.Cell>
        <Table.Cell textAlign="end" whiteSpace="nowrap">
          {formatArea({ ha: p.area_ha, acres: p.area_acres })}
        </Table.Cell>
        <Table.Cell minW="12rem" whiteSpace="normal" color="fg.muted">
          {verdictSummary(p)}
        </Table.Cell>
      </Table.Row>
      {open && (
        <Table.Row id={detailsId}>
          <Table.Cell colSpan={5} bg="bg.subtle">
            {/* As wide as the scroll box shows (100cqi, less the cell's padding) and held at its start, so the reasons
                wrap inside the box instead of running as wide as the table. */}
            <Stack gap={2} py={1} position="sticky" insetInlineStart={3} w="calc(100cqi - 1.5rem)" whiteSpace="normal">
              <Text fontSize="sm" fontWeight="medium">
                Reasons for {p.apn}
              </Text>
              <ParcelReasons parcelId={parcel.id} apn={p.apn} reasons={p.reasons} onAddTask={onAddTask} />
            </Stack>
          </Table.Cell>
        </Table.Row>
      )}
    </>
  );
}
