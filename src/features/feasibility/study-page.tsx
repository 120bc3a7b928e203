import { Badge, Box, Button, Card, Heading, HStack, Icon, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { BarChart3, CloudSun, FileImage, Landmark, ListChecks, Receipt, Table2, Tornado as TornadoIcon, TrendingDown, Wallet, type LucideIcon } from 'lucide-react';
import { memo, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'wouter';
import { useActors } from '../../lib/actors-context.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';
import type { FeasibilityStudy, StudyEnergy, StudyFinance } from '../../contract/feasibility.ts';
import type { WhatIfWeather } from './what-if/what-if-protocol.ts';
import { isAfterTax, type Preset } from '../../contract/settings.ts';
import type { ProjectDetail } from '../../contract/projects.ts';
import { projectPath, studyPath } from '../../lib/project-path.ts';
import { useProject } from '../../lib/use-project.ts';
import { useResource } from '../../lib/use-resource.ts';
import { getStudyEnergy, getStudyFinance, getStudyLoad, getStudyWeather, listProjectPresets } from './api/studies.ts';
import { LossWaterfall } from './loss-waterfall.tsx';
import { PlotMapCard } from './plot-map-card.tsx';
import { saveAsNewStudy, whatIfName } from './save-as-new.ts';
import { StudyAssumptions } from './study-assumptions.tsx';
import { BreakevenLine } from './breakeven-line.tsx';
import { CashFlowChart } from './cash-flow-chart.tsx';
import { MonthlyEnergyChart } from './study-charts.tsx';
import { TornadoChart } from './tornado-chart.tsx';
import { StudyFigures, UncertaintyNote } from './study-figures.tsx';
import { withBills } from './headline-bills.ts';
import { CashFlowTable, FinanceSummary } from './study-finance.tsx';
import { StudyModals } from './study-modals.tsx';
import { useFeasibility, useFeasibilitySelector, type FeasibilityRef } from './use-feasibility.ts';
import { WeatherCard } from './weather-card.tsx';
import { BillsSection } from './bills-section.tsx';
import { WhatIfPanel, type WhatIfView } from './what-if/what-if-panel.tsx';
import { StudyLimitNote } from './study-limit-note.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { ExportButtons } from './export-buttons.tsx';

function NotFound({ project }: { project: ProjectDetail | null }) {
  return (
    <Stack gap={3}>
      <Text>This study does not exist, or it is not yours.</Text>
      <Button asChild variant="outline" alignSelf="flex-start">
        <RouterLink href={project ? projectPath(project) : '/project'}>{project ? `Back to ${project.name}` : 'All projects'}</RouterLink>
      </Button>
    </Stack>
  );
}

/** /project/{id}/{name}/feasibility/{feasibilityId}: one study's figures, charts, what-if, assumptions, weather and plot map. */
export function StudyPage({ params }: { params: { id: string; feasibilityId: string } }) {
  const { project, missing } = useProject(params.id);
  const feasibility = useFeasibility(params.id);
  const study = useFeasibilitySelector(feasibility, (s) => s.context.studies.find((candidate) => candidate.id === params.feasibilityId));
  const listed = useFeasibilitySelector(feasibility, (s) => s.matches('ready')) ?? false;
  usePageTitle(study?.name ?? 'Feasibility');
  if (missing || (listed && !study)) return <NotFound project={project} />;
  if (!project || !feasibility || !study) return <StudySkeleton />;
  return <StudyDetail project={project} study={study} feasibility={feasibility} />;
}

/** The page's outline while the study loads: the title, the figures and the charts. */
function StudySkeleton() {
  return (
    <Stack gap={5} role="status" aria-busy="true" aria-label="Loading the study">
      <Skeleton h="4" w="48" />
      <Skeleton h="9" w={{ base: 'full', md: 'md' }} />
      <SimpleGrid columns={{ base: 2, md: 3, xl: 5 }} gap={3}>
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} h="24" rounded="lg" />
        ))}
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap={4}>
        <Skeleton h="72" rounded="lg" />
        <Skeleton h="72" rounded="lg" />
      </SimpleGrid>
    </Stack>
  );
}

/** A titled card of the study page; the icon says at a glance what the card holds. */
function Section({ title, icon: Glyph, description, children }: { title: string; icon: LucideIcon; description?: string; children: ReactNode }) {
  return (
    <Card.Root as="section" size="sm" minW={0}>
      <Card.Header gap={1}>
        <HStack gap={2}>
          <Icon asChild boxSize="4" color="brand.fg">
            <Glyph aria-hidden />
          </Icon>
          <Heading as="h2" size="md">
            {title}
          </Heading>
        </HStack>
        {description && (
          <Text fontSize="sm" color="fg.muted">
            {description}
          </Text>
        )}
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}

interface Results {
  energy: StudyEnergy;
  finance: StudyFinance;
  /** Behind the meter, with the load the bills were computed on. */
  weather: WhatIfWeather;
  preset: Preset | null;
}

function useStudyResults(study: FeasibilityStudy) {
  const { id: studyId, project_id: projectId, preset } = study;
  const behindTheMeter = study.assumptions.finance.structure === 'behind_the_meter';
  const { api } = useActors();
  const { status, data } = useResource(`${studyId}|${projectId}|${preset.id}`, async (signal): Promise<Results> => {
    const [energy, finance, weather, presets, load] = await Promise.all([
      getStudyEnergy(api, studyId, { signal }),
      getStudyFinance(api, studyId, { signal }),
      getStudyWeather(api, studyId, { signal }),
      listProjectPresets(api, projectId, { signal }),
      behindTheMeter ? getStudyLoad(api, studyId, { signal }) : undefined,
    ]);
    return { energy, finance, weather: load ? { ...weather, load } : weather, preset: presets.results.find((p) => p.id === preset.id) ?? null };
  });
  return { results: data ?? null, failed: status === 'failed' };
}

function StudyDetail({ project, study, feasibility }: { project: ProjectDetail; study: FeasibilityStudy; feasibility: FeasibilityRef }) {
  const [, navigate] = useLocation();
  const { results, failed } = useStudyResults(study);
  const [current, setCurrent] = useState(study);
  useEffect(() => setCurrent(study), [study]);
  const idle = useFeasibilitySelector(feasibility, (s) => s.matches({ ready: 'idle' })) ?? false;
  const saving = useFeasibilitySelector(feasibility, (s) => s.matches({ ready: 'creating' })) ?? false;
  const createError = useFeasibilitySelector(feasibility, (s) => s.context.createErrors);
  const limit = useFeasibilitySelector(feasibility, (s) => s.context.limit);
  const afterTax = isAfterTax(study.headline.structure);
  const [whatIf, setWhatIf] = useState<WhatIfView | null>(null);
  const defaultName = whatIfName(study);
  const [newName, setNewName] = useState(defaultName);
  useEffect(() => setNewName(defaultName), [defaultName]);
  // The what-if's figures move the cards, the charts and the breakeven once a slider leaves the saved value.
  const moved = whatIf?.changed && whatIf.state.result ? whatIf.state.result : null;
  const shown = moved ?? results?.finance.finance ?? null;
  const assumptions = whatIf?.inputs.assumptions ?? study.assumptions;
  // One object per saved study: the panel reports each what-if up here, and a new object would be a new what-if.
  const whatIfStudy = useMemo(() => ({ system: study.system, assumptions: study.assumptions }), [study.system, study.assumptions]);
  const p90Ratio = study.headline.p50_annual_kwh > 0 ? study.headline.p90_annual_kwh / study.headline.p50_annual_kwh : null;

  useEffect(() => {
    const created = feasibility.on('study.created', (event) => navigate(studyPath(project, event.id)));
    const deleted = feasibility.on('study.deleted', (event) => event.id === study.id && navigate(projectPath(project), { replace: true }));
    return () => {
      created.unsubscribe();
      deleted.unsubscribe();
    };
  }, [feasibility, navigate, project, study.id]);

  return (
    <Stack gap={5}>
      <Stack gap={1}>
        <Text fontSize="sm" color="fg.muted">
          <RouterLink href={projectPath(project)} style={{ textDecoration: 'underline' }}>
            {project.name}
          </RouterLink>{' '}
          › Feasibility study
        </Text>
        <PageHeader
          title={study.name}
          badge={study.is_primary && <Badge colorPalette="brand">Primary</Badge>}
          description={`Saved ${new Date(study.created_at).toLocaleString()} · model ${study.model_version} · preset ${study.preset.name}`}
          actions={
            <>
              <ExportButtons study={study} projectName={project.name} />
              <Button size="sm" variant="outline" disabled={!idle} onClick={() => feasibility.send({ type: 'renameModal.open', id: study.id })}>
                Rename
              </Button>
              {!study.is_primary && (
                <Button size="sm" variant="outline" disabled={!idle} onClick={() => feasibility.send({ type: 'primaryModal.open', id: study.id })}>
                  Make primary
                </Button>
              )}
              <Button size="sm" variant="outline" colorPalette="red" disabled={!idle} onClick={() => feasibility.send({ type: 'deleteModal.open', id: study.id })}>
                Delete
              </Button>
            </>
          }
        />
      </Stack>

      <Stack gap={{ base: 2, md: 3 }}>
        <StudyFigures study={study} whatIf={moved} whatIfAssumptions={assumptions} savedBills={results?.finance.finance} />
        {shown ? <BreakevenLine figures={shown} assumptions={assumptions} whatIf={moved !== null} /> : <Skeleton h="16" rounded="lg" />}
      </Stack>
      <UncertaintyNote study={study} />

      {/* On wide screens the what-if is a side panel beside the charts and results; on narrower ones it follows the charts. */}
      <Box display="grid" gridTemplateColumns={{ base: 'minmax(0, 1fr)', xl: 'minmax(0, 1fr) 31rem' }} gridTemplateAreas={{ base: '"charts" "what-if" "details"', xl: '"charts what-if" "details what-if"' }} gridTemplateRows={{ xl: 'auto 1fr' }} gap={4}>
        <SimpleGrid gridArea="charts" columns={{ base: 1, lg: 2, xl: 1 }} gap={4}>
          <Section title="Monthly energy" icon={BarChart3} description="AC energy delivered in each month of the typical year.">
            <MonthlyEnergyChart monthlyKwh={moved?.monthly_ac_kwh ?? study.headline.monthly_ac_kwh} />
          </Section>
          <Section
            title="Yearly cash flow"
            icon={Wallet}
            description={`${afterTax ? 'The owner’s cash flow after debt service and tax in each year, by part; year 0 is the equity paid in.' : 'Net cash flow in each year, by part; year 0 is the installed cost.'} The line is the running total.`}
          >
            {shown ? <CashFlowChart figures={shown} /> : <Skeleton h="56" />}
          </Section>
          {shown?.bills && (
            <Section title="Bills" icon={Receipt} description="Year 1 under the tariff and export rule, hour by hour; the bars follow the what-if. Savings over the years are the cash flow’s revenue.">
              <BillsSection figures={shown} sweep={whatIf?.state.sweep} dcKw={moved?.dc_kw ?? study.headline.dc_kw} />
            </Section>
          )}
          <Section title="What moves the answer" icon={TornadoIcon} description="Each input 10 % and 20 % lower and higher, and whole scenarios, from the base case; it follows the what-if.">
            {whatIf?.state.tornado ? (
              <TornadoChart tornado={whatIf.state.tornado} currency={study.headline.currency} afterTax={afterTax} />
            ) : whatIf?.state.status === 'failed' ? (
              <Text fontSize="sm">The sensitivity runs with the what-if, which cannot run on this study’s weather.</Text>
            ) : (
              <Skeleton h="72" />
            )}
          </Section>
        </SimpleGrid>

        {/* The panel has its own heading. */}
        <Box gridArea="what-if" minW={0}>
          <Card.Root size="sm" borderColor="brand.emphasized">
            <Card.Body>
              {results ? (
                <Stack gap={2}>
                  <WhatIfPanel
                    key={study.id}
                    weather={results.weather}
                    study={whatIfStudy}
                    saved={study.headline.bill_without_solar_year1 === undefined ? withBills(study.headline, results.finance.finance) : study.headline}
                    saving={saving}
                    p90Ratio={p90Ratio}
                    onChange={setWhatIf}
                    newName={newName}
                    onNewNameChange={setNewName}
                    onSaveAsNew={(values) => feasibility.send({ type: 'study.create', study: saveAsNewStudy(study, results.weather, values, newName, results.weather.load) })}
                    limitReached={limit && !limit.allowed && createError?.status !== 403 ? limit : null}
                  />
                  {createError?.status === 403 ? (
                    <StudyLimitNote detail={createError.detail} refused />
                  ) : createError && (createError.detail || Object.keys(createError.fields).length > 0) && (
                    // A refusal that names only fields (the what-if's values are sent whole) says which, not nothing.
                    <Text color="fg.error" role="alert">
                      {createError.detail ?? `Not saved: ${Object.entries(createError.fields).map(([field, [message]]) => `${field}: ${message}`).join('; ')}`}
                    </Text>
                  )}
                </Stack>
              ) : (
                <Stack gap={4} role="status" aria-busy="true" aria-label="Loading the what-if">
                  <Skeleton h="6" w="32" />
                  {Array.from({ length: 5 }, (_, i) => (
                    <Skeleton key={i} h="8" />
                  ))}
                </Stack>
              )}
            </Card.Body>
          </Card.Root>
        </Box>

        <SimpleGrid gridArea="details" columns={{ base: 1, lg: 2 }} gap={4} alignItems="start">
          <Section title="Losses" icon={TrendingDown} description="From the nameplate energy at the array's irradiance down to AC.">
            {results ? <LossWaterfall waterfall={moved?.loss_waterfall ?? results.energy.energy.loss_waterfall} /> : <Skeleton h="40" />}
          </Section>
          <Section title="Weather" icon={CloudSun} description="The year the study ran on, and how far to trust it.">
            <WeatherCard weather={study.weather} />
          </Section>
        </SimpleGrid>
      </Box>

      <SavedStudySections study={study} results={results} current={current} onPlotChanged={setCurrent} whatIfMoved={moved !== null} />

      {failed && <Text color="fg.error">Some of the study's results could not be loaded. Reload the page to try again.</Text>}
      <StudyModals feasibility={feasibility} />
    </Stack>
  );
}

/**
 * The saved study's finance, yearly table, assumptions and plot map. Memoised: a what-if change re-renders the
 * figures and charts above, not these long tables.
 */
const SavedStudySections = memo(function SavedStudySections({
  study,
  results,
  current,
  onPlotChanged,
  whatIfMoved,
}: {
  study: FeasibilityStudy;
  results: Results | null;
  current: FeasibilityStudy;
  onPlotChanged: (study: FeasibilityStudy) => void;
  whatIfMoved: boolean;
}) {
  const { modal } = useActors();
  const afterTax = isAfterTax(study.headline.structure);
  const savedOnly = whatIfMoved ? ' Of the saved study: the what-if moves the figures, the breakeven and the charts above.' : '';
  return (
    <>
      <Section title="Financing" icon={Landmark} description={`${afterTax ? 'Debt, coverage and the owner’s after-tax returns; the PPA price and installed cost the target needs.' : 'The PPA price and installed cost at which the project breaks even.'}${savedOnly}`}>
        {results ? <FinanceSummary finance={results.finance.finance} /> : <Skeleton h="40" />}
      </Section>

      <Section title="Yearly cash flows" icon={Table2} description={`${afterTax ? 'Every line of the owner’s after-tax cash flow, year by year.' : 'Revenue, O&M and net cash flow, year by year.'}${savedOnly}`}>
        {results ? <CashFlowTable finance={results.finance.finance} /> : <Skeleton h="40" />}
      </Section>

      <Section title="Assumptions" icon={ListChecks} description="Every value the study ran on, with its cited source.">
        <Stack gap={3}>
          <Button size="sm" variant="outline" alignSelf="flex-start" onClick={() => modal.send({ type: 'settingModal.open', id: study.preset.id })}>
            View preset
          </Button>
          <StudyAssumptions study={study} preset={results?.preset ?? null} />
        </Stack>
      </Section>

      <Section title="Plot map" icon={FileImage} description="The site layout, kept with the study.">
        <PlotMapCard study={current} onChanged={onPlotChanged} />
      </Section>
    </>
  );
});
