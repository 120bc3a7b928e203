import { Badge, Button, Dialog, HStack, Icon, Portal, Skeleton, Stack, Table, Text, VisuallyHidden } from '@chakra-ui/react';
import { isAfterTax } from '../../contract/settings.ts';
import { ChartNoAxesColumn, GitCompareArrows, Plus, Star } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useLocation } from 'wouter';
import { useActors } from '../../lib/actors-context.tsx';
import type { ProjectDetail } from '../../contract/projects.ts';
import { studyPath } from '../../lib/project-path.ts';
import { NewStudyForm } from './new-study/new-study-form.tsx';
import { useNewStudyData } from './new-study/new-study-data.ts';
import { StudyModals } from './study-modals.tsx';
import { comparePath } from '../../lib/project-path.ts';
import { firstToCompare, minCompared } from './compare/compare-path.ts';
import { formatPercent } from '../../lib/number-format.ts';
import { energyPriceUnit, formatEnergyPrice, formatMoney, formatMwh } from './study-format.ts';
import { useFeasibility, useFeasibilitySelector, type FeasibilityRef } from './use-feasibility.ts';
import { TableScroll } from '../../components/ui/table-scroll.tsx';
import { EmptyPanel } from '../../components/ui/empty-panel.tsx';
import { LoadFailed } from '../../components/ui/load-failed.tsx';

/** The project's feasibility studies: the list (primary first marked), rename, make primary, delete, and a new study. */
export function StudiesSection({ project }: { project: ProjectDetail }) {
  const feasibility = useFeasibility(project.id);
  const view = useFeasibilitySelector(feasibility, (s) => ({
    loading: s.matches('loading'),
    failed: s.matches('failed'),
    studies: s.context.studies,
    limit: s.context.limit,
    loadError: s.context.loadErrors?.detail,
    canCreate: s.can({ type: 'study.create', study: { weather: { source: 'pvgis' } } }),
  }));
  const [creating, setCreating] = useState(false);

  return (
    <Stack gap={3} as="section" aria-labelledby="studies-heading">
      <HStack justify="space-between" wrap="wrap" gap={2}>
        <Text as="h2" id="studies-heading" fontSize="xl" fontWeight="semibold">
          Feasibility studies
        </Text>
        <HStack gap={3} wrap="wrap">
          {view?.limit && (
            <Text fontSize="sm" color="fg.muted">
              {view.limit.limit === null ? `${view.limit.used} (no limit on your plan)` : `${view.limit.used} of ${view.limit.limit} on your plan`}
            </Text>
          )}
          {view && view.studies.length >= minCompared && (
            <Button asChild size="sm" variant="outline">
              <RouterLink href={comparePath(project, firstToCompare(view.studies))}>
                <GitCompareArrows aria-hidden />
                Compare studies
              </RouterLink>
            </Button>
          )}
          <Button size="sm" colorPalette="brand" onClick={() => setCreating(true)} disabled={!view?.canCreate}>
            <Plus aria-hidden />
            New study
          </Button>
        </HStack>
      </HStack>
      {view?.limit && !view.limit.allowed && (
        <Text fontSize="sm" color="fg.warning" role="status">
          {view.limit.detail}
        </Text>
      )}
      {(!view || view.loading) && (
        <Stack gap={2} role="status" aria-busy="true" aria-label="Loading the studies">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} h="10" rounded="md" />
          ))}
        </Stack>
      )}
      {view?.failed && (
        <LoadFailed detail={view.loadError ?? 'The studies could not be loaded.'} onRetry={() => feasibility?.send({ type: 'studies.retry' })} />
      )}
      {view && !view.loading && !view.failed && view.studies.length === 0 && (
        <EmptyPanel
          icon={<ChartNoAxesColumn aria-hidden />}
          title="No study yet"
          description="A study simulates a year of hourly energy on real weather and the project's cash flows. Start one with a weather file, PVGIS or monthly means."
        >
          <Button size="sm" colorPalette="brand" onClick={() => setCreating(true)} disabled={!view.canCreate}>
            <Plus aria-hidden />
            Start the first study
          </Button>
        </EmptyPanel>
      )}
      {feasibility && view && view.studies.length > 0 && <StudyTable project={project} feasibility={feasibility} />}
      {feasibility && <StudyModals feasibility={feasibility} />}
      {feasibility && creating && <NewStudyDialog project={project} feasibility={feasibility} onClose={() => setCreating(false)} />}
    </Stack>
  );
}

function StudyTable({ project, feasibility }: { project: ProjectDetail; feasibility: FeasibilityRef }) {
  const studies = useFeasibilitySelector(feasibility, (s) => s.context.studies) ?? [];
  const idle = useFeasibilitySelector(feasibility, (s) => s.matches({ ready: 'idle' }));
  return (
    <TableScroll label="Feasibility studies">
      <Table.Root size="sm" aria-label="Feasibility studies">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Study</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Energy (P50)</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">NPV</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">LCOE</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Equity IRR</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">PPA needed</Table.ColumnHeader>
            <Table.ColumnHeader>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {studies.map((study) => (
            <Table.Row key={study.id} data-testid="study-row">
              <Table.Cell>
                <HStack gap={2} wrap="wrap">
                  <RouterLink href={studyPath(project, study.id)} style={{ fontWeight: 600, textDecoration: 'underline' }}>
                    {study.name}
                  </RouterLink>
                  {study.is_primary && (
                    <Badge colorPalette="brand">
                      <Icon asChild boxSize="3">
                        <Star aria-hidden />
                      </Icon>
                      Primary
                    </Badge>
                  )}
                </HStack>
              </Table.Cell>
              <Table.Cell textAlign="end" whiteSpace="nowrap">
                {formatMwh(study.headline.annual_ac_kwh)}
              </Table.Cell>
              <Table.Cell textAlign="end" whiteSpace="nowrap">
                {formatMoney(study.headline.npv, study.headline.currency)}
              </Table.Cell>
              <Table.Cell textAlign="end" whiteSpace="nowrap">
                {formatEnergyPrice(study.headline.lcoe_per_kwh, study.headline.currency, energyPriceUnit(study.headline.structure, study.headline.currency))}
              </Table.Cell>
              {/* After-tax figures: a pre-tax study has no equity IRR; one saved before the solver has no breakeven price. */}
              <Table.Cell textAlign="end" whiteSpace="nowrap">
                {isAfterTax(study.headline.structure) ? (study.headline.equity_irr_pct == null ? 'none' : formatPercent(study.headline.equity_irr_pct, 2)) : 'pre-tax'}
              </Table.Cell>
              <Table.Cell textAlign="end" whiteSpace="nowrap">
                {study.headline.breakeven_ppa_per_kwh == null ? '—' : formatEnergyPrice(study.headline.breakeven_ppa_per_kwh, study.headline.currency, energyPriceUnit(study.headline.structure, study.headline.currency))}
              </Table.Cell>
              <Table.Cell>
                <HStack gap={1} justify="flex-end">
                  <Button size="xs" variant="ghost" disabled={!idle} onClick={() => feasibility.send({ type: 'renameModal.open', id: study.id })} aria-label={`Rename ${study.name}`}>
                    Rename
                  </Button>
                  {!study.is_primary && (
                    <Button size="xs" variant="ghost" disabled={!idle} onClick={() => feasibility.send({ type: 'primaryModal.open', id: study.id })} aria-label={`Make ${study.name} primary`}>
                      Make primary
                    </Button>
                  )}
                  <Button size="xs" variant="ghost" colorPalette="red" disabled={!idle} onClick={() => feasibility.send({ type: 'deleteModal.open', id: study.id })} aria-label={`Delete ${study.name}`}>
                    Delete
                  </Button>
                </HStack>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </TableScroll>
  );
}

/** The new-study form in a dialog; a saved study opens its page. */
function NewStudyDialog({ project, feasibility, onClose }: { project: ProjectDetail; feasibility: FeasibilityRef; onClose: () => void }) {
  const { api, store } = useActors();
  const [, navigate] = useLocation();
  const { data, failed, addWeatherFile } = useNewStudyData(api, project.id);
  const submitting = useFeasibilitySelector(feasibility, (s) => s.matches({ ready: 'creating' })) ?? false;
  const errors = useFeasibilitySelector(feasibility, (s) => s.context.createErrors) ?? null;

  // The last refusal belongs to the last time the form was open.
  useEffect(() => feasibility.send({ type: 'feedback.clear' }), [feasibility]);
  useEffect(() => {
    const subscription = feasibility.on('study.created', (event) => navigate(studyPath(project, event.id)));
    return () => subscription.unsubscribe();
  }, [feasibility, navigate, project]);

  return (
    <Dialog.Root open onOpenChange={(details) => !details.open && onClose()} size={{ base: 'full', md: 'lg' }} scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>New feasibility study</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body pb={6}>
              {failed && <Text color="fg.error">The presets and weather files could not be loaded. Close and try again.</Text>}
              {!data && !failed && <Skeleton h="40" aria-label="Loading the form" />}
              {data && (
                <NewStudyForm
                  project={project}
                  data={data}
                  api={api}
                  store={store}
                  onWeatherUploaded={addWeatherFile}
                  submitting={submitting}
                  errors={errors}
                  onCancel={onClose}
                  onSubmit={({ project_id: _project, ...study }) => feasibility.send({ type: 'study.create', study })}
                />
              )}
            </Dialog.Body>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
