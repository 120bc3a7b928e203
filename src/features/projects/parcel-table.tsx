import { Badge, Table, Text } from '@chakra-ui/react';
import { TableScroll } from '../../components/ui/table-scroll.tsx';
import type { ParcelSummary } from '../../contract/gis.ts';
import { formatDecimal } from '../../lib/number-format.ts';

/** The parcels attached to a project: number, area, land use, where they are and where the data comes from. */
export function ParcelTable({ parcels }: { parcels: readonly ParcelSummary[] }) {
  if (parcels.length === 0) return <Text color="fg.muted">No parcels attached yet.</Text>;
  return (
    <TableScroll label="Parcels" bg="bg.panel">
      <Table.Root size="sm" aria-label="Parcels">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>APN</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Acres</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Hectares</Table.ColumnHeader>
            <Table.ColumnHeader>Land use</Table.ColumnHeader>
            <Table.ColumnHeader>County, state</Table.ColumnHeader>
            <Table.ColumnHeader>Source</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {parcels.map((parcel) => (
            <Table.Row key={parcel.id}>
              <Table.Cell whiteSpace="nowrap">
                {parcel.apn} {parcel.drawn && <Badge size="sm">drawn</Badge>}
              </Table.Cell>
              <Table.Cell textAlign="end">{formatDecimal(parcel.area_acres, 2)}</Table.Cell>
              <Table.Cell textAlign="end">{formatDecimal(parcel.area_ha, 2)}</Table.Cell>
              <Table.Cell>{parcel.land_use || '—'}</Table.Cell>
              <Table.Cell>{[parcel.county, parcel.state].filter(Boolean).join(', ') || '—'}</Table.Cell>
              <Table.Cell minW="12rem" whiteSpace="normal">
                {parcel.source}
                {parcel.source_date && ` (${parcel.source_date})`}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </TableScroll>
  );
}
