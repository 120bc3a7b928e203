import { Badge, Box, HStack, Icon, Stack, Switch, Table, Text, VisuallyHidden } from '@chakra-ui/react';
import { Check } from 'lucide-react';
import { Fragment, useState } from 'react';
import { Link as RouterLink } from 'wouter';
import type { FeasibilityStudy } from '../../../contract/feasibility.ts';
import { studyPath } from '../../../lib/project-path.ts';
import { TableScroll } from '../../../components/ui/table-scroll.tsx';
import { diffAssumptions } from './assumption-diff.ts';
import { figureRows } from './compare-figures.ts';
import { studyColours } from './compare-cash-flows.tsx';
import { assumptionLabels, assumptionSections, assumptionSetOf } from './study-assumption-set.ts';

type Project = { id: string; name: string };

/** The label column stays in view while the studies scroll sideways on a phone. */
const stickyLabel = { position: 'sticky', insetStart: 0, bg: 'bg.panel', zIndex: 1, minW: '10rem', maxW: '16rem' } as const;

function StudyHeads({ project, studies, first }: { project: Project; studies: readonly FeasibilityStudy[]; first: string }) {
  return (
    <Table.Header>
      <Table.Row>
        <Table.ColumnHeader {...stickyLabel}>{first}</Table.ColumnHeader>
        {studies.map((study, i) => (
          <Table.ColumnHeader key={study.id} textAlign="end" minW="9rem" verticalAlign="bottom">
            <HStack gap={2} justify="flex-end" wrap="wrap">
              <Box w={3} h={3} rounded="xs" bg={studyColours[i % studyColours.length]} aria-hidden flexShrink={0} />
              <RouterLink href={studyPath(project, study.id)} style={{ fontWeight: 600, textDecoration: 'underline' }}>
                {study.name}
              </RouterLink>
              {study.is_primary && <Badge colorPalette="brand">Primary</Badge>}
            </HStack>
          </Table.ColumnHeader>
        ))}
      </Table.Row>
    </Table.Header>
  );
}

/** The headline figures of each study in a column; the best value of a result is marked in its row. */
export function CompareFigures({ project, studies }: { project: Project; studies: readonly FeasibilityStudy[] }) {
  const rows = figureRows(studies);
  return (
    <TableScroll label="Headline figures of the compared studies">
      <Table.Root size="sm" aria-label="Headline figures">
        <StudyHeads project={project} studies={studies} first="Figure" />
        <Table.Body>
          {rows.map((row) => (
            <Table.Row key={row.label}>
              <Table.ColumnHeader scope="row" {...stickyLabel} fontWeight="normal">
                {row.label}
              </Table.ColumnHeader>
              {row.cells.map((cell, i) => (
                <Table.Cell key={studies[i]!.id} textAlign="end" fontVariantNumeric="tabular-nums" data-best={cell.best || undefined} bg={cell.best ? 'green.subtle' : undefined}>
                  <HStack gap={1} justify="flex-end" whiteSpace="nowrap" fontWeight={cell.best ? 'semibold' : undefined}>
                    {cell.best && (
                      <Icon asChild boxSize="3.5" color="green.fg">
                        <Check aria-hidden />
                      </Icon>
                    )}
                    <span>{cell.text}</span>
                    {cell.best && <VisuallyHidden>(best)</VisuallyHidden>}
                  </HStack>
                  {cell.note && (
                    <Text fontSize="xs" color="fg.muted">
                      {cell.note}
                    </Text>
                  )}
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </TableScroll>
  );
}

/** Every assumption of the studies side by side, grouped as the settings form groups them; the ones that differ are marked. */
export function CompareAssumptions({ project, studies }: { project: Project; studies: readonly FeasibilityStudy[] }) {
  const [onlyDifferences, setOnlyDifferences] = useState(true);
  const rows = diffAssumptions(studies.map(assumptionSetOf), assumptionLabels, assumptionSections.map((s) => s.section));
  const differing = rows.filter((row) => row.differs).length;
  const shown = onlyDifferences ? rows.filter((row) => row.differs) : rows;
  const titleOf = new Map(assumptionSections.map((s) => [s.section, s.title]));
  const groups = [...new Set(shown.map((row) => row.section))].map((section) => ({ section, rows: shown.filter((row) => row.section === section) }));

  return (
    <Stack gap={3}>
      <HStack justify="space-between" wrap="wrap" gap={3}>
        <Text fontSize="sm" color="fg.muted" aria-live="polite">
          {differing === 0 ? 'The studies ran on the same assumptions.' : `${differing} of ${rows.length} assumptions differ.`}
        </Text>
        <Switch.Root size="sm" checked={onlyDifferences} onCheckedChange={(details) => setOnlyDifferences(details.checked)}>
          <Switch.HiddenInput />
          <Switch.Control />
          <Switch.Label>Show only differences</Switch.Label>
        </Switch.Root>
      </HStack>
      {shown.length > 0 && (
        <TableScroll label="Assumptions of the compared studies">
          <Table.Root size="sm" aria-label="Assumptions">
            <StudyHeads project={project} studies={studies} first="Assumption" />
            <Table.Body>
              {groups.map((group) => (
                <Fragment key={group.section}>
                  <Table.Row bg="bg.muted">
                    <Table.ColumnHeader colSpan={studies.length + 1} scope="colgroup">
                      {titleOf.get(group.section) ?? group.section}
                    </Table.ColumnHeader>
                  </Table.Row>
                  {group.rows.map((row) => (
                    <Table.Row key={row.path} data-differs={row.differs || undefined} bg={row.differs ? 'orange.subtle' : undefined}>
                      <Table.ColumnHeader scope="row" {...stickyLabel} bg={row.differs ? 'orange.subtle' : 'bg.panel'} fontWeight="normal">
                        {row.label}
                        {row.differs && <VisuallyHidden> (differs)</VisuallyHidden>}
                      </Table.ColumnHeader>
                      {row.values.map((value, i) => (
                        <Table.Cell key={studies[i]!.id} textAlign="end" fontWeight={row.differs ? 'semibold' : undefined}>
                          {value}
                        </Table.Cell>
                      ))}
                    </Table.Row>
                  ))}
                </Fragment>
              ))}
            </Table.Body>
          </Table.Root>
        </TableScroll>
      )}
    </Stack>
  );
}
