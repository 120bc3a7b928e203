import { Badge, Button, HStack, Stack, Table, Text, Wrap } from '@chakra-ui/react';
import { criterionLabels, type Reason, type ReasonedParcels } from '../../contract/gis.ts';
import { saveFile } from '../../lib/save-file.ts';
import { formatValue, layerText, reasonRows, screeningCsv, screeningGeoJson, verdictLabels, verdictPalettes } from './screening-format.ts';

const shownRows = 200;
const scopeWords = { project: '(attached or inside the boundary)', view: 'in the visible map area' } as const;

interface ScreeningResultsProps {
  result: ReasonedParcels;
  /** What was screened: the project's parcels (the figure the project page and the report give) or the visible map area. */
  scope: 'project' | 'view';
  fileName: string;
  /** A parcel picked on the map: only its reasons are listed. */
  selected: string | null;
  onClearSelection: () => void;
  /** Turns a failing or unknown reason into a task on the project's board; absent while the board cannot take one. */
  onAddTask?: (parcelId: string, apn: string, reason: Reason) => void;
}

/** The tally, the exports and every reason: criterion, rule, threshold, measured value, verdict, layer and its date. */
export function ScreeningResults({ result, scope, fileName, selected, onClearSelection, onAddTask }: ScreeningResultsProps) {
  const features = selected ? result.features.filter((feature) => feature.id === selected) : result.features;
  const rows = reasonRows(features);
  return (
    <Stack gap={3}>
      <HStack justify="space-between" wrap="wrap" gap={2}>
        <Wrap gap={2} aria-label="Screening summary">
          <Text>
            {result.screened} {result.screened === 1 ? 'parcel' : 'parcels'} screened {scopeWords[scope]}:
          </Text>
          {(['pass', 'fail', 'unknown'] as const).map((verdict) => (
            <Badge key={verdict} colorPalette={verdictPalettes[verdict]}>
              {result.summary[verdict]} {verdictLabels[verdict].toLowerCase()}
            </Badge>
          ))}
        </Wrap>
        <HStack gap={2}>
          <Button size="xs" variant="outline" onClick={() => saveFile(screeningGeoJson(result), `${fileName}.geojson`, 'application/geo+json')}>
            Export GeoJSON
          </Button>
          <Button size="xs" variant="outline" onClick={() => saveFile(screeningCsv(result), `${fileName}.csv`, 'text/csv;charset=utf-8')}>
            Export CSV
          </Button>
        </HStack>
      </HStack>
      {selected && (
        <HStack gap={2}>
          <Text fontSize="sm">Showing the parcel picked on the map.</Text>
          <Button size="xs" variant="ghost" onClick={onClearSelection}>
            Show all parcels
          </Button>
        </HStack>
      )}
      {rows.length === 0 ? (
        <Text color="fg.muted">No parcels to show. Attach a parcel, draw a boundary, or screen the visible map area.</Text>
      ) : (
        <Table.ScrollArea borderWidth="1px" borderRadius="md" maxW="full">
          <Table.Root size="sm" aria-label="Screening reasons">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>APN</Table.ColumnHeader>
                <Table.ColumnHeader>Criterion</Table.ColumnHeader>
                <Table.ColumnHeader>Rule</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Threshold</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Measured</Table.ColumnHeader>
                <Table.ColumnHeader>Verdict</Table.ColumnHeader>
                <Table.ColumnHeader>Layer and date</Table.ColumnHeader>
                <Table.ColumnHeader>Task</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.slice(0, shownRows).map(({ parcelId, apn, reason }) => (
                <Table.Row key={`${parcelId}-${reason.criterion}`}>
                  <Table.Cell whiteSpace="nowrap">{apn}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{criterionLabels[reason.criterion]}</Table.Cell>
                  <Table.Cell minW="14rem">
                    {reason.rule}
                    {reason.note && (
                      <Text as="span" display="block" fontSize="xs" color="fg.muted">
                        {reason.note}
                      </Text>
                    )}
                  </Table.Cell>
                  <Table.Cell textAlign="end" whiteSpace="nowrap">
                    {formatValue(reason.threshold, reason.unit)}
                  </Table.Cell>
                  <Table.Cell textAlign="end" whiteSpace="nowrap">
                    {formatValue(reason.measured, reason.unit)}
                  </Table.Cell>
                  <Table.Cell>
                    <Badge colorPalette={verdictPalettes[reason.verdict]}>{verdictLabels[reason.verdict]}</Badge>
                  </Table.Cell>
                  <Table.Cell minW="12rem">{layerText(reason.layer)}</Table.Cell>
                  <Table.Cell>
                    {reason.verdict !== 'pass' && (
                      <Button size="xs" variant="outline" disabled={!onAddTask} onClick={() => onAddTask?.(parcelId, apn, reason)} aria-label={`Add a task for ${apn}: ${criterionLabels[reason.criterion]}`}>
                        Add task
                      </Button>
                    )}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      {rows.length > shownRows && (
        <Text fontSize="sm" color="fg.muted">
          Showing {shownRows} of {rows.length} reasons: export the CSV for all of them, or click a parcel on the map.
        </Text>
      )}
    </Stack>
  );
}
